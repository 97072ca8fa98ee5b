import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TAGS } from '../../../shared/api/index.js';
import { API_ROUTES } from '../../api-routes.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { apiFor, asAdmin, type ApiRequest } from '../../test-utils/contract-api.js';
import {
  isObject,
  openApiProblems,
  resolveRef,
  templateParams,
  typesOf,
  type Json,
  type JsonSchema,
} from '../../test-utils/openapi-check.js';
import { TOKEN_SCOPES } from '../../../shared/rules/tokens.js';
import { SESSION_COOKIE } from '../auth/cookies.js';

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
  /** The JSON schema of a body or response content, with its $ref followed. */
  const jsonSchema = (content: unknown) => resolveRef(doc, ((content as Json)['application/json'] as Json).schema);
  const createBody = () => {
    const body = operation('/secret', 'POST').requestBody as Json;
    const schema = jsonSchema(body.content);
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

  it('has the OpenAPI 3.1 top level: openapi 3.1.0, info with title, version and license, paths, and the servers /api/v1 and its alias /api', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({
      title: expect.any(String),
      version: expect.any(String),
      license: { name: 'MIT', identifier: 'MIT' },
    });
    expect(isObject(doc.paths)).toBe(true);
    expect((doc.servers as Json[]).map((server) => server.url)).toEqual(['/api/v1', '/api']);
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
        const content = (documented.content as Json | undefined)?.['application/json'] as Json | undefined;
        expect(content?.schema, `${route.method} ${route.path} ${status} has a JSON schema`).toBeDefined();
        const schema = resolveRef(doc, content!.schema);
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
    const body = jsonSchema((download.requestBody as Json).content);
    expect(Object.keys(body.properties as Json).sort()).toEqual(['key', 'secretId']);
    const created = jsonSchema(((operation('/secret', 'POST').responses as Json)['201'] as Json).content);
    expect(Object.keys(created.properties as Json).sort()).toEqual([
      'deleteToken',
      'expiresAt',
      'id',
      'receiptPath',
      'upload',
    ]);
    const read = jsonSchema(((operation('/secret/{id}', 'POST').responses as Json)['200'] as Json).content);
    const files = (read.properties as Json).files as Json;
    expect(Object.keys(resolveRef(doc, files.items).properties as Json).sort()).toEqual([
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
    const fields = (body: Json) => Object.keys(jsonSchema(body.content).properties as Json).sort();
    expect(fields(read)).toEqual(['keyProof', 'password']);
    expect(fields(burn)).toEqual(['deleteToken', 'keyProof']);
  });

  it('names every operation with the operationId of its contract, unique, and tags it with a tag the document describes', () => {
    const ids = API_ROUTES.map((route) => {
      const documented = operation(route.path, route.method);
      expect(documented.operationId, `${route.method} ${route.path}`).toBe(route.operationId);
      expect(documented.tags).toEqual([route.tag]);
      return route.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    const tags = doc.tags as Json[];
    expect(tags.map((tag) => tag.name)).toEqual(API_TAGS.map((tag) => tag.name));
    for (const tag of tags) expect(tag.description).toEqual(expect.any(String));
  });

  it('describes the session cookie, HTTP Basic and Bearer as security schemes', () => {
    expect((doc.components as Json).securitySchemes).toEqual({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: expect.any(String) },
      basicAuth: { type: 'http', scheme: 'basic', description: expect.stringContaining('username') },
      bearerAuth: { type: 'http', scheme: 'bearer', description: expect.any(String) },
    });
  });

  it('gives every operation the security of its access and scope: anonymous as an alternative, tokens with the scope they need, the session, the admin role', () => {
    const session = { sessionCookie: [] };
    const tokens = (...scopes: string[]) => [{ basicAuth: scopes }, { bearerAuth: scopes }];
    expect(operation('/public-secrets', 'GET').security).toEqual([{}, session, ...tokens()]);
    expect(operation('/secret', 'POST').security).toEqual([{}, session, ...tokens('secrets:create')]);
    expect(operation('/account', 'GET').security).toEqual([session, ...tokens('account:read')]);
    expect(operation('/secret', 'GET').security).toEqual([session, ...tokens('secrets:read')]);
    expect(operation('/requests', 'GET').security).toEqual([session, ...tokens('requests')]);
    expect(operation('/admin/users', 'GET').security).toEqual([{ sessionCookie: ['admin'] }, ...tokens('admin')]);
    expect(operation('/account/tokens', 'POST').security).toEqual([session]);
    // A user's webhooks: no scope grants them (tokens made before scopes still may, as the schemes say).
    expect(operation('/account/webhooks', 'GET').security).toEqual([session]);
    for (const route of API_ROUTES) {
      const security = operation(route.path, route.method).security as Json[];
      const where = route.operationId;
      expect(
        security.some((alternative) => Object.keys(alternative).length === 0),
        where,
      ).toBe(route.access === 'anyone');
      const byToken = security.filter((alternative) => 'basicAuth' in alternative || 'bearerAuth' in alternative);
      if (route.access === 'session' || route.scope === 'legacy') expect(byToken, where).toEqual([]);
      else expect(byToken, where).toEqual(tokens(...(route.scope ? [route.scope] : [])));
      if (route.access === 'admin') expect(security, where).toContainEqual({ sessionCookie: ['admin'] });
    }
  });

  it('refers to named schemas in components for the main bodies and answers, each used and each resolving', () => {
    const schemas = (doc.components as Json).schemas as Json;
    const ref = (content: unknown) => ((content as Json)['application/json'] as Json).schema;
    const named = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const response = (path: string, method: string, status: number) =>
      ref(((operation(path, method).responses as Json)[status] as Json).content);
    const body = (path: string, method: string) => ref((operation(path, method).requestBody as Json).content);
    expect(body('/secret', 'POST')).toEqual(named('CreateSecretBody'));
    expect(response('/secret', 'POST', 201)).toEqual(named('CreateSecretResponse'));
    expect(response('/secret', 'POST', 400)).toEqual(named('ErrorBody'));
    expect(response('/secret/{id}/exist', 'GET', 200)).toEqual(named('SecretStatus'));
    expect(response('/secret/{id}', 'POST', 200)).toEqual(named('SecretContent'));
    expect(body('/secret/{id}/burn', 'POST')).toMatchObject(named('BurnSecretBody'));
    expect(response('/secret/{id}/burn', 'POST', 200)).toEqual(named('BurnSecretResponse'));
    expect(response('/public-secrets', 'GET', 200)).toEqual({ type: 'array', items: named('PublicSecretItem') });
    expect(response('/secret', 'GET', 200)).toEqual({ type: 'array', items: named('OwnSecret') });
    expect(response('/secret/{id}/upload', 'GET', 200)).toEqual(named('UploadStatus'));
    expect(response('/account/tokens', 'POST', 201)).toEqual(named('CreatedToken'));
    expect(response('/admin/users', 'POST', 201)).toEqual(named('AdminUser'));
    expect(response('/account', 'GET', 200)).toEqual(named('Account'));
    for (const name of ['UploadTicket', 'ApiToken', 'SessionInfo', 'ReadSecretBody'])
      expect(schemas).toHaveProperty(name);

    const text = JSON.stringify(doc);
    const used = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]));
    expect([...used].sort()).toEqual(Object.keys(schemas).sort());
    expect(text).not.toContain('$defs');
  });

  it('keeps paths unambiguous and without a trailing slash, and lists the older paths as aliases of their operation', () => {
    for (const path of Object.keys(paths)) expect(path === '/' || !path.endsWith('/'), path).toBe(true);
    expect(paths['/secret/public/']).toBeUndefined();
    expect(operation('/public-secrets', 'GET')['x-aliases']).toEqual(['/secret/public/']);
    expect(operation('/public-secrets/{username}', 'GET')['x-aliases']).toEqual(['/secret/public/{username}']);
    expect(operation('/secret', 'GET')['x-aliases']).toEqual(['/account/secrets']);
    const description = (doc.info as Json).description as string;
    for (const route of API_ROUTES) {
      expect(operation(route.path, route.method)['x-aliases']).toEqual(route.aliases);
      for (const alias of route.aliases ?? []) expect(description).toContain(`\`${alias}\``);
    }
    expect(description).toContain('`/api`');
  });

  it('shows request and answer examples for the main operations, and each example fits its schema', () => {
    const main = ['createSecret', 'checkSecretExists', 'readSecret', 'burnSecret', 'listOwnSecrets'];
    for (const route of API_ROUTES.filter((candidate) => main.includes(candidate.operationId))) {
      const documented = operation(route.path, route.method);
      const success = Object.keys(route.responses)[0]!;
      const answer = (((documented.responses as Json)[success] as Json).content as Json)['application/json'] as Json;
      expect(answer.example, route.operationId).toBeDefined();
      expect(route.responses[Number(success)]!.schema!.safeParse(answer.example).success).toBe(true);
      if (route.body && route.body !== 'binary') {
        const request = ((documented.requestBody as Json).content as Json)['application/json'] as Json;
        expect(request.example, route.operationId).toBeDefined();
        expect(route.body.safeParse(request.example).success, route.operationId).toBe(true);
      }
    }
  });
});

describe('the security the document states is what the server does', () => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject('/api/v1/openapi.json')).json();
  });
  afterAll(() => t.close());

  /** One request per operation that any caller may send; together they cover each kind of access. */
  const PROBES: Record<string, ApiRequest> = {
    listPublicSecrets: { url: '/public-secrets' },
    getPublicSettings: { url: '/settings/public' },
    createSecret: { method: 'POST', url: '/secret', payload: { text: 'hush1.eA', ttl: 3600 } },
    listOwnSecrets: { url: '/secret' },
    getAccount: { url: '/account' },
    verifySession: { url: '/authentication/verify' },
    refreshSession: { url: '/authentication/refresh' },
    createApiToken: { method: 'POST', url: '/account/tokens', payload: { name: 'probe' } },
    getAdminSettings: { url: '/admin/settings' },
    listUsers: { url: '/admin/users' },
    getStats: { url: '/stats' },
  };
  const securityOf = (operationId: string) => {
    for (const item of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
      for (const found of Object.values(item)) if (found.operationId === operationId) return found.security as Json[];
    }
    throw new Error(`no operation ${operationId}`);
  };

  it('anonymous callers get 401 exactly where no {} is listed; the admin’s cookie, Bearer and Basic token are refused exactly where their scheme is not', async () => {
    const api = apiFor(t, '/api/v1', '127.0.0.1');
    const cookie = await asAdmin(api, 'session');
    const created = await cookie.inject({
      method: 'POST',
      url: '/account/tokens',
      payload: { name: 'probes', scopes: TOKEN_SCOPES },
    });
    const { token } = created.json<{ token: string }>();
    const sending = (authorization: string) => ({
      inject: (request: ApiRequest) => api.inject({ ...request, headers: { ...request.headers, authorization } }),
    });
    const callers = {
      anonymous: api,
      sessionCookie: cookie,
      basicAuth: sending(`Basic ${Buffer.from(`${token}:anything`).toString('base64')}`),
      bearerAuth: sending(`Bearer ${token}`),
    };
    for (const [operationId, request] of Object.entries(PROBES)) {
      const security = securityOf(operationId);
      for (const [caller, client] of Object.entries(callers)) {
        const listed = security.some((alternative) =>
          caller === 'anonymous' ? Object.keys(alternative).length === 0 : caller in alternative,
        );
        const response = await client.inject(request);
        const where = `${operationId} as ${caller}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (caller === 'anonymous') expect(response.statusCode === 401, where).toBe(!listed);
        else expect([401, 403].includes(response.statusCode), where).toBe(!listed);
      }
    }
  });

  it('a token with one scope is refused (403 auth.token_scope) exactly where the security names another', async () => {
    const api = apiFor(t, '/api/v1', '127.0.0.3');
    const cookie = await asAdmin(api, 'session');
    for (const scope of TOKEN_SCOPES) {
      const created = await cookie.inject({
        method: 'POST',
        url: '/account/tokens',
        payload: { name: scope, scopes: [scope] },
      });
      const authorization = `Bearer ${created.json<{ token: string }>().token}`;
      for (const [operationId, request] of Object.entries(PROBES)) {
        const needed = securityOf(operationId).find((alternative) => 'bearerAuth' in alternative)?.bearerAuth;
        if (!Array.isArray(needed) || needed.length === 0) continue;
        const response = await api.inject({ ...request, headers: { ...request.headers, authorization } });
        const where = `${operationId} with ${scope}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (needed.includes(scope)) expect(response.statusCode, where).toBeLessThan(300);
        else expect(response.json(), where).toMatchObject({ code: 'auth.token_scope', scope: needed[0] });
      }
    }
  });

  it('operations whose security names the admin role refuse a signed-in user who is not an admin', async () => {
    const alice = await apiFor(t, '/api/v1', '127.0.0.2').signUp({ username: 'alice_2' });
    for (const operationId of ['getAdminSettings', 'listUsers', 'getStats']) {
      expect(securityOf(operationId)).toContainEqual({ sessionCookie: ['admin'] });
      expect((await alice.inject(PROBES[operationId]!)).statusCode, operationId).toBe(403);
    }
  });
});
