import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSchemaComponents } from './schema-components.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('named schemas as OpenAPI components', () => {
  const Choice = z.enum(['user', 'admin']).meta({ id: 'SketchChoice' });
  // An object answered is closed (additionalProperties: false) and a defaulted field required in it: that form
  // differs from the request's. A loose object reads the same both ways, but for the schemas it holds.
  const Defaulted = z.object({ views: z.number().int().default(1) }).meta({ id: 'SketchDefaulted' });
  const Holder = z.looseObject({ defaulted: Defaulted, choice: Choice }).meta({ id: 'SketchHolder' });

  it('refers to a named schema with $ref, and lists it once when both directions read it the same', () => {
    const schemas = createSchemaComponents();
    const document = {
      request: schemas.convert(Choice, 'input'),
      response: schemas.convert(z.array(Choice), 'output'),
    };
    expect(schemas.finish(document)).toEqual({
      document: { request: ref('SketchChoice'), response: { type: 'array', items: ref('SketchChoice') } },
      schemas: { SketchChoice: { type: 'string', enum: ['user', 'admin'] } },
    });
  });

  it('names the request form with an Input suffix where it differs from the answer’s, and what holds it too', () => {
    const schemas = createSchemaComponents();
    const document = { request: schemas.convert(Holder, 'input'), response: schemas.convert(Holder, 'output') };
    const { document: resolved, schemas: components } = schemas.finish(document);
    expect(resolved).toEqual({ request: ref('SketchHolderInput'), response: ref('SketchHolder') });
    expect(Object.keys(components)).toEqual([
      'SketchChoice',
      'SketchDefaulted',
      'SketchDefaultedInput',
      'SketchHolder',
      'SketchHolderInput',
    ]);
    expect(components.SketchDefaulted!.required).toEqual(['views']);
    expect(components.SketchDefaultedInput!.required).toBeUndefined();
    expect(components.SketchHolderInput!.properties).toEqual({
      defaulted: ref('SketchDefaultedInput'),
      choice: ref('SketchChoice'),
    });
    expect(components.SketchHolder!.properties).toEqual({
      defaulted: ref('SketchDefaulted'),
      choice: ref('SketchChoice'),
    });
  });

  it('keeps the plain name for a schema read in one direction only, whatever its other form', () => {
    const schemas = createSchemaComponents();
    const { document, schemas: components } = schemas.finish({ request: schemas.convert(Defaulted, 'input') });
    expect(document).toEqual({ request: ref('SketchDefaulted') });
    expect(Object.keys(components)).toEqual(['SketchDefaulted']);
  });

  it('refuses two different schemas under one name', () => {
    const schemas = createSchemaComponents();
    schemas.convert(Choice, 'output');
    expect(() => schemas.convert(z.enum(['other']).meta({ id: 'SketchChoice' }), 'output')).toThrow(/SketchChoice/);
  });
});
