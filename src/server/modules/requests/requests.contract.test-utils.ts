import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  bodyFailures,
  crossSite,
  json,
  RATE_LIMIT,
  rateLimited,
  unknownToken,
  type Api,
  type ApiRequest,
  type Method,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';
import { MANIFEST } from '../../test-utils/contract-files.js';
import { KEY_PROOF } from '../secrets/secrets.contract.test-utils.js';

/**
 * The contract test's scenarios for the requests routes (requests for secrets, issue 14): one per status each
 * declares, or more.
 *
 * The bodies are fixed rather than made with the real crypto (test-utils/requests.ts): the server stores what a
 * client sealed without opening it, and the contract test compares the answers under both prefixes, which fresh
 * keys and envelopes would make differ.
 */

type RequestRoute = Extract<
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

const REQUESTS = '/requests';
/** A well-formed request id no request has. */
export const UNKNOWN_REQUEST = 'UlVua25vd25SZXF1ZXN0MQ';
export const REQUEST_ID = 'UmVxdWVzdEZvckNvbnRyIQ';
const PUBLIC_KEY = 'hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo';
const EPHEMERAL_KEY = 'ZXBoZW1lcmFsLWtleS1vZi10aGUtcmVzcG9uZGVyLTE';

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

const item = (id: string) => `${REQUESTS}/${id}`;
const form = (id: string): ApiRequest => ({ url: `${item(id)}/form` });
const respond = (id: string, overrides: Record<string, unknown> = {}): ApiRequest => ({
  method: 'POST',
  url: `${item(id)}/responses`,
  payload: responseBody(overrides),
});

/** Signs up (alice unless told) and creates a request: the requester's browser. */
async function requester(api: Api, body: Record<string, unknown> = {}, username = 'alice'): Promise<Api> {
  const browser = await api.signUp({ username });
  const created = await browser.inject({ method: 'POST', url: REQUESTS, payload: requestBody(body) });
  expect(created.statusCode, created.body).toBe(201);
  return browser;
}

/** A request answered once (by an anonymous responder), as its requester sees it. */
async function answered(api: Api, body: Record<string, unknown> = {}): Promise<Api> {
  const browser = await requester(api, { maxResponses: 2, ...body });
  const sent = await api.inject(respond(REQUEST_ID));
  expect(sent.statusCode, sent.body).toBe(201);
  return browser;
}

/** A route of the requester's: nobody signed in, and an API token nobody holds. */
const signedOut = (method: Method, url: string, payload?: unknown): Scenario[] => [
  {
    status: 401,
    code: 'auth.not_signed_in',
    why: 'nobody signed in',
    run: (api) => api.inject({ method, url, payload }),
  },
  unknownToken({ method, url, payload }),
];

/** A route of the requester's with a request id: malformed, another user's, unknown. */
const byId = (method: Method, suffix = ''): Scenario[] => [
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
const whenDisabled =
  (prepare: (api: Api) => Promise<ApiRequest & { as?: Api }>) =>
  async (api: Api): Promise<LightMyRequestResponse> => {
    const { as, ...request } = await prepare(api);
    await api.services.settings.update({ disable_requests: true });
    return (as ?? api).inject(request);
  };

/** A state-changing route of the requester's without a body: from another site, or with a body it cannot take. */
const changes = (method: Method, url: string): Scenario[] => [crossSite({ method, url }), ...bodyFailures(method, url)];

/** The route's own limit of responses per client address and minute (HUSH_RESPONSE_RATE_LIMIT), under the others'. */
const RESPONSE_LIMIT = { ...RATE_LIMIT, rateLimitMax: 100, responseRateLimit: 2 };

export const REQUEST_SCENARIOS: Record<RequestRoute, Scenario[]> = {
  createRequest: [
    {
      status: 201,
      why: 'a signed-in browser',
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: REQUESTS, payload: requestBody() }),
    },
    {
      status: 201,
      why: 'an API token, with every option',
      run: async (api) =>
        (await (await api.signUp()).withToken()).inject({
          method: 'POST',
          url: REQUESTS,
          payload: requestBody({
            ttl: 2592000,
            maxResponses: 5,
            responseTtl: 86400,
            responseViews: 3,
            allowFiles: true,
            allowedIp: '203.0.113.0/24',
          }),
        }),
    },
    {
      status: 400,
      code: 'validation.title',
      why: 'a title that is not an envelope',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'POST', url: REQUESTS, payload: requestBody({ title: 'plain' }) }),
    },
    {
      status: 400,
      code: 'validation.ttl',
      why: 'a link validity under an hour',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'POST', url: REQUESTS, payload: requestBody({ ttl: 60 }) }),
    },
    {
      status: 400,
      code: 'validation.publicKey',
      why: 'a public key of the wrong length',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'POST', url: REQUESTS, payload: requestBody({ publicKey: 'short' }) }),
    },
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'malformed JSON',
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: REQUESTS, ...json('{"id":') }),
    },
    ...signedOut('POST', REQUESTS, requestBody()),
    {
      status: 403,
      code: 'secret_request.disabled',
      why: 'requests turned off by the instance setting',
      run: whenDisabled(async (api) => ({
        as: await api.signUp(),
        method: 'POST',
        url: REQUESTS,
        payload: requestBody(),
      })),
    },
    {
      status: 403,
      code: 'secret.read_only',
      why: 'a user on a read-only instance',
      run: async (api) => {
        const alice = await api.signUp();
        await api.services.settings.update({ read_only: true });
        return alice.inject({ method: 'POST', url: REQUESTS, payload: requestBody() });
      },
    },
    crossSite({ method: 'POST', url: REQUESTS, payload: requestBody() }),
    {
      status: 409,
      code: 'secret_request.id_taken',
      why: 'an id another user’s request has',
      run: async (api) => {
        await requester(api, {}, 'bob_1');
        return (await api.signUp()).inject({ method: 'POST', url: REQUESTS, payload: requestBody() });
      },
    },
    ...bodyFailures('POST', REQUESTS),
    rateLimited({ method: 'POST', url: REQUESTS, payload: {} }),
  ],
  listRequests: [
    {
      status: 200,
      why: 'a user with an answered request',
      run: async (api) => (await answered(api)).inject({ url: REQUESTS }),
    },
    {
      status: 200,
      why: 'an API token of the user',
      run: async (api) => (await (await requester(api)).withToken()).inject({ url: REQUESTS }),
    },
    ...signedOut('GET', REQUESTS),
    rateLimited({ url: REQUESTS }),
  ],
  unreadResponses: [
    {
      status: 200,
      why: 'a user with a response never opened',
      run: async (api) => (await answered(api)).inject({ url: `${REQUESTS}/unread` }),
    },
    {
      status: 200,
      why: 'a user without requests',
      run: async (api) => (await api.signUp()).inject({ url: `${REQUESTS}/unread` }),
    },
    ...signedOut('GET', `${REQUESTS}/unread`),
    rateLimited({ url: `${REQUESTS}/unread` }),
  ],
  getRequest: [
    {
      status: 200,
      why: 'the owner’s request with a response',
      run: async (api) => (await answered(api)).inject({ url: item(REQUEST_ID) }),
    },
    {
      status: 200,
      why: 'the owner’s revoked request, by an API token',
      run: async (api) => {
        const alice = await requester(api);
        expect((await alice.inject({ method: 'POST', url: `${item(REQUEST_ID)}/revoke` })).statusCode).toBe(200);
        return (await alice.withToken()).inject({ url: item(REQUEST_ID) });
      },
    },
    ...byId('GET'),
  ],
  revokeRequest: [
    {
      status: 200,
      why: 'the owner’s open request',
      run: async (api) => (await requester(api)).inject({ method: 'POST', url: `${item(REQUEST_ID)}/revoke` }),
    },
    {
      status: 200,
      why: 'a request revoked already',
      run: async (api) => {
        const alice = await requester(api);
        expect((await alice.inject({ method: 'POST', url: `${item(REQUEST_ID)}/revoke` })).statusCode).toBe(200);
        return alice.inject({ method: 'POST', url: `${item(REQUEST_ID)}/revoke` });
      },
    },
    ...byId('POST', '/revoke'),
    ...changes('POST', `${item(UNKNOWN_REQUEST)}/revoke`),
  ],
  deleteRequest: [
    {
      status: 200,
      why: 'the owner’s answered request',
      run: async (api) => (await answered(api)).inject({ method: 'DELETE', url: item(REQUEST_ID) }),
    },
    ...byId('DELETE'),
    ...changes('DELETE', item(UNKNOWN_REQUEST)),
  ],
  requestForm: [
    {
      status: 200,
      why: 'an open request, to anyone with the link',
      run: async (api) => {
        await requester(api, { allowFiles: true });
        return api.inject(form(REQUEST_ID));
      },
    },
    {
      status: 200,
      why: 'a signed-in responder inside the request’s IP range',
      run: async (api) => (await requester(api, { allowedIp: '127.0.0.0/8' })).inject(form(REQUEST_ID)),
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: (api) => api.inject(form('A'.repeat(65))),
    },
    unknownToken(form(UNKNOWN_REQUEST)),
    {
      status: 403,
      code: 'secret_request.ip_not_allowed',
      why: 'a responder outside the request’s IP range',
      run: async (api) => {
        await requester(api, { allowedIp: '203.0.113.0/24' });
        return api.inject(form(REQUEST_ID));
      },
    },
    {
      status: 403,
      code: 'secret_request.disabled',
      why: 'requests turned off by the instance setting',
      run: whenDisabled(async (api) => {
        await requester(api);
        return form(REQUEST_ID);
      }),
    },
    {
      status: 404,
      code: 'secret_request.not_found',
      why: 'an unknown id',
      run: (api) => api.inject(form(UNKNOWN_REQUEST)),
    },
    {
      status: 404,
      code: 'secret_request.not_found',
      why: 'a request whose one response was sent',
      run: async (api) => {
        await requester(api);
        expect((await api.inject(respond(REQUEST_ID))).statusCode).toBe(201);
        return api.inject(form(REQUEST_ID));
      },
    },
    {
      status: 404,
      code: 'secret_request.not_found',
      why: 'a revoked request',
      run: async (api) => {
        const alice = await requester(api);
        expect((await alice.inject({ method: 'POST', url: `${item(REQUEST_ID)}/revoke` })).statusCode).toBe(200);
        return api.inject(form(REQUEST_ID));
      },
    },
    rateLimited(form(UNKNOWN_REQUEST)),
  ],
  respond: [
    {
      status: 201,
      why: 'a response from someone without an account',
      run: async (api) => {
        await requester(api);
        return api.inject(respond(REQUEST_ID));
      },
    },
    {
      status: 201,
      why: 'a response with a file to upload in parts (the answer carries the upload ticket)',
      run: async (api) => {
        await requester(api, { allowFiles: true });
        return api.inject(respond(REQUEST_ID, { files: [MANIFEST] }));
      },
    },
    {
      status: 400,
      code: 'validation.ephemeralKey',
      why: 'an ephemeral key of the wrong length',
      run: async (api) => {
        await requester(api);
        return api.inject(respond(REQUEST_ID, { ephemeralKey: 'short' }));
      },
    },
    {
      status: 400,
      code: 'secret_request.files_not_allowed',
      why: 'a file to a request that takes none',
      run: async (api) => {
        await requester(api);
        return api.inject(respond(REQUEST_ID, { files: [MANIFEST] }));
      },
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: (api) => api.inject(respond('A'.repeat(65))),
    },
    unknownToken(respond(UNKNOWN_REQUEST)),
    {
      status: 403,
      code: 'secret_request.ip_not_allowed',
      why: 'a responder outside the request’s IP range',
      run: async (api) => {
        await requester(api, { allowedIp: '203.0.113.0/24' });
        return api.inject(respond(REQUEST_ID));
      },
    },
    {
      status: 403,
      code: 'secret_request.disabled',
      why: 'requests turned off by the instance setting',
      run: whenDisabled(async (api) => {
        await requester(api);
        return respond(REQUEST_ID);
      }),
    },
    {
      status: 403,
      code: 'files.upload_disabled',
      why: 'a file while file uploads are turned off',
      run: async (api) => {
        await requester(api, { allowFiles: true });
        await api.services.settings.update({ disable_file_upload: true });
        return api.inject(respond(REQUEST_ID, { files: [MANIFEST] }));
      },
    },
    {
      status: 403,
      code: 'secret.read_only',
      why: 'a read-only instance, the requester a plain user',
      run: async (api) => {
        await requester(api);
        await api.services.settings.update({ read_only: true });
        return api.inject(respond(REQUEST_ID));
      },
    },
    crossSite(respond(UNKNOWN_REQUEST)),
    {
      status: 404,
      code: 'secret_request.not_found',
      why: 'an unknown id',
      run: (api) => api.inject(respond(UNKNOWN_REQUEST)),
    },
    {
      status: 404,
      code: 'secret_request.not_found',
      why: 'a request whose one place is taken',
      run: async (api) => {
        await requester(api);
        expect((await api.inject(respond(REQUEST_ID))).statusCode).toBe(201);
        return api.inject(respond(REQUEST_ID, { ephemeralKey: PUBLIC_KEY }));
      },
    },
    {
      status: 413,
      code: 'files.too_large',
      why: 'a file over the requester’s limit',
      config: { maxFileBytes: 1000 },
      run: async (api) => {
        await requester(api, { allowFiles: true });
        return api.inject(respond(REQUEST_ID, { files: [MANIFEST] }));
      },
    },
    ...bodyFailures('POST', `${item(UNKNOWN_REQUEST)}/responses`),
    {
      status: 429,
      code: 'rate_limited',
      why: 'a responder over the responses’ own limit (under the general one)',
      config: RESPONSE_LIMIT,
      async run(api) {
        await requester(api, { maxResponses: 5 });
        for (let i = 0; i < RESPONSE_LIMIT.responseRateLimit; i++) {
          expect((await api.inject(respond(REQUEST_ID))).statusCode).toBe(201);
        }
        return api.inject(respond(REQUEST_ID));
      },
    },
  ],
};
