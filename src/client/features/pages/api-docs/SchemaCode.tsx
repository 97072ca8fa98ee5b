import type { JsonSchema } from './openapi.types';
import { compactSchema } from './schema-view';

/** A schema in compact, TypeScript-like notation; long lines wrap (no scroll box to reach by keyboard). */
export function SchemaCode({ schema }: { schema: JsonSchema }) {
  return (
    <pre className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-800 dark:bg-slate-950 dark:text-slate-200">
      <code className="[overflow-wrap:anywhere]">{compactSchema(schema)}</code>
    </pre>
  );
}
