import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiRouteName } from '../../shared/api/index.js';
import { TOKEN_SCOPES, type TokenScope } from '../../shared/rules/tokens.js';
import type { Config } from '../config.js';
import type { TestApp } from './app.js';
import { madeBeforeScopes } from './tokens.js';

/**
 * The client the contract test (src/server/contract.test.ts) drives the API with, and the helpers its scenarios
 * share. The scenarios themselves are next to each module (modules/<module>/<name>.contract.test-utils.ts).
 */

export type RouteName = ApiRouteName;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest {
  method?: Method;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export const ACCOUNT_PASSWORD = 'correct horse';
export const EVIL_ORIGIN = { origin: 'https://evil.example' };

export interface AccountInput {
  username: string;
  email: string;
  password: string;
}

/** The API under one prefix, seen from one client address, as one caller (anonymous, a browser or a token). */
export interface Api {
  inject(request: ApiRequest): Promise<LightMyRequestResponse>;
  create(body?: Record<string, unknown>): Promise<{ id: string; deleteToken: string }>;
  /** Signs up (alice by default) and answers with the API as that signed-in browser: it sends the session cookie. */
  signUp(account?: Partial<AccountInput>): Promise<Api>;
  /**
   * As this signed-in browser, creates an API token and answers with the API as a script using it. `scopes`: the
   * server's default when not given; null, a token made before scopes (everything its user may).
   */
  withToken(options?: {
    scheme?: 'Bearer' | 'Basic';
    expiresInDays?: number;
    scopes?: readonly TokenScope[] | null;
  }): Promise<Api & { tokenId: string }>;
  /** The session cookie's value, for a signed-in browser. */
  session?: string;
  services: TestApp['services'];
}

export function apiFor(t: TestApp, base: string, remoteAddress: string, headers: Record<string, string> = {}): Api {
  const api: Api = {
    services: t.services,
    inject: ({ url, headers: own, ...rest }) =>
      t.app.inject({ ...rest, url: `${base}${url}`, remoteAddress, headers: { ...headers, ...own } } as InjectOptions),
    async create(body = {}) {
      const response = await api.inject({
        method: 'POST',
        url: '/secret',
        payload: { text: 'hush1.c2VjcmV0', ttl: 3600, ...body },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
    async signUp(account = {}) {
      const username = account.username ?? 'alice';
      const payload = { username, email: `${username}@example.com`, password: ACCOUNT_PASSWORD, ...account };
      let response = await t.app.inject({
        method: 'POST',
        url: `${base}/authentication/signup`,
        remoteAddress,
        payload,
      });
      if (response.statusCode === 202) {
        // An instance that emails links makes the account only by its link: made here as an admin would, unverified,
        // and signed in with its password.
        await t.services.auth.createUser(payload, 'user');
        const credentials = { username: payload.username, password: payload.password };
        response = await t.app.inject({
          method: 'POST',
          url: `${base}/authentication/signin`,
          remoteAddress,
          payload: credentials,
        });
        expect(response.statusCode, response.body).toBe(200);
      } else {
        expect(response.statusCode, response.body).toBe(201);
      }
      const session = response.cookies.find((cookie) => cookie.name === 'hush_session')!.value;
      return { ...apiFor(t, base, remoteAddress, { cookie: `hush_session=${session}` }), session };
    },
    async withToken({ scheme = 'Bearer', expiresInDays, scopes } = {}) {
      const response = await api.inject({
        method: 'POST',
        url: '/account/tokens',
        payload: { name: 'script', expiresInDays, ...(scopes && { scopes }) },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { id, token } = response.json<{ id: string; token: string }>();
      if (scopes === null) await madeBeforeScopes(t.database.db, id);
      const authorization =
        scheme === 'Bearer' ? `Bearer ${token}` : `Basic ${Buffer.from(`${token}:`).toString('base64')}`;
      return { ...apiFor(t, base, remoteAddress, { authorization }), tokenId: id };
    },
  };
  return api;
}

export interface Scenario {
  status: number;
  code?: string;
  why: string;
  config?: Partial<Config>;
  /** Why this machine cannot play the scenario (asked when the test is collected), or null. */
  unplayable?: () => string | null;
  run(api: Api): Promise<LightMyRequestResponse>;
}

export const RATE_LIMIT = {
  rateLimitEnabled: true,
  rateLimitMax: 2,
  rateLimitWindowSeconds: 60,
} satisfies Partial<Config>;
export const TOO_LARGE = `{"text":"${'a'.repeat(2_000_000)}","ttl":3600}`;
/** A token of the right shape that no account holds. */
export const UNKNOWN_TOKEN = { authorization: `Bearer hush_${'A'.repeat(43)}` };

export const json = (payload: string, contentType = 'application/json') => ({
  payload,
  headers: { 'content-type': contentType },
});

/** Sends the same request until the limit (2) is spent: the third answer is the 429. */
export const rateLimited = (request: ApiRequest): Scenario => ({
  status: 429,
  code: 'rate_limited',
  why: 'the client is over the rate limit',
  config: RATE_LIMIT,
  async run(api) {
    for (let i = 0; i < RATE_LIMIT.rateLimitMax; i++) expect((await api.inject(request)).statusCode).not.toBe(429);
    return api.inject(request);
  },
});

/**
 * The API as the admin rootuser (created if needed, signed in through the API): by a browser session, or by one of
 * the admin's API tokens, with every scope, sent as HTTP Basic (spec §6).
 */
export async function asAdmin(
  api: Api,
  via: 'session' | 'token' = 'session',
  scopes: readonly TokenScope[] = TOKEN_SCOPES,
): Promise<Pick<Api, 'inject'>> {
  await api.services.auth.ensureAdmin('rootuser', ACCOUNT_PASSWORD, 'root@example.com');
  const signin = await api.inject({
    method: 'POST',
    url: '/authentication/signin',
    payload: { username: 'rootuser', password: ACCOUNT_PASSWORD },
  });
  expect(signin.statusCode, signin.body).toBe(200);
  const session = signin.cookies.find((cookie) => cookie.name === 'hush_session')!.value;
  let headers: Record<string, string> = { cookie: `hush_session=${session}` };
  if (via === 'token') {
    const payload = { name: 'ci', scopes };
    const created = await api.inject({ method: 'POST', url: '/account/tokens', payload, headers });
    expect(created.statusCode, created.body).toBe(201);
    headers = {
      authorization: `Basic ${Buffer.from(`${created.json<{ token: string }>().token}:`).toString('base64')}`,
    };
  }
  return { inject: (request: ApiRequest) => api.inject({ ...request, headers: { ...headers, ...request.headers } }) };
}

/** Any route: an API token nobody holds is refused, not treated as anonymous. */
export const unknownToken = (request: ApiRequest): Scenario => ({
  status: 401,
  code: 'auth.not_signed_in',
  why: 'an API token nobody holds',
  run: (api) => api.inject({ ...request, headers: { ...request.headers, ...UNKNOWN_TOKEN } }),
});

/**
 * A route that asks a token for a scope: a token with every other scope is refused (403 auth.token_scope), the
 * admin's for the admin scope, a user's for the others; a route no scope grants answers auth.session_required.
 */
export const withoutScope = (request: ApiRequest, needed: TokenScope | 'legacy'): Scenario => ({
  status: 403,
  code: needed === 'legacy' ? 'auth.session_required' : 'auth.token_scope',
  why: needed === 'legacy' ? 'an API token made with scopes' : `an API token without the ${needed} scope`,
  async run(api) {
    const others = TOKEN_SCOPES.filter((scope) => scope !== needed);
    if (needed === 'admin') return (await asAdmin(api, 'token', others)).inject(request);
    const mine = others.filter((scope) => scope !== 'admin');
    return (await (await api.signUp()).withToken({ scopes: mine })).inject(request);
  },
});

/** Admin routes: a user's token made before scopes passes every scope check, and meets the role check. */
export const nonAdminToken = (request: ApiRequest): Scenario => ({
  status: 403,
  code: 'auth.admin_required',
  why: 'the API token (made before scopes) of a user who is not an admin',
  run: async (api) => (await (await api.signUp()).withToken({ scopes: null })).inject(request),
});

/** Any state-changing route: a signed-in browser's request from another site is refused. */
export const crossSite = (request: ApiRequest): Scenario => ({
  status: 403,
  code: 'auth.cross_site',
  why: 'a signed-in browser’s request from another site',
  run: async (api) => (await api.signUp()).inject({ ...request, headers: { ...request.headers, ...EVIL_ORIGIN } }),
});

/** The two body failures every route taking a body declares. */
export const bodyFailures = (method: Method, url: string): Scenario[] => [
  {
    status: 413,
    code: 'request.too_large',
    why: 'a body over the limit',
    run: (api) => api.inject({ method, url, ...json(TOO_LARGE) }),
  },
  {
    status: 415,
    code: 'request.unsupported_media_type',
    why: 'a body that is not JSON',
    run: (api) => api.inject({ method, url, ...json('<x/>', 'application/xml') }),
  },
];
