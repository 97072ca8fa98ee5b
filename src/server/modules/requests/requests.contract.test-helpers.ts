import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  bodyFailures,
  crossSite,
  RATE_LIMIT,
  rateLimited,
  unknownToken,
  withoutScope,
  type Api,
  type ApiRequest,
  type Method,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';
import { KEY_PROOF } from '../secrets/secrets.contract.test-utils.js';

/**
 * What the contract test's scenarios for the requests routes share (requests for secrets, issue 14): the routes'
 * paths, fixed bodies, and the scenarios every route by id or every changing route has.
 *
 * The bodies are fixed rather than made with the real crypto (test-utils/requests.ts): the server stores what a
 * client sealed without opening it, and the contract test compares the answers under both prefixes, which fresh
 * keys and envelopes would make differ.
 */

export type RequestRoute = Extract<
  RouteName,
  | 'createRequest'
  | 'listRequests'
  | 'unreadResponses'
  | 'getRequest'
  | 'revokeRequest'
  | 'deleteRequest'
  | 'requestForm'
  | 'respond'
>;

export const REQUESTS = '/requests';
/** A well-formed request id no request has. */
export const UNKNOWN_REQUEST = 'UlVua25vd25SZXF1ZXN0MQ';
export const REQUEST_ID = 'UmVxdWVzdEZvckNvbnRyIQ';
export const PUBLIC_KEY = 'hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo';
export const EPHEMERAL_KEY = 'ZXBoZW1lcmFsLWtleS1vZi10aGUtcmVzcG9uZGVyLTE';

/** A create body as a client sends it (the envelopes and the wrapped key are opaque to the server). */
export const requestBody = (overrides: Record<string, unknown> = {}) => ({
  id: REQUEST_ID,
  title: 'hush1.VGhlIGRhdGFiYXNlIHBhc3N3b3Jk',
  text: 'hush1.UGFzdGUgaXQgYmVsb3c',
  publicKey: PUBLIC_KEY,
  wrappedKey: 'hushrk1.d3JhcHBlZC1wcml2YXRlLWtleQ',
  ttl: 86400,
  ...overrides,
});
/** A response as a responder's browser sends it, sealed to PUBLIC_KEY. */
export const responseBody = (overrides: Record<string, unknown> = {}) => ({
  text: 'hush1.dGhlIGFuc3dlcg',
  ephemeralKey: EPHEMERAL_KEY,
  keyProof: KEY_PROOF,
  ...overrides,
});

export const item = (id: string) => `${REQUESTS}/${id}`;
export const form = (id: string): ApiRequest => ({ url: `${item(id)}/form` });
export const respond = (id: string, overrides: Record<string, unknown> = {}): ApiRequest => ({
  method: 'POST',
  url: `${item(id)}/responses`,
  payload: responseBody(overrides),
});

/** Signs up (alice unless told) and creates a request: the requester's browser. */
export async function requester(api: Api, body: Record<string, unknown> = {}, username = 'alice'): Promise<Api> {
  const browser = await api.signUp({ username });
  const created = await browser.inject({ method: 'POST', url: REQUESTS, payload: requestBody(body) });
  expect(created.statusCode, created.body).toBe(201);
  return browser;
}

/** A request answered once (by an anonymous responder), as its requester sees it. */
export async function answered(api: Api, body: Record<string, unknown> = {}): Promise<Api> {
  const browser = await requester(api, { maxResponses: 2, ...body });
  const sent = await api.inject(respond(REQUEST_ID));
  expect(sent.statusCode, sent.body).toBe(201);
  return browser;
}

/** A route of the requester's: nobody signed in, an API token nobody holds, one without the requests scope. */
export const signedOut = (method: Method, url: string, payload?: unknown): Scenario[] => [
  {
    status: 401,
    code: 'auth.not_signed_in',
    why: 'nobody signed in',
    run: (api) => api.inject({ method, url, payload }),
  },
  unknownToken({ method, url, payload }),
  withoutScope({ method, url, payload }, 'requests'),
];

/** A route of the requester's with a request id: malformed, another user's, unknown. */
export const byId = (method: Method, suffix = ''): Scenario[] => [
  {
    status: 400,
    code: 'validation.id',
    why: 'an id longer than 64 characters',
    run: async (api) => (await api.signUp()).inject({ method, url: `${item('A'.repeat(65))}${suffix}` }),
  },
  ...signedOut(method, `${item(UNKNOWN_REQUEST)}${suffix}`),
  {
    status: 404,
    code: 'secret_request.not_found',
    why: 'another user’s request',
    run: async (api) => {
      await requester(api, {}, 'bob_1');
      return (await api.signUp()).inject({ method, url: `${item(REQUEST_ID)}${suffix}` });
    },
  },
  {
    status: 404,
    code: 'secret_request.not_found',
    why: 'an unknown id',
    run: async (api) => (await api.signUp()).inject({ method, url: `${item(UNKNOWN_REQUEST)}${suffix}` }),
  },
  rateLimited({ method, url: `${item(UNKNOWN_REQUEST)}${suffix}` }),
];

/** Requests are turned off (the instance setting disable_requests), after `prepare`. */
export const whenDisabled =
  (prepare: (api: Api) => Promise<ApiRequest & { as?: Api }>) =>
  async (api: Api): Promise<LightMyRequestResponse> => {
    const { as, ...request } = await prepare(api);
    await api.services.settings.update({ disable_requests: true });
    return (as ?? api).inject(request);
  };

/** A state-changing route of the requester's without a body: from another site, or with a body it cannot take. */
export const changes = (method: Method, url: string): Scenario[] => [
  crossSite({ method, url }),
  ...bodyFailures(method, url),
];

/** The route's own limit of responses per client address and minute (HUSH_RESPONSE_RATE_LIMIT), under the others'. */
export const RESPONSE_LIMIT = { ...RATE_LIMIT, rateLimitMax: 100, responseRateLimit: 2 };
