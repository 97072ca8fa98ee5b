import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../api-routes.js';
import { createTestApp, createTestClock, type TestApp } from '../test-utils/app.js';
import { apiFor, SCENARIOS } from '../test-utils/contract-scenarios.js';

/** The words of our own route patterns: path segments that are not ids. */
const ROUTE_WORDS = new Set(API_ROUTES.flatMap((route) => route.path.split('/')).concat(['api', 'v1']));
/** Headers that carry credentials. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'hush-upload-token'];
/** Fields of answers that hold ids, keys or tokens. */
const SECRET_FIELDS = new Set(['id', 'fileId', 'deleteToken', 'token', 'downloadKey', 'secretId', 'key']);
/** Shorter strings could turn up by chance in a timestamp or a duration. */
const MIN_LENGTH = 8;

/** Every string in a JSON value, or only those under the given fields. */
function strings(value: unknown, fields?: Set<string>, under = ''): string[] {
  if (typeof value === 'string') return !fields || fields.has(under) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => strings(item, fields, under));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => strings(item, fields, key));
  }
  return [];
}

/** What a request and its answer hold that no log line may: ids, keys, tokens, verifiers, passwords, payloads. */
function sensitive(request: InjectOptions, response: LightMyRequestResponse): string[] {
  const url = new URL(String(request.url), 'http://x');
  const found = [
    ...url.pathname.split('/').filter((segment) => !ROUTE_WORDS.has(segment)),
    ...url.searchParams.values(),
    ...CREDENTIAL_HEADERS.flatMap((name) => {
      const value = (request.headers as Record<string, string> | undefined)?.[name];
      if (!value) return [];
      const credential = value.replace(/^(Bearer|Basic) /, '');
      return [value, credential, Buffer.from(credential, 'base64').toString('utf8').split(':')[0]!];
    }),
    ...strings(typeof request.payload === 'string' ? tryJson(request.payload) : request.payload),
    ...response.cookies.map((cookie) => cookie.value),
    ...strings(tryJson(response.body), SECRET_FIELDS),
  ];
  return found.map(safeDecode).filter((text) => text.length >= MIN_LENGTH);
}

const tryJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** An app whose log lines, and every request and answer, are kept. */
async function recordedApp(config: Parameters<typeof createTestApp>[0] = {}) {
  const lines: string[] = [];
  const exchanges: [InjectOptions, LightMyRequestResponse][] = [];
  const t = await createTestApp({
    ...config,
    config: { ...config.config, logLevel: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
  const inject = t.app.inject.bind(t.app);
  t.app.inject = (async (options: InjectOptions | string) => {
    const request = typeof options === 'string' ? { url: options } : options;
    const response = await inject(request);
    exchanges.push([request, response]);
    return response;
  }) as typeof t.app.inject;
  return { t, lines, exchanges };
}

const REQUEST_LINE_FIELDS = [
  'bytes',
  'hostname',
  'level',
  'method',
  'ms',
  'msg',
  'pid',
  'reqId',
  'route',
  'status',
  'time',
];

describe('the request log', () => {
  it('walks every route of the API: one line per request, and no id, key, token, verifier or payload in the log', async () => {
    let requests = 0;
    const leaks: string[] = [];
    for (const [name, all] of Object.entries(SCENARIOS)) {
      // One scenario per status each route answers with: every path through the route, at a third of the cost.
      const scenarios = all.filter(
        (scenario, index) => all.findIndex((other) => other.status === scenario.status) === index,
      );
      for (const [index, scenario] of scenarios.entries()) {
        const { t, lines, exchanges } = await recordedApp({ clock: createTestClock(), config: scenario.config });
        try {
          // Both prefixes, by turns.
          await scenario.run(apiFor(t, index % 2 ? '/api' : '/api/v1', '127.0.0.1'));
        } finally {
          await t.close();
        }
        const log = lines.join('');
        const requestLines = lines
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((line) => line.msg === 'request');
        expect(requestLines, `${name}: ${scenario.why}`).toHaveLength(exchanges.length);
        for (const line of requestLines) {
          expect(Object.keys(line).sort(), `${name}: ${scenario.why}`).toEqual(REQUEST_LINE_FIELDS);
          expect(String(line.route)).toMatch(/^(\/api(\/v1)?\/[A-Za-z0-9/:_-]*|\((not found|page)\))$/);
        }
        for (const [request, response] of exchanges) {
          for (const text of sensitive(request, response)) {
            if (log.includes(text)) leaks.push(`${name} (${scenario.why}): ${text.slice(0, 60)}`);
          }
        }
        requests += exchanges.length;
      }
    }
    expect(leaks).toEqual([]);
    // Every route was walked, many times over.
    expect(requests).toBeGreaterThan(Object.keys(SCENARIOS).length * 4);
  }, 240_000);

  describe('with the web client', () => {
    let dir: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-log-client-'));
      fs.writeFileSync(
        path.join(dir, 'index.html'),
        '<!doctype html><script id="hush-config" type="application/json"></script>',
      );
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('logs pages by a label, never their path: the key of /secret/{key}/{id} stays out', async () => {
      const { t, lines } = await recordedApp({ clientDir: dir });
      const key = 'KeyKeyKeyKeyKeyKeyKeyKeyKeyKeyKeyKeyKeyKey123';
      const id = 'IdIdIdIdIdIdIdIdIdIdId';
      try {
        const page = await t.app.inject(`/secret/${key}/${id}`);
        expect(page.statusCode).toBe(200);
        const missing = await t.app.inject({ url: `/nothing/${key}`, headers: { accept: 'text/html' } });
        expect(missing.statusCode).toBe(404);
        await t.app.inject(`/wp-login.php?token=${key}`);
      } finally {
        await t.close();
      }
      const log = lines.join('');
      expect(log).not.toContain(key);
      expect(log).not.toContain(id);
      const routes = lines.map((line) => JSON.parse(line) as { route?: string }).map((line) => line.route);
      expect(routes).toEqual(['(page)', '(not found)', '(not found)']);
    });
  });
});

describe('HUSH_LOG_LEVEL=warn', () => {
  it('writes no line for requests that went well', async () => {
    const lines: string[] = [];
    const t: TestApp = await createTestApp({
      config: { logLevel: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
    expect(lines).toEqual([]);
  });
});
