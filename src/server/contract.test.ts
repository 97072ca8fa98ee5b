import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorBody, type RouteContract } from '../shared/api/contract.js';
import { apiRoutes } from '../shared/api/index.js';
import { API_ROUTES } from './app.js';
import type { Dialect } from './db/database.js';
import { createTestApp, createTestClock } from './test-utils/app.js';
import { apiFor, ODD_REQUESTS, SCENARIOS, type RouteName } from './test-utils/contract-scenarios.js';
import { CONTENT } from './test-utils/contract-scenarios.files.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
import { describeEachDialect } from './test-utils/database.js';

/**
 * Pins the public HTTP API: the routes, the statuses each may answer with, and the shape of every answer. A refactor
 * that changes any of these must change this file too, on purpose. The requests are in test-utils/contract-scenarios.ts.
 */

/** Written out by hand, not derived from the contract, so that deleting or renaming a route fails here. */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const PUBLIC_API: { name: RouteName; method: Method; path: string; statuses: number[] }[] = [
  { name: 'create', method: 'POST', path: '/secret', statuses: [201, 400, 401, 403, 413, 415, 429] },
  { name: 'exist', method: 'GET', path: '/secret/{id}/exist', statuses: [200, 400, 401, 403, 404, 429] },
  { name: 'read', method: 'POST', path: '/secret/{id}', statuses: [200, 400, 401, 403, 404, 413, 415, 429] },
  { name: 'readByGet', method: 'GET', path: '/secret/{id}', statuses: [200, 400, 401, 403, 404, 429] },
  { name: 'burn', method: 'POST', path: '/secret/{id}/burn', statuses: [200, 400, 401, 403, 404, 413, 415, 429] },
  { name: 'publicList', method: 'GET', path: '/secret/public/', statuses: [200, 401, 429] },
  { name: 'publicListByUser', method: 'GET', path: '/secret/public/{username}', statuses: [200, 400, 401, 429] },
  { name: 'publicSettings', method: 'GET', path: '/settings/public', statuses: [200, 401, 429] },
  {
    name: 'signup',
    method: 'POST',
    path: '/authentication/signup',
    statuses: [201, 400, 401, 403, 409, 413, 415, 429],
  },
  { name: 'signin', method: 'POST', path: '/authentication/signin', statuses: [200, 400, 401, 403, 413, 415, 429] },
  { name: 'signout', method: 'POST', path: '/authentication/signout', statuses: [200, 400, 401, 403, 413, 415, 429] },
  { name: 'verify', method: 'GET', path: '/authentication/verify', statuses: [200, 401, 429] },
  { name: 'refresh', method: 'GET', path: '/authentication/refresh', statuses: [200, 401, 429] },
  { name: 'setup', method: 'POST', path: '/authentication/setup', statuses: [201, 400, 401, 403, 409, 413, 415, 429] },
  { name: 'account', method: 'GET', path: '/account', statuses: [200, 401, 429] },
  { name: 'update', method: 'PUT', path: '/account/update', statuses: [200, 400, 401, 403, 409, 413, 415, 429] },
  { name: 'delete', method: 'POST', path: '/account/delete', statuses: [200, 400, 401, 403, 409, 413, 415, 429] },
  { name: 'secrets', method: 'GET', path: '/account/secrets', statuses: [200, 401, 429] },
  { name: 'tokens', method: 'GET', path: '/account/tokens', statuses: [200, 401, 429] },
  { name: 'createToken', method: 'POST', path: '/account/tokens', statuses: [201, 400, 401, 403, 413, 415, 429] },
  {
    name: 'revokeToken',
    method: 'DELETE',
    path: '/account/tokens/{id}',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  { name: 'adminSettings', method: 'GET', path: '/admin/settings', statuses: [200, 401, 403, 429] },
  {
    name: 'updateAdminSettings',
    method: 'PUT',
    path: '/admin/settings',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  { name: 'adminUsers', method: 'GET', path: '/admin/users', statuses: [200, 400, 401, 403, 429] },
  { name: 'createUser', method: 'POST', path: '/admin/users', statuses: [201, 400, 401, 403, 409, 413, 415, 429] },
  {
    name: 'updateUser',
    method: 'PUT',
    path: '/admin/users',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },
  {
    name: 'deleteUser',
    method: 'DELETE',
    path: '/admin/users',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },
  { name: 'track', method: 'POST', path: '/analytics/track', statuses: [200, 400, 401, 403, 413, 415, 429] },
  { name: 'analyticsDaily', method: 'GET', path: '/analytics/data/aggregate/daily', statuses: [200, 401, 403, 429] },
  { name: 'stats', method: 'GET', path: '/stats', statuses: [200, 401, 403, 429] },
  { name: 'uploadStatus', method: 'GET', path: '/secret/{id}/upload', statuses: [200, 400, 401, 403, 404, 429] },
  {
    name: 'uploadPart',
    method: 'PUT',
    path: '/secret/{id}/files/{fileId}/parts/{part}',
    statuses: [200, 400, 401, 403, 404, 409, 411, 413, 415, 429],
  },
  {
    name: 'completeUpload',
    method: 'POST',
    path: '/secret/{id}/upload/complete',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },
  { name: 'download', method: 'POST', path: '/download', statuses: [200, 400, 401, 403, 404, 413, 415, 429] },
];

/** Routes whose success is not JSON: the bytes of a file (application/octet-stream). */
const BINARY: RouteName[] = ['download'];

const PREFIXES = ['/api/v1', '/api'] as const;

const STATUS_FIELDS = ['expiresAt', 'id', 'isPublic', 'maxViews', 'preventBurn', 'requiresKeyProof', 'viewsLeft'];
const CONTENT_FIELDS = [...STATUS_FIELDS, 'createdAt', 'files', 'text', 'title'];
const FILE_FIELDS = ['downloadExpiresAt', 'downloadKey', 'id', 'meta', 'size'];
const UPLOAD_FILE_FIELDS = ['id', 'parts', 'partSize', 'received', 'size'];
const UPLOAD_FIELDS = ['complete', 'files', 'id'];
const LIST_ITEM_FIELDS = ['createdAt', 'expiresAt', 'id', 'title', 'username'];
const SESSION_FIELDS = ['email', 'expirationDate', 'role', 'username'];
const ACCOUNT_FIELDS = ['createdAt', 'email', 'generated', 'role', 'username'];
const TOKEN_FIELDS = ['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'name'];
const SETTINGS_FIELDS = [
  'disable_file_upload',
  'disable_user_account_creation',
  'disable_users',
  'hide_allowed_ip_input',
  'read_only',
  'restrict_organization_email',
];
/** Lists whose success scenario must not be empty, so that their items' fields are checked. */
const LISTS: RouteName[] = ['publicList', 'secrets', 'tokens'];
/** Pages: a list in one field of the body, whose items' fields are checked too (and which must not be empty). */
const PAGES: Partial<Record<RouteName, [field: string, itemFields: string[]]>> = {
  adminUsers: ['users', ACCOUNT_FIELDS],
  uploadStatus: ['files', UPLOAD_FILE_FIELDS],
  completeUpload: ['files', UPLOAD_FILE_FIELDS],
};
/** Lists in a field that may be empty (a secret without files), but whose items, when there are some, have these. */
const NESTED: Partial<Record<RouteName, [field: string, itemFields: string[]]>> = {
  read: ['files', FILE_FIELDS],
};
/** Fields a success body has only in some cases: the create's upload ticket, when files wait for their parts. */
const OPTIONAL_FIELDS: Partial<Record<RouteName, string[]>> = { create: ['upload'] };
const TICKET_FIELDS = ['expiresAt', 'files', 'token'];

/** The fields of every success body, also written out by hand: clients read exactly these. */
const SUCCESS_FIELDS: Record<RouteName, string[]> = {
  create: ['deleteToken', 'expiresAt', 'id'],
  exist: STATUS_FIELDS,
  read: CONTENT_FIELDS,
  readByGet: CONTENT_FIELDS,
  burn: ['burned', 'id'],
  publicList: LIST_ITEM_FIELDS,
  publicListByUser: LIST_ITEM_FIELDS,
  publicSettings: SETTINGS_FIELDS,
  signup: SESSION_FIELDS,
  signin: SESSION_FIELDS,
  signout: ['signedOut'],
  verify: SESSION_FIELDS,
  refresh: SESSION_FIELDS,
  setup: SESSION_FIELDS,
  account: ACCOUNT_FIELDS,
  update: ACCOUNT_FIELDS,
  delete: ['deleted'],
  secrets: ['createdAt', 'expiresAt', 'id', 'isPublic', 'maxViews', 'preventBurn', 'title', 'viewsLeft'],
  tokens: TOKEN_FIELDS,
  createToken: [...TOKEN_FIELDS, 'token'],
  revokeToken: ['revoked'],
  adminSettings: [...SETTINGS_FIELDS, 'managed'],
  updateAdminSettings: [...SETTINGS_FIELDS, 'managed'],
  adminUsers: ['skip', 'take', 'total', 'users'],
  createUser: ACCOUNT_FIELDS,
  updateUser: ACCOUNT_FIELDS,
  deleteUser: ['deleted'],
  track: ['recorded'],
  analyticsDaily: ['days', 'paths', 'totals'],
  stats: ['files', 'secrets', 'users'],
  uploadStatus: UPLOAD_FIELDS,
  uploadPart: ['fileId', 'part', 'size'],
  completeUpload: UPLOAD_FIELDS,
  download: [],
};

const routeOf = (name: RouteName): RouteContract => apiRoutes[name];

/** The response must be a status the route declares, with a body its declared schema accepts. */
function expectDeclared(name: RouteName, response: LightMyRequestResponse, context = ''): unknown {
  const route = routeOf(name);
  const declared = Object.keys(route.responses).map(Number);
  const where = `${name} ${context} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(declared, where).toContain(response.statusCode);
  if (route.responses[response.statusCode]!.binary) {
    expect(response.headers['content-type'], where).toBe('application/octet-stream');
    return response.rawPayload;
  }
  expect(response.headers['content-type'], where).toMatch(/^application\/json/);
  const body: unknown = response.json();
  const schema = route.responses[response.statusCode]!.schema!;
  const parsed = schema.safeParse(body);
  expect(parsed.success, `${where}\n${parsed.error?.message}`).toBe(true);
  if (response.statusCode >= 400) expect(ErrorBody.safeParse(body).success, where).toBe(true);
  return body;
}

/** Ids and tokens differ from run to run; everything else (the test clock fixes the times) must not. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        ['id', 'fileId', 'deleteToken', 'token', 'downloadKey'].includes(key) ? `<${key}>` : normalize(item),
      ]),
    );
  }
  return value;
}

describe('the public API is pinned', () => {
  it('API_ROUTES holds exactly the published routes, with their declared statuses', () => {
    const published = API_ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    expect(published).toEqual(PUBLIC_API.map((route) => `${route.method} ${route.path}`).sort());
    for (const { name, method, path, statuses } of PUBLIC_API) {
      const route = routeOf(name);
      expect(`${route.method} ${route.path}`).toBe(`${method} ${path}`);
      expect(Object.keys(route.responses).map(Number).sort(), name).toEqual([...statuses].sort());
      for (const status of statuses) {
        const response = route.responses[status]!;
        if (response.binary) expect(BINARY, `${name} ${status} is binary`).toContain(name);
        else expect(response.schema, `${name} ${status} declares a response schema`).toBeDefined();
      }
    }
  });

  it('every declared status has a scenario below, and every scenario a declared status', () => {
    for (const { name, statuses } of PUBLIC_API) {
      expect([...new Set(SCENARIOS[name].map((scenario) => scenario.status))].sort(), name).toEqual(
        [...statuses].sort(),
      );
    }
  });

  it('error schemas require a string code and message', () => {
    for (const route of API_ROUTES) {
      for (const [status, response] of Object.entries(route.responses)) {
        if (Number(status) < 400) continue;
        expect(response.schema!.safeParse({ message: 'm', attemptsLeft: 1 }).success, `${route.path} ${status}`).toBe(
          false,
        );
        expect(response.schema!.safeParse({ code: 'c', attemptsLeft: 1 }).success, `${route.path} ${status}`).toBe(
          false,
        );
        expect(
          response.schema!.safeParse({ code: 1, message: 'm', attemptsLeft: 1 }).success,
          `${route.path} ${status}`,
        ).toBe(false);
        expect(response.schema!.safeParse({ code: 'c', message: 'm', attemptsLeft: 1, extra: true }).success).toBe(
          true,
        );
      }
    }
  });

  it('the app registers every published route under /api/v1 and under /api', async () => {
    const t = await createTestApp();
    try {
      for (const { method, path } of PUBLIC_API) {
        const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');
        for (const prefix of PREFIXES) {
          expect(t.app.hasRoute({ method, url: `${prefix}${fastifyPath}` }), `${method} ${prefix}${path}`).toBe(true);
        }
      }
    } finally {
      await t.close();
    }
  });
});

const fieldsOf = (item: unknown) => Object.keys(item as object).sort();

/** A success body has exactly the fields clients read (its optional ones only where they apply). */
function expectSuccessFields(name: RouteName, body: Record<string, unknown>): void {
  const items = Array.isArray(body) ? body : [body];
  const optional = OPTIONAL_FIELDS[name] ?? [];
  for (const item of items) {
    const present = fieldsOf(item).filter((field) => !optional.includes(field));
    expect(present).toEqual([...SUCCESS_FIELDS[name]].sort());
  }
  if (LISTS.includes(name)) expect(items.length).toBeGreaterThan(0);
  const page = PAGES[name];
  if (page) {
    const [field, itemFields] = page;
    const pageItems = body[field] as unknown[];
    expect(pageItems.length).toBeGreaterThan(0);
    for (const item of pageItems) expect(fieldsOf(item)).toEqual([...itemFields].sort());
  }
  const nested = NESTED[name];
  if (nested) for (const item of body[nested[0]] as unknown[]) expect(fieldsOf(item)).toEqual([...nested[1]].sort());
  if (name === 'create' && body.upload) {
    const upload = body.upload as { files: unknown[] };
    expect(fieldsOf(upload)).toEqual(TICKET_FIELDS);
    for (const file of upload.files) expect(fieldsOf(file)).toEqual([...UPLOAD_FILE_FIELDS].sort());
  }
}

const scenarioCases = PUBLIC_API.flatMap(({ name }) =>
  SCENARIOS[name].map((scenario) => ({
    name,
    scenario,
    title: `${name} answers ${scenario.status} for ${scenario.why}`,
  })),
);

describeEachDialect('the HTTP contract', (dialect: Dialect) => {
  for (const { name, scenario, title } of scenarioCases) {
    it(`${title}, identically under /api/v1 and /api`, async () => {
      const answers = [];
      for (const prefix of PREFIXES) {
        // A fresh app (same start time) per prefix: both must answer the same scenario the same way.
        const t = await createTestApp({ dialect, clock: createTestClock(), config: scenario.config });
        try {
          const response = await scenario.run(apiFor(t, prefix, '127.0.0.1'));
          expect(response.statusCode, `${prefix}: ${response.body.slice(0, 300)}`).toBe(scenario.status);
          const declared = expectDeclared(name, response, prefix);
          if (Buffer.isBuffer(declared)) {
            // A file's bytes: those uploaded, with their length and a name that is only the file id.
            expect(sha256(declared)).toBe(sha256(CONTENT));
            expect(response.headers['content-length']).toBe(String(CONTENT.length));
            expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9_-]{22}\.hush"$/);
          }
          const body = (Buffer.isBuffer(declared) ? { sha256: sha256(declared) } : declared) as Record<string, unknown>;
          if (scenario.code) expect(body.code).toBe(scenario.code);
          if (response.statusCode < 300 && !BINARY.includes(name)) expectSuccessFields(name, body);
          expect(response.headers['cache-control']).toBe('no-store');
          answers.push({
            status: response.statusCode,
            contentType: response.headers['content-type'],
            body: normalize(body),
          });
        } finally {
          await t.close();
        }
      }
      expect(answers[1]).toEqual(answers[0]);
    });
  }

  for (const { name } of PUBLIC_API) {
    it(`${name} answers odd requests, signed in or not, only with statuses and bodies it declares`, async () => {
      const t = await createTestApp({ dialect });
      try {
        const api = apiFor(t, '/api/v1', '127.0.0.1');
        const browser = await api.signUp();
        for (const request of ODD_REQUESTS[name]) {
          const payload = JSON.stringify(request.payload ?? '').slice(0, 80);
          const what = `${request.method ?? 'GET'} ${request.url.slice(0, 80)} ${JSON.stringify(request.headers)} ${payload}`;
          expectDeclared(name, await api.inject(request), what);
          expectDeclared(name, await browser.inject(request), `signed in: ${what}`);
        }
      } finally {
        await t.close();
      }
    });
  }
});
