import { expect } from 'vitest';
import { bodyFailures, crossSite, json, rateLimited, type Scenario } from '../../test-utils/contract-api.js';
import {
  REQUESTS,
  UNKNOWN_REQUEST,
  REQUEST_ID,
  requestBody,
  item,
  requester,
  answered,
  signedOut,
  byId,
  whenDisabled,
  changes,
  type RequestRoute,
} from './requests.contract.test-helpers.js';
import { FILL_LINK_SCENARIOS } from './fill-link.contract.test-utils.js';

/**
 * The contract test's scenarios for the requests routes (requests for secrets, issue 14): one per status each
 * declares, or more; the fill link's are in fill-link.contract.test-utils.ts.
 */
export const REQUEST_SCENARIOS: Record<RequestRoute, Scenario[]> = {
  createRequest: [
    {
      status: 201,
      why: 'a signed-in browser',
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: REQUESTS, payload: requestBody() }),
    },
    {
      status: 201,
      why: 'an API token with the requests scope, with every option',
      run: async (api) =>
        (await (await api.signUp()).withToken({ scopes: ['requests'] })).inject({
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
      why: 'an API token of the user with the requests scope',
      run: async (api) => (await (await requester(api)).withToken({ scopes: ['requests'] })).inject({ url: REQUESTS }),
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
        return (await alice.withToken({ scopes: ['requests'] })).inject({ url: item(REQUEST_ID) });
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
  ...FILL_LINK_SCENARIOS,
};
