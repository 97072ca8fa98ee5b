import { z } from 'zod';

type Json = Record<string, unknown>;
export type Io = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';
/** While the document is being built, a reference says which form it wants: `#/$io/input/Name`. */
const PENDING = /^#\/\$io\/(input|output)\/(.+)$/;

function mapRefs(value: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, rename));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' ? rename(item) : mapRefs(item, rename),
    ]),
  );
}

/**
 * JSON Schemas for the OpenAPI document, with every zod schema named by `.meta({ id })` turned into a component
 * that the rest refers to with $ref. A schema reads differently as a request (io input: defaults make fields
 * optional, transforms take their input) than as a response (io output): when both forms are used and differ, the
 * request form is named with an `Input` suffix.
 */
export function createSchemaComponents() {
  const found: Record<Io, Map<string, Json>> = { input: new Map(), output: new Map() };

  const remember = (io: Io, name: string, schema: Json) => {
    const known = found[io].get(name);
    if (known && JSON.stringify(known) !== JSON.stringify(schema))
      throw new Error(`Two different schemas are named ${name}`);
    found[io].set(name, schema);
  };
  const pending = (io: Io) => (ref: string) => ref.replace(/^#\/\$defs\//, `#/$io/${io}/`);

  /** Names every form that is used in both directions and differs, and those that refer to one. */
  function inputSuffixed(): Set<string> {
    const neutral = (schema: Json) => JSON.stringify(mapRefs(schema, (ref) => ref.replace(PENDING, '$2')));
    const differs = new Set(
      [...found.input.keys()].filter((name) => {
        const output = found.output.get(name);
        return output !== undefined && neutral(found.input.get(name)!) !== neutral(output);
      }),
    );
    for (let grown = true; grown;) {
      grown = false;
      for (const [name, schema] of found.input) {
        if (differs.has(name) || !found.output.has(name)) continue;
        const refs = JSON.stringify(schema).match(/#\/\$io\/input\/[^"]+/g) ?? [];
        if (refs.some((ref) => differs.has(ref.replace(PENDING, '$2')))) {
          differs.add(name);
          grown = true;
        }
      }
    }
    return differs;
  }

  return {
    /** A schema of a route, its named parts left as references that `finish` resolves. */
    convert(schema: z.ZodType, io: Io): Json {
      const {
        $schema: _,
        $defs,
        ...json
      } = z.toJSONSchema(schema, {
        io,
        unrepresentable: 'any',
        target: 'draft-2020-12',
      }) as Json & { $defs?: Record<string, Json> };
      for (const [name, def] of Object.entries($defs ?? {})) remember(io, name, mapRefs(def, pending(io)) as Json);
      return mapRefs(json, pending(io)) as Json;
    },

    /** Resolves the references of `document` (once every schema is converted) and names the schemas. */
    finish<T>(document: T): { document: T; schemas: Record<string, Json> } {
      const suffixed = inputSuffixed();
      const nameOf = (io: Io, name: string) => (io === 'input' && suffixed.has(name) ? `${name}Input` : name);
      const taken = new Set([...found.input.keys(), ...found.output.keys()]);
      for (const name of suffixed) {
        if (taken.has(`${name}Input`)) throw new Error(`${name}Input would name two schemas`);
      }
      const resolve = (ref: string) => {
        const match = PENDING.exec(ref);
        return match ? COMPONENTS + nameOf(match[1] as Io, match[2]!) : ref;
      };
      const schemas: Record<string, Json> = {};
      for (const io of ['output', 'input'] as const) {
        for (const [name, schema] of found[io]) schemas[nameOf(io, name)] ??= mapRefs(schema, resolve) as Json;
      }
      const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
      return { document: mapRefs(document, resolve) as T, schemas: sorted };
    },
  };
}
