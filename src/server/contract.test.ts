import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorBody, type RouteContract } from '../shared/api/contract.js';
import { apiRoutes } from '../shared/api/index.js';
import { API_ROUTES } from './api-routes.js';
import type { Dialect } from './db/database.js';
import { createTestApp, createTestClock } from './test-utils/app.js';
import { apiFor, ODD_REQUESTS, SCENARIOS, type RouteName } from './test-utils/contract-scenarios.js';
import { CONTENT } from './modules/secrets/files.contract.test-utils.js';
import {
  ALIASES,
  BINARY,
  LISTS,
  NESTED,
  OPTIONAL_FIELDS,
  OTHER_SUCCESS_FIELDS,
  PAGES,
  PREFIXES,
  PUBLIC_API,
  SUCCESS_FIELDS,
  TICKET_FIELDS,
  UPLOAD_FILE_FIELDS,
} from './test-utils/contract-pins.js';
import { describeEachDialect } from './test-utils/database.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Pins the public HTTP API: the routes, the statuses each may answer with, and the shape of every answer, as
 * test-utils/contract-pins.ts writes them out by hand. The requests are each module's, next to it
 * (modules/<module>/<name>.contract.test-utils.ts), gathered in test-utils/contract-scenarios.ts.
 */

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

/**
 * Ids and tokens differ from run to run (and what holds them: a receipt path, a page cursor, a webhook's signing
 * secret); everything else (the test clock fixes the times) must not.
 */
const RANDOM = [
  ...['id', 'fileId', 'deleteToken', 'token', 'downloadKey'],
  ...['receiptPath', 'subjectId', 'eventId', 'next', 'secret', 'challenge'],
  // A new authenticator key (also in its URI), and new backup codes.
  ...['uri', 'backupCodes'],
];
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        RANDOM.includes(key) && item !== null ? `<${key}>` : normalize(item),
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

describe('the older paths kept as aliases', () => {
  it('are exactly the pinned ones, each registered under /api/v1 and /api', async () => {
    const declared = API_ROUTES.flatMap((route) => (route.aliases ?? []).map((path) => `${route.method} ${path}`));
    expect(declared.sort()).toEqual(ALIASES.map(({ name, path }) => `${routeOf(name).method} ${path}`).sort());
    const t = await createTestApp();
    try {
      for (const { name, path } of ALIASES) {
        const url = path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');
        for (const prefix of PREFIXES) {
          expect(t.app.hasRoute({ method: routeOf(name).method, url: `${prefix}${url}` }), `${prefix}${path}`).toBe(
            true,
          );
        }
      }
    } finally {
      await t.close();
    }
  });

  it('answer like their route, under both prefixes, with or without a trailing slash', async () => {
    const t = await createTestApp({ clock: createTestClock() });
    try {
      const api = apiFor(t, '/api/v1', '127.0.0.1');
      const alice = await api.signUp();
      await alice.create({ isPublic: true, text: 'hello', title: 'Hi' });
      await alice.create({ title: 'mine' });
      const cookie = { cookie: `hush_session=${alice.session}` };
      const fill = (path: string) => path.replace('{username}', 'alice');
      for (const { name, path } of ALIASES) {
        const canonical = await t.app.inject({ url: `/api/v1${fill(routeOf(name).path)}`, headers: cookie });
        expect(canonical.statusCode, name).toBe(200);
        expect(canonical.json<unknown[]>().length, name).toBeGreaterThan(0);
        const bare = fill(path).replace(/\/$/, '');
        for (const prefix of PREFIXES) {
          for (const url of [`${prefix}${bare}`, `${prefix}${bare}/`]) {
            const response = await t.app.inject({ url, headers: cookie });
            expect(response.statusCode, url).toBe(200);
            expect(response.json(), url).toEqual(canonical.json());
          }
        }
      }
    } finally {
      await t.close();
    }
  });
});

const fieldsOf = (item: unknown) => Object.keys(item as object).sort();

/** A success body has exactly the fields clients read (its optional ones only where they apply). */
function expectSuccessFields(name: RouteName, status: number, body: Record<string, unknown>): void {
  const items = Array.isArray(body) ? body : [body];
  const optional = OPTIONAL_FIELDS[name] ?? [];
  const fields = OTHER_SUCCESS_FIELDS[name]?.[status] ?? SUCCESS_FIELDS[name];
  for (const item of items) {
    const present = fieldsOf(item).filter((field) => !optional.includes(field));
    expect(present).toEqual([...fields].sort());
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
  if ((name === 'create' || name === 'respond') && body.upload) {
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
).filter(({ scenario, title }) => {
  // A scenario this machine cannot play (a full disk needs root to mount it; CI is root) is said, not run.
  const unplayable = scenario.unplayable?.();
  if (unplayable) console.warn(`⚠ SKIPPED ${title}: ${unplayable}`);
  return !unplayable;
});

describeEachDialect('the HTTP contract', (dialect: Dialect) => {
  // The older /api paths are routing, the same for every scenario of a route and on either database: on SQLite each
  // route's success scenario (else its first) is played under both prefixes and must answer identically; the rest,
  // and every scenario on PostgreSQL (where each app costs a schema), are played once, under /api/v1 (playing all of
  // them twice took half of this suite's time).
  const ofRoute = (name: RouteName) => scenarioCases.filter((item) => item.name === name);
  const bothPrefixes = new Set(
    PUBLIC_API.map(({ name }) => ofRoute(name).find((item) => item.scenario.status < 300) ?? ofRoute(name)[0]),
  );
  for (const item of scenarioCases) {
    const { name, scenario, title } = item;
    const prefixes = dialect === 'sqlite' && bothPrefixes.has(item) ? PREFIXES : PREFIXES.slice(0, 1);
    it(`${title}, ${prefixes.length > 1 ? 'identically under /api/v1 and /api' : `under ${prefixes[0]}`}`, async () => {
      const answers = [];
      for (const prefix of prefixes) {
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
          if (response.statusCode < 300 && !BINARY.includes(name)) expectSuccessFields(name, response.statusCode, body);
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
      if (answers.length > 1) expect(answers[1]).toEqual(answers[0]);
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
