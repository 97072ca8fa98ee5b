import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../app.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import {
  isObject,
  openApiProblems,
  templateParams,
  typesOf,
  type Json,
  type JsonSchema,
} from '../../test-utils/openapi-check.js';

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Json;
  let paths: Record<string, Record<string, Json>>;

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject('/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    doc = response.json();
    paths = doc.paths as typeof paths;
  });
  afterAll(() => t.close());

  const operation = (path: string, method: string) => {
    const found = paths[path]?.[method.toLowerCase()];
    expect(found, `${method} ${path}`).toBeDefined();
    return found!;
  };
  const createBody = () => {
    const body = operation('/secret', 'POST').requestBody as Json;
    const schema = ((body.content as Json)['application/json'] as Json).schema as Json;
    return { body, schema, properties: schema.properties as Record<string, JsonSchema> };
  };

  it('is served as JSON under /api/v1 and, identically, under /api', async () => {
    const canonical = await t.app.inject('/api/v1/openapi.json');
    const alias = await t.app.inject('/api/openapi.json');
    expect(canonical.statusCode).toBe(200);
    expect(canonical.headers['content-type']).toMatch(/^application\/json/);
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(canonical.json());
  });

  it('has the OpenAPI 3.1 top level: openapi 3.1.0, info with title and version, paths, and the /api/v1 server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(isObject(doc.paths)).toBe(true);
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
  });

  it('passes a structural check of OpenAPI 3.1 and JSON Schema 2020-12', () => {
    expect(openApiProblems(doc)).toEqual([]);
  });

  it('the structural check itself finds broken documents', () => {
    const broken = structuredClone(doc) as Json & { paths: Record<string, Record<string, Json>> };
    broken.openapi = '3.0.0';
    const exist = broken.paths['/secret/{id}/exist']!.get!;
    exist.parameters = [];
    (exist.responses as Json)['200'] = { content: {} };
    (exist.responses as Json)['2OO'] = { description: 'typo' };
    broken.paths['/secret']!.post!.requestBody = {
      content: { 'application/json': { schema: { type: 'object', required: ['nope'] } } },
    };
    const problems = openApiProblems(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('openapi is 3.0.0'),
        expect.stringContaining('{id} has no path parameter'),
        expect.stringContaining('200: a response needs a description'),
        expect.stringContaining('2OO is not a status code'),
        expect.stringContaining('required nope is not a property'),
      ]),
    );
  });

  it('lists every route of API_ROUTES with its method, and nothing else', () => {
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(API_ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('documents every status each route declares, each with a description, and errors as {code, message}', () => {
    for (const route of API_ROUTES) {
      const responses = operation(route.path, route.method).responses as Record<string, Json>;
      expect(Object.keys(responses).sort(), `${route.method} ${route.path}`).toEqual(
        Object.keys(route.responses).sort(),
      );
      for (const [status, declared] of Object.entries(route.responses)) {
        const documented = responses[status]!;
        expect(documented.description).toBe(declared.description);
        if (declared.binary) {
          // Bytes, not JSON: an octet stream, as OpenAPI 3.1 describes binary content.
          expect(documented.content).toEqual({
            'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
          });
          continue;
        }
        const schema = ((documented.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as
          Json | undefined;
        expect(schema, `${route.method} ${route.path} ${status} has a JSON schema`).toBeDefined();
        if (Number(status) >= 400) {
          expect(schema!.required).toEqual(expect.arrayContaining(['code', 'message']));
          expect(typesOf((schema!.properties as Json).code)).toEqual(['string']);
          expect(typesOf((schema!.properties as Json).message)).toEqual(['string']);
        }
      }
    }
  });

  it('documents the path parameters of every route, required and typed string', () => {
    const withParams = API_ROUTES.filter((route) => templateParams(route.path).length > 0);
    expect(withParams.length).toBeGreaterThanOrEqual(5);
    for (const route of withParams) {
      const parameters = operation(route.path, route.method).parameters as Json[];
      for (const name of templateParams(route.path)) {
        const parameter = parameters.find((item) => item.in === 'path' && item.name === name);
        expect(parameter, `${route.method} ${route.path} {${name}}`).toMatchObject({ required: true });
        expect(typesOf(parameter!.schema)).toEqual(['string']);
      }
    }
  });

  it('documents the optional password and keyProof query parameters of the compatibility GET', () => {
    const parameters = operation('/secret/{id}', 'GET').parameters as Json[];
    for (const name of ['password', 'keyProof']) {
      const parameter = parameters.find((item) => item.in === 'query' && item.name === name);
      expect(parameter, name).toMatchObject({ required: false });
      expect(typesOf(parameter!.schema)).toEqual(['string']);
    }
  });

  it('describes the create body with every field of the spec and its type; only text and ttl are required', () => {
    const { body, schema, properties } = createBody();
    expect(body.required).toBe(true);
    expect(typesOf(schema)).toEqual(['object']);
    const expected: Record<string, string[]> = {
      text: ['string'],
      ttl: ['integer'],
      password: ['string', 'null'],
      title: ['string', 'null'],
      maxViews: ['integer'],
      allowedIp: ['string', 'null'],
      preventBurn: ['boolean'],
      isPublic: ['boolean'],
      files: ['array'],
      keyProof: ['string', 'null'],
    };
    for (const [field, types] of Object.entries(expected)) {
      expect(properties[field], field).toBeDefined();
      expect(typesOf(properties[field]).sort(), field).toEqual([...types].sort());
    }
    expect([...(schema.required as string[])].sort()).toEqual(['text', 'ttl']);
  });

  it('carries the limits of the create body: views 1..999, defaults, and the key proof format', () => {
    const { properties } = createBody();
    expect(properties.maxViews).toMatchObject({ minimum: 1, maximum: 999, default: 1 });
    expect(properties.preventBurn).toMatchObject({ default: false });
    expect(properties.isPublic).toMatchObject({ default: false });
    expect(properties.text).toMatchObject({ minLength: 1 });
    const keyProof = ((properties.keyProof as Json).anyOf as Json[]).find((branch) => branch.type === 'string');
    expect(new RegExp(keyProof!.pattern as string).test('A'.repeat(43))).toBe(true);
    expect(new RegExp(keyProof!.pattern as string).test('A'.repeat(42))).toBe(false);
  });

  it('describes the file routes: a binary part body, the download as bytes, the upload ticket in the create answer', () => {
    const part = operation('/secret/{id}/files/{fileId}/parts/{part}', 'PUT');
    expect(part.requestBody).toEqual({
      required: true,
      content: {
        'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    });
    for (const [path, method] of [
      ['/secret/{id}/upload', 'GET'],
      ['/secret/{id}/files/{fileId}/parts/{part}', 'PUT'],
      ['/secret/{id}/upload/complete', 'POST'],
    ] as const) {
      const header = (operation(path, method).parameters as Json[]).find((item) => item.in === 'header');
      expect(header, `${method} ${path}`).toMatchObject({ name: 'Hush-Upload-Token', required: true });
    }
    const download = operation('/download', 'POST');
    const body = ((download.requestBody as Json).content as Json)['application/json'] as Json;
    expect(Object.keys((body.schema as Json).properties as Json).sort()).toEqual(['key', 'secretId']);
    const created = ((operation('/secret', 'POST').responses as Json)['201'] as Json).content as Json;
    const properties = ((created['application/json'] as Json).schema as Json).properties as Json;
    expect(Object.keys(properties).sort()).toEqual(['deleteToken', 'expiresAt', 'id', 'upload']);
    const read = ((operation('/secret/{id}', 'POST').responses as Json)['200'] as Json).content as Json;
    const files = (((read['application/json'] as Json).schema as Json).properties as Json).files as Json;
    expect(Object.keys((files.items as Json).properties as Json).sort()).toEqual([
      'downloadExpiresAt',
      'downloadKey',
      'id',
      'meta',
      'size',
    ]);
  });

  it('describes the read and burn bodies as optional, with their fields', () => {
    const read = operation('/secret/{id}', 'POST').requestBody as Json;
    const burn = operation('/secret/{id}/burn', 'POST').requestBody as Json;
    expect(read.required).toBe(false);
    expect(burn.required).toBe(false);
    const fields = (body: Json) =>
      Object.keys((((body.content as Json)['application/json'] as Json).schema as Json).properties as Json).sort();
    expect(fields(read)).toEqual(['keyProof', 'password']);
    expect(fields(burn)).toEqual(['deleteToken', 'keyProof']);
  });
});
