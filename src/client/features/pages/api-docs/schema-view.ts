import type { JsonSchema } from './openapi.types';

type Schema = JsonSchema | boolean | undefined;

const asSchema = (schema: Schema): JsonSchema => (typeof schema === 'object' ? schema : {});
const isNull = (schema: JsonSchema) => schema.type === 'null';
const unique = (labels: string[]) => [...new Set(labels)];
const group = (label: string) => (/[|&]/.test(label) ? `(${label})` : label);
const isUnion = (schema: JsonSchema) =>
  Boolean(schema.anyOf ?? schema.oneOf ?? schema.allOf) ||
  (Array.isArray(schema.type) && schema.type.length > 1) ||
  (schema.enum?.length ?? 0) > 1;

/**
 * `T | null` written as anyOf/oneOf or as a type list is shown as T, with its constraints, marked nullable.
 * The outer schema's description and default win over the branch's.
 */
export function unwrapNullable(input: Schema): { schema: JsonSchema; nullable: boolean } {
  const schema = asSchema(input);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const others = branches.filter((branch) => !isNull(branch));
    if (others.length === 1 && others.length < branches.length) {
      const { anyOf: _anyOf, oneOf: _oneOf, ...outer } = schema;
      return { schema: { ...others[0], ...stripUndefined(outer) }, nullable: true };
    }
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((type) => type !== 'null');
    if (types.length === 1) return { schema: { ...schema, type: types[0] }, nullable: true };
  }
  return { schema, nullable: false };
}

function stripUndefined(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)) as JsonSchema;
}

const isObjectSchema = (schema: JsonSchema) =>
  schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined);

/** A short type for a table cell: `string`, `integer | null`, `"a" | "b"`, `object[]`. */
export function typeLabel(input: Schema, { withFormat = false } = {}): string {
  if (input === true || input === undefined) return 'unknown';
  if (input === false) return 'never';
  const schema = input;
  if (schema.$ref) return schema.$ref.split('/').pop() ?? schema.$ref;
  // `{not: {}}` matches nothing (zod's never): an array of it is always empty.
  if (schema.not && Object.keys(schema.not).length === 0) return 'never';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return unique(branches.map((branch) => typeLabel(branch, { withFormat }))).join(' | ');
  if (schema.allOf) return unique(schema.allOf.map((branch) => typeLabel(branch, { withFormat }))).join(' & ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? 'object' : 'unknown';
  return types
    .map((type) => {
      if (type === 'array') return `${group(typeLabel(schema.items, { withFormat }))}[]`;
      if (type === 'string' && withFormat && schema.format) return `string(${schema.format})`;
      return type;
    })
    .join(' | ');
}

export type ConstraintKey =
  'default' | 'format' | 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minItems' | 'maxItems' | 'pattern';

export interface Constraint {
  key: ConstraintKey;
  value: string;
}

// zod writes the bounds of a safe integer on every `int()`; they say nothing to a reader.
const meaningfulBound = (value: number | undefined) =>
  value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;

/** The rules a value must follow, for the description cell. Patterns of formatted strings are left out. */
export function constraints(input: Schema): Constraint[] {
  const { schema } = unwrapNullable(input);
  const found: [ConstraintKey, unknown][] = [
    ['default', schema.default === undefined ? undefined : JSON.stringify(schema.default)],
    ['format', schema.format],
    ['minLength', schema.minLength],
    ['maxLength', schema.maxLength],
    ['minimum', meaningfulBound(schema.minimum)],
    ['maximum', meaningfulBound(schema.maximum)],
    ['minItems', schema.minItems],
    ['maxItems', schema.maxItems],
    ['pattern', schema.format ? undefined : schema.pattern],
  ];
  return found.filter(([, value]) => value !== undefined).map(([key, value]) => ({ key, value: String(value) }));
}

export interface SchemaRow {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  constraints: Constraint[];
}

/** An object schema's properties as table rows; nested objects (and arrays of them) as `parent.child`. */
export function schemaRows(input: Schema, prefix = '', depth = 0): SchemaRow[] {
  const schema = unwrapNullable(input).schema;
  if (!isObjectSchema(schema) || !schema.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([name, property]) => {
    const { schema: inner, nullable } = unwrapNullable(property);
    const type = typeLabel(inner) + (nullable ? ' | null' : '');
    const description = property.description ?? inner.description;
    const row: SchemaRow = {
      name: prefix + name,
      type,
      required: required.has(name),
      ...(description !== undefined && { description }),
      constraints: constraints(property),
    };
    if (depth >= 3) return [row];
    const items = asSchema(inner.items);
    const nested = inner.type === 'array' ? schemaRows(items, `${prefix}${name}[].`, depth + 1) : [];
    return [row, ...nested, ...schemaRows(inner, `${prefix}${name}.`, depth + 1)];
  });
}

const INDENT = '  ';
const ONE_LINE_MAX = 60;

/** A compact, TypeScript-like view: `{ id: string; title?: string | null }[]`, split over lines when long. */
export function compactSchema(input: Schema, depth = 0): string {
  const schema = asSchema(input);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return unique(branches.map((branch) => compactSchema(branch, depth))).join(' | ');
  if (schema.type === 'array') {
    const items = compactSchema(schema.items, depth);
    return `${isUnion(asSchema(schema.items)) ? `(${items})` : items}[]`;
  }
  if (isObjectSchema(schema) && schema.properties) {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties).map(
      ([name, property]) => `${name}${required.has(name) ? '' : '?'}: ${compactSchema(property, depth + 1)}`,
    );
    if (fields.length === 0) return '{}';
    const oneLine = `{ ${fields.join('; ')} }`;
    if (oneLine.length <= ONE_LINE_MAX && !oneLine.includes('\n')) return oneLine;
    const pad = INDENT.repeat(depth + 1);
    return `{\n${fields.map((field) => pad + field).join('\n')}\n${INDENT.repeat(depth)}}`;
  }
  if (isObjectSchema(schema)) return 'object';
  return typeLabel(schema, { withFormat: true });
}
