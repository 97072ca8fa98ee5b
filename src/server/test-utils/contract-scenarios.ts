import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiRouteName } from '../../shared/api/index.js';
import type { Config } from '../config.js';
import type { TestApp } from './app.js';

/**
 * The requests of the contract test (src/server/contract.test.ts): for every route, one scenario per status it
 * declares, and odd requests whose answers must still be declared ones.
 */

export type RouteName = ApiRouteName;

const KEY_PROOF = 'P'.repeat(43);
const PASSWORD = 'opensesame';
const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const TOO_LARGE = `{"text":"${'a'.repeat(2_000_000)}","ttl":3600}`;
const RATE_LIMIT = { rateLimitEnabled: true, rateLimitMax: 2, rateLimitWindowSeconds: 60 } satisfies Partial<Config>;

/** The API under one prefix, seen from one client address. */
export interface Api {
  inject(options: {
    method?: 'GET' | 'POST';
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
  create(body?: Record<string, unknown>): Promise<{ id: string; deleteToken: string }>;
}

export function apiFor(app: TestApp['app'], base: string, remoteAddress: string): Api {
  const api: Api = {
    inject: ({ url, ...rest }) => app.inject({ ...rest, url: `${base}${url}`, remoteAddress } as InjectOptions),
    async create(body = {}) {
      const response = await api.inject({
        method: 'POST',
        url: '/secret',
        payload: { text: 'hush1.c2VjcmV0', ttl: 3600, ...body },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
  };
  return api;
}

export interface Scenario {
  status: number;
  code?: string;
  why: string;
  config?: Partial<Config>;
  run(api: Api): Promise<LightMyRequestResponse>;
}

const json = (payload: string, contentType = 'application/json') => ({
  payload,
  headers: { 'content-type': contentType },
});

/** Sends the same request until the limit (2) is spent: the third answer is the 429. */
const rateLimited = (request: Parameters<Api['inject']>[0]): Scenario => ({
  status: 429,
  code: 'rate_limited',
  why: 'the client is over the rate limit',
  config: RATE_LIMIT,
  async run(api) {
    for (let i = 0; i < RATE_LIMIT.rateLimitMax; i++) expect((await api.inject(request)).statusCode).not.toBe(429);
    return api.inject(request);
  },
});

/** One scenario per status each route declares (some statuses have several causes, each with its own). */
export const SCENARIOS: Record<RouteName, Scenario[]> = {
  create: [
    {
      status: 201,
      why: 'a valid body',
      run: (api) => api.inject({ method: 'POST', url: '/secret', payload: { text: 'hush1.c2VjcmV0', ttl: 3600 } }),
    },
    {
      status: 400,
      code: 'validation.text',
      why: 'an empty text',
      run: (api) => api.inject({ method: 'POST', url: '/secret', payload: { text: '', ttl: 3600 } }),
    },
    {
      status: 400,
      code: 'validation.ttl',
      why: 'a lifetime not on the list',
      run: (api) => api.inject({ method: 'POST', url: '/secret', payload: { text: 'x', ttl: 301 } }),
    },
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'malformed JSON',
      run: (api) => api.inject({ method: 'POST', url: '/secret', ...json('{"text":') }),
    },
    {
      status: 413,
      code: 'request.too_large',
      why: 'a body over the limit',
      run: (api) => api.inject({ method: 'POST', url: '/secret', ...json(TOO_LARGE) }),
    },
    {
      status: 415,
      code: 'request.unsupported_media_type',
      why: 'a body that is not JSON',
      run: (api) => api.inject({ method: 'POST', url: '/secret', ...json('<x/>', 'application/xml') }),
    },
    rateLimited({ method: 'POST', url: '/secret', payload: {} }),
  ],
  exist: [
    {
      status: 200,
      why: 'a secret that can be opened',
      run: async (api) => api.inject({ url: `/secret/${(await api.create({ maxViews: 2 })).id}/exist` }),
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: (api) => api.inject({ url: `/secret/${'A'.repeat(65)}/exist` }),
    },
    {
      status: 401,
      code: 'secret.password_required',
      why: 'a password-protected secret',
      run: async (api) => api.inject({ url: `/secret/${(await api.create({ password: PASSWORD })).id}/exist` }),
    },
    {
      status: 403,
      code: 'secret.ip_not_allowed',
      why: 'a caller outside the allowed range',
      run: async (api) => api.inject({ url: `/secret/${(await api.create({ allowedIp: '10.0.0.0/8' })).id}/exist` }),
    },
    {
      status: 404,
      code: 'secret.not_found',
      why: 'an unknown id',
      run: (api) => api.inject({ url: `/secret/${UNKNOWN_ID}/exist` }),
    },
    rateLimited({ url: `/secret/${UNKNOWN_ID}/exist` }),
  ],
  read: [
    {
      status: 200,
      why: 'a secret that can be opened',
      run: async (api) => api.inject({ method: 'POST', url: `/secret/${(await api.create()).id}` }),
    },
    {
      status: 400,
      code: 'validation.keyProof',
      why: 'a malformed key proof',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}`, payload: { keyProof: 'short' } }),
    },
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'malformed JSON',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}`, ...json('{,}') }),
    },
    {
      status: 401,
      code: 'secret.password_required',
      why: 'no password for a protected secret',
      run: async (api) =>
        api.inject({ method: 'POST', url: `/secret/${(await api.create({ password: PASSWORD })).id}` }),
    },
    {
      status: 401,
      code: 'secret.password_invalid',
      why: 'a wrong password',
      run: async (api) =>
        api.inject({
          method: 'POST',
          url: `/secret/${(await api.create({ password: PASSWORD })).id}`,
          payload: { password: 'wrong' },
        }),
    },
    {
      status: 403,
      code: 'secret.key_invalid',
      why: 'a wrong key proof',
      run: async (api) =>
        api.inject({
          method: 'POST',
          url: `/secret/${(await api.create({ keyProof: KEY_PROOF })).id}`,
          payload: { keyProof: 'Q'.repeat(43) },
        }),
    },
    {
      status: 403,
      code: 'secret.ip_not_allowed',
      why: 'a caller outside the allowed range',
      run: async (api) =>
        api.inject({ method: 'POST', url: `/secret/${(await api.create({ allowedIp: '10.0.0.0/8' })).id}` }),
    },
    {
      status: 404,
      code: 'secret.not_found',
      why: 'an unknown id',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}` }),
    },
    {
      status: 413,
      code: 'request.too_large',
      why: 'a body over the limit',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}`, ...json(TOO_LARGE) }),
    },
    {
      status: 415,
      code: 'request.unsupported_media_type',
      why: 'a body that is not JSON',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}`, ...json('<x/>', 'application/xml') }),
    },
    rateLimited({ method: 'POST', url: `/secret/${UNKNOWN_ID}` }),
  ],
  readByGet: [
    {
      status: 200,
      why: 'a secret that can be opened',
      run: async (api) => api.inject({ url: `/secret/${(await api.create()).id}` }),
    },
    {
      status: 200,
      why: 'the password in the query string',
      run: async (api) =>
        api.inject({ url: `/secret/${(await api.create({ password: PASSWORD })).id}?password=${PASSWORD}` }),
    },
    {
      status: 400,
      code: 'validation.password',
      why: 'a repeated query parameter',
      run: (api) => api.inject({ url: `/secret/${UNKNOWN_ID}?password=a&password=b` }),
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: (api) => api.inject({ url: `/secret/${'A'.repeat(65)}` }),
    },
    {
      status: 401,
      code: 'secret.password_required',
      why: 'no password for a protected secret',
      run: async (api) => api.inject({ url: `/secret/${(await api.create({ password: PASSWORD })).id}` }),
    },
    {
      status: 401,
      code: 'secret.password_invalid',
      why: 'a wrong password',
      run: async (api) =>
        api.inject({ url: `/secret/${(await api.create({ password: PASSWORD })).id}?password=wrong` }),
    },
    {
      status: 403,
      code: 'secret.key_invalid',
      why: 'a wrong key proof',
      run: async (api) =>
        api.inject({ url: `/secret/${(await api.create({ keyProof: KEY_PROOF })).id}?keyProof=wrong` }),
    },
    {
      status: 403,
      code: 'secret.ip_not_allowed',
      why: 'a caller outside the allowed range',
      run: async (api) => api.inject({ url: `/secret/${(await api.create({ allowedIp: '10.0.0.0/8' })).id}` }),
    },
    {
      status: 404,
      code: 'secret.not_found',
      why: 'an unknown id',
      run: (api) => api.inject({ url: `/secret/${UNKNOWN_ID}` }),
    },
    rateLimited({ url: `/secret/${UNKNOWN_ID}` }),
  ],
  burn: [
    {
      status: 200,
      why: 'the delete token',
      run: async (api) => {
        const { id, deleteToken } = await api.create();
        return api.inject({ method: 'POST', url: `/secret/${id}/burn`, payload: { deleteToken } });
      },
    },
    {
      status: 200,
      why: 'the key proof',
      run: async (api) =>
        api.inject({
          method: 'POST',
          url: `/secret/${(await api.create({ keyProof: KEY_PROOF })).id}/burn`,
          payload: { keyProof: KEY_PROOF },
        }),
    },
    {
      status: 400,
      code: 'validation.deleteToken',
      why: 'a malformed delete token',
      run: (api) =>
        api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn`, payload: { deleteToken: 'short' } }),
    },
    {
      status: 403,
      code: 'secret.burn_forbidden',
      why: 'the bare id',
      run: async (api) => api.inject({ method: 'POST', url: `/secret/${(await api.create()).id}/burn` }),
    },
    {
      status: 404,
      code: 'secret.not_found',
      why: 'an unknown id',
      run: (api) =>
        api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn`, payload: { deleteToken: 'D'.repeat(43) } }),
    },
    {
      status: 413,
      code: 'request.too_large',
      why: 'a body over the limit',
      run: (api) => api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn`, ...json(TOO_LARGE) }),
    },
    {
      status: 415,
      code: 'request.unsupported_media_type',
      why: 'a body that is not JSON',
      run: (api) =>
        api.inject({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn`, ...json('<x/>', 'application/xml') }),
    },
    rateLimited({ method: 'POST', url: `/secret/${UNKNOWN_ID}/burn` }),
  ],
  publicList: [
    {
      status: 200,
      why: 'one public secret',
      run: async (api) => {
        await api.create({ isPublic: true, text: 'hello', title: 'Hi' });
        return api.inject({ url: '/secret/public/' });
      },
    },
    rateLimited({ url: '/secret/public/' }),
  ],
  publicListByUser: [
    { status: 200, why: 'a user without public secrets', run: (api) => api.inject({ url: '/secret/public/nobody' }) },
    {
      status: 400,
      code: 'validation.username',
      why: 'a username longer than 64 characters',
      run: (api) => api.inject({ url: `/secret/public/${'u'.repeat(65)}` }),
    },
    rateLimited({ url: '/secret/public/nobody' }),
  ],
  publicSettings: [
    { status: 200, why: 'the defaults', run: (api) => api.inject({ url: '/settings/public' }) },
    rateLimited({ url: '/settings/public' }),
  ],
};

/** Requests no client should send: whatever the app answers must still be a status the route declares. */
export const ODD_REQUESTS: Record<RouteName, Parameters<Api['inject']>[0][]> = (() => {
  const badBodies = (url: string) => [
    { method: 'POST' as const, url, ...json('') },
    { method: 'POST' as const, url, ...json('null') },
    { method: 'POST' as const, url, ...json('[]') },
    { method: 'POST' as const, url, ...json('"text"') },
    { method: 'POST' as const, url, ...json('{"__proto__":{"x":1}}') },
    { method: 'POST' as const, url, ...json('{"constructor":{"prototype":{"x":1}}}') },
    { method: 'POST' as const, url, ...json('{"a":1}', 'text/plain') },
    { method: 'POST' as const, url, ...json('a=1', 'application/x-www-form-urlencoded') },
    { method: 'POST' as const, url, ...json('--x--', 'multipart/form-data; boundary=x') },
    { method: 'POST' as const, url, payload: Buffer.from('{}') },
  ];
  const badIds = (path: (id: string) => string, method: 'GET' | 'POST') =>
    ['A'.repeat(65), 'A'.repeat(300), '%00', `a%00b`, '%E0%A4%A', '%', '%C3%A9%E2%98%83', '__proto__', '%2F'].map(
      (id) => ({ method, url: path(id) }),
    );
  return {
    create: [
      ...badBodies('/secret'),
      { method: 'POST', url: '/secret', payload: { text: 'a\u0000b', ttl: 3600, isPublic: true } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, title: 'a\u0000' } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, password: 'a\u0000' } },
      { method: 'POST', url: '/secret', ...json('{"text":"x","ttl":1e400}') },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, files: [{}] } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 1209600 } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, allowedIp: 'fe80::1%eth0' } },
    ],
    exist: badIds((id) => `/secret/${id}/exist`, 'GET'),
    read: [
      ...badBodies(`/secret/${UNKNOWN_ID}`),
      ...badIds((id) => `/secret/${id}`, 'POST'),
      { method: 'POST', url: `/secret/${UNKNOWN_ID}`, payload: { password: 'a\u0000' } },
    ],
    readByGet: [
      ...badIds((id) => `/secret/${id}`, 'GET'),
      { url: `/secret/${UNKNOWN_ID}?keyProof=%00&password=%00` },
      { url: `/secret/${UNKNOWN_ID}?__proto__[x]=1&constructor[prototype][x]=1` },
      { url: `/secret/${UNKNOWN_ID}?%zz=%` },
    ],
    burn: [...badBodies(`/secret/${UNKNOWN_ID}/burn`), ...badIds((id) => `/secret/${id}/burn`, 'POST')],
    publicList: [{ url: '/secret/public/?__proto__=1&x=%00' }, { url: '/secret/public//' }],
    publicListByUser: badIds((id) => `/secret/public/${id}`, 'GET'),
    publicSettings: [{ url: '/settings/public?__proto__=1' }, { url: '/settings/public/?x=%00' }],
  };
})();
