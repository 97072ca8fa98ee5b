import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '../shared/api/contract.js';
import { ERROR_MESSAGES } from '../shared/errors.js';
import { API_ROUTES } from './api-routes.js';
import { createTestApp, type TestApp } from './test-utils/app.js';
import { emailFuzzConfig } from './test-utils/fuzz-email.js';
import { startIdentityFuzz, type IdentityFuzz } from './test-utils/fuzz-identity.js';
import { requestArb, seedFuzz, type Seeds } from './test-utils/fuzz-requests.js';

/**
 * Throws 1,000 arbitrary requests at every API route and checks the promises of DESIGN.md §5 that hold for any
 * input: never a 5xx, only statuses the route declares, every error is `{code, message}` with a known code, every
 * success matches the contract.
 * The generators live in test-utils/fuzz-bodies.ts, fuzz-requests.ts and fuzz-accounts.ts; requests go out anonymous,
 * with a session cookie or an API token (live, expired, revoked or broken), sometimes from another site. What each
 * route acts on is seeded for it (fuzz-requests.ts `seedFuzz`), so that every route's success path is reached too:
 * the sign-in methods' routes get a real OpenID provider or a trusted proxy where they need one (fuzz-identity.ts).
 */

const RUNS = 1000;

const isKnownCode = (code: string) => Object.hasOwn(ERROR_MESSAGES, code) || /^validation\.[A-Za-z0-9_]+$/.test(code);

function describeRequest(request: InjectOptions, response: LightMyRequestResponse): string {
  const payload =
    typeof request.payload === 'string'
      ? request.payload.slice(0, 300)
      : Buffer.isBuffer(request.payload)
        ? `<${request.payload.length} bytes>`
        : undefined;
  return `${request.method} ${String(request.url).slice(0, 300)} ${JSON.stringify(request.headers)} ${JSON.stringify(payload)}
  → ${response.statusCode} ${response.body.slice(0, 500)}`;
}

function checkAnswer(route: RouteContract, request: InjectOptions, response: LightMyRequestResponse): void {
  const context = describeRequest(request, response);
  expect(response.statusCode, context).toBeLessThan(500);
  if (route.responses[response.statusCode]?.binary) {
    // A file's bytes (the download): never JSON, always an attachment of the length announced.
    expect(response.headers['content-type'], context).toBe('application/octet-stream');
    expect(response.headers['content-length'], context).toBe(String(response.rawPayload.length));
    return;
  }
  expect(response.headers['content-type'], context).toMatch(/^application\/json/);
  expect(Object.keys(route.responses).map(Number), `status not in the contract: ${context}`).toContain(
    response.statusCode,
  );
  const body: unknown = JSON.parse(response.body);
  if (response.statusCode >= 200 && response.statusCode < 300) {
    const schema = route.responses[response.statusCode]?.schema;
    expect(schema, `2xx status not in the contract: ${context}`).toBeDefined();
    const parsed = schema!.safeParse(body);
    expect(parsed.success, `${context}\n${parsed.error?.message}`).toBe(true);
    return;
  }
  expect(body, context).toBeTypeOf('object');
  expect(Array.isArray(body), context).toBe(false);
  const { code, message } = body as { code: unknown; message: unknown };
  expect(code, context).toBeTypeOf('string');
  expect(message, context).toBeTypeOf('string');
  expect(isKnownCode(code as string), `unknown error code ${String(code)}: ${context}`).toBe(true);
}

describe('every API route survives arbitrary input', () => {
  it('the fuzzer covers every route of API_ROUTES', () => {
    expect(API_ROUTES.length).toBeGreaterThanOrEqual(30);
  });

  for (const route of API_ROUTES) {
    describe(`${route.method} ${route.path}`, () => {
      let identity: IdentityFuzz;
      let t: TestApp;
      let seeds: Seeds;

      beforeAll(async () => {
        identity = await startIdentityFuzz(route);
        t = await createTestApp({ config: { ...emailFuzzConfig(route), ...identity.config } });
        seeds = await seedFuzz(t, route, identity.provider);
      });
      afterAll(async () => {
        await t.close();
        await identity.close();
      });

      it(`answers ${RUNS} arbitrary requests without a 5xx, with {code, message} errors and contract-shaped successes`, async () => {
        const statuses = new Map<number, number>();
        await fc.assert(
          fc.asyncProperty(requestArb(route, seeds), async (request) => {
            const response = await t.app.inject(request);
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            checkAnswer(route, request, response);
          }),
          { numRuns: RUNS },
        );
        // The generators must reach both the success path and the failure paths, or the run proves little.
        const summary = JSON.stringify([...statuses].sort());
        const successes = [...statuses.keys()].filter((status) => status < 300);
        const failures = [...statuses.keys()].filter((status) => status >= 400);
        expect(successes.length, summary).toBeGreaterThan(0);
        // Every route can be refused: broken or revoked credentials reach them all.
        expect(failures.length, summary).toBeGreaterThan(0);
      }, 120_000);
    });
  }
});
