import { useTranslation } from 'react-i18next';
import { OperationAliases } from './ApiAliases';
import { MethodBadge, StatusBadge } from './badges';
import { InlineCode } from './InlineCode';
import type { MediaType } from './openapi.types';
import type { OperationEntry } from './operations';
import { SchemaCode } from './SchemaCode';
import { constraints, schemaRows, typeLabel, unwrapNullable } from './schema-view';
import { SchemaTable, type TableRow } from './SchemaTable';

const subheading = 'text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400';

/** The JSON media type if there is one, else the first. */
function pickContent(content: Record<string, MediaType> | undefined): [string, MediaType] | undefined {
  if (!content) return undefined;
  const entries = Object.entries(content);
  return entries.find(([type]) => type.includes('json')) ?? entries[0];
}

export function ApiOperation({ entry }: { entry: OperationEntry }) {
  const { t } = useTranslation('pages');
  const { id, method, path, operation } = entry;
  const name = `${method.toUpperCase()} ${path}`;

  const parameters: TableRow[] = (operation.parameters ?? []).map((parameter) => {
    const { nullable } = unwrapNullable(parameter.schema);
    const description = parameter.description ?? parameter.schema?.description;
    return {
      name: parameter.name,
      location: parameter.in,
      type: typeLabel(unwrapNullable(parameter.schema).schema) + (nullable ? ' | null' : ''),
      required: parameter.in === 'path' || Boolean(parameter.required),
      ...(description !== undefined && { description }),
      constraints: constraints(parameter.schema),
    };
  });

  const body = pickContent(operation.requestBody?.content);
  const bodyRows = body ? schemaRows(body[1].schema) : [];

  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <h3 id={`${id}-title`} className="flex min-w-0 flex-wrap items-center gap-2 text-sm sm:text-base">
          <MethodBadge method={method} />
          <span className="font-mono font-semibold [overflow-wrap:anywhere]">{path}</span>
        </h3>
        <a
          href={`#${id}`}
          aria-label={t('apiDocs.anchor', { operation: name })}
          className="ms-auto rounded px-1 font-mono text-slate-400 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-indigo-300"
        >
          #
        </a>
      </div>
      {(operation.summary || operation.deprecated) && (
        <p className="text-slate-800 dark:text-slate-200">
          {operation.deprecated && (
            <span className="me-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
              {t('apiDocs.deprecated')}
            </span>
          )}
          {operation.summary}
        </p>
      )}
      {operation.description && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <InlineCode text={operation.description} />
        </p>
      )}
      <OperationAliases method={method} operation={operation} />

      {parameters.length > 0 && (
        <div className="space-y-2">
          <h4 className={subheading}>{t('apiDocs.parameters')}</h4>
          <SchemaTable rows={parameters} caption={t('apiDocs.parametersOf', { operation: name })} />
        </div>
      )}

      {body && (
        <div className="space-y-2">
          <h4 className={subheading}>
            {t('apiDocs.requestBody')}{' '}
            <span className="font-normal tracking-normal normal-case">
              ({body[0]}, {operation.requestBody?.required ? t('apiDocs.required') : t('apiDocs.optional')})
            </span>
          </h4>
          {operation.requestBody?.description && (
            <p className="text-sm text-slate-600 dark:text-slate-400">{operation.requestBody.description}</p>
          )}
          {bodyRows.length > 0 ? (
            <SchemaTable rows={bodyRows} caption={t('apiDocs.bodyOf', { operation: name })} />
          ) : (
            body[1].schema && <SchemaCode schema={body[1].schema} />
          )}
        </div>
      )}

      {operation.responses && (
        <div className="space-y-2">
          <h4 id={`${id}-responses`} className={subheading}>
            {t('apiDocs.responses')}
          </h4>
          <ul
            aria-labelledby={`${id}-responses`}
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
          >
            {Object.entries(operation.responses).map(([status, response]) => {
              const content = pickContent(response.content);
              return (
                <li key={status} className="space-y-2 px-3 py-2.5">
                  <p className="flex items-baseline gap-3 text-sm">
                    <StatusBadge status={status} />
                    <span className="text-slate-700 dark:text-slate-300">
                      {response.description ? <InlineCode text={response.description} /> : null}
                    </span>
                  </p>
                  {content?.[1].schema && <SchemaCode schema={content[1].schema} />}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
