import { describe, expect, it } from 'vitest';
import { compactSchema, constraints, schemaRows, typeLabel } from './schema-view';

describe('schema view', () => {
  it('names types the way a reader expects', () => {
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeLabel({ type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(typeLabel({ type: 'array', items: {} })).toBe('unknown[]');
    expect(typeLabel({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } })).toBe(
      '(string | integer)[]',
    );
    expect(typeLabel({ enum: ['user', 'admin'] })).toBe('"user" | "admin"');
    expect(typeLabel({ const: true })).toBe('true');
    expect(typeLabel({ $ref: '#/components/schemas/Secret' })).toBe('Secret');
    expect(typeLabel({ type: 'array', items: { not: {} } })).toBe('never[]');
  });

  it('leaves out the safe-integer bounds zod writes on every integer, and patterns of formatted strings', () => {
    expect(constraints({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 })).toEqual([]);
    expect(constraints({ type: 'string', format: 'date-time', pattern: '^\\d{4}.*$' })).toEqual([
      { key: 'format', value: 'date-time' },
    ]);
  });

  it('flattens nested objects and arrays of objects into dotted rows', () => {
    const rows = schemaRows({
      type: 'object',
      properties: {
        user: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        files: { type: 'array', items: { type: 'object', properties: { size: { type: 'integer' } } } },
      },
    });
    expect(rows.map((row) => [row.name, row.type, row.required])).toEqual([
      ['user', 'object', false],
      ['user.name', 'string', true],
      ['files', 'object[]', false],
      ['files[].size', 'integer', false],
    ]);
  });

  it('writes long objects over several lines, and short ones on one', () => {
    expect(compactSchema({ type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } })).toBe(
      '{ id?: string }[]',
    );
    const long = compactSchema({
      type: 'object',
      properties: {
        id: { type: 'string' },
        title: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        username: { type: ['string', 'null'] },
        expiresAt: { type: 'string', format: 'date-time' },
      },
      required: ['id', 'title', 'username', 'expiresAt'],
    });
    expect(long).toBe(
      '{\n  id: string\n  title: string | null\n  username: string | null\n  expiresAt: string(date-time)\n}',
    );
  });
});
