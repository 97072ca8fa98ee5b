import { expect } from 'vitest';
import {
  bodyFailures,
  json,
  crossSite,
  rateLimited,
  unknownToken,
  withoutScope,
  type Api,
  type ApiRequest,
  type Method,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';
import { UNKNOWN_ID } from '../secrets/secrets.contract.test-utils.js';

/**
 * The contract test's scenarios for the receipts routes (issue 15): a secret's status for whoever holds its receipt
 * link (the delete token), and for its owner, live or ended. One per status each declares, or more.
 */

type ReceiptRoute = Extract<RouteName, 'readReceipt' | 'ownReceipt' | 'endedSecrets'>;

/** A well-formed delete token no secret has. */
const UNKNOWN_TOKEN = 'A'.repeat(43);
const receipt = (id: string, deleteToken: string): ApiRequest => ({
  method: 'POST',
  url: `/receipt/${id}`,
  payload: { deleteToken },
});
const own = (id: string): ApiRequest => ({ url: `/account/secrets/${id}/receipt` });
const ENDED = '/account/secrets/ended';

/** A secret read once of two by someone else (its status shows the view), created by `as` (anonymous by default). */
async function viewed(api: Api, as: Api = api, body: Record<string, unknown> = {}) {
  const secret = await as.create({ maxViews: 2, ...body });
  expect((await api.inject({ method: 'POST', url: `/secret/${secret.id}`, payload: {} })).statusCode).toBe(200);
  return secret;
}

/** A secret of `as` ended: burned with its delete token. */
async function burned(as: Api) {
  const secret = await as.create();
  const burn = await as.inject({
    method: 'POST',
    url: `/secret/${secret.id}/burn`,
    payload: { deleteToken: secret.deleteToken },
  });
  expect(burn.statusCode, burn.body).toBe(200);
  return secret;
}

/** An owner's route: nobody signed in, an API token nobody holds, one without the secrets:read scope. */
const signedOut = (method: Method, url: string): Scenario[] => [
  {
    status: 401,
    code: 'auth.not_signed_in',
    why: 'nobody signed in',
    run: (api) => api.inject({ method, url }),
  },
  unknownToken({ method, url }),
  withoutScope({ method, url }, 'secrets:read'),
];

export const RECEIPT_SCENARIOS: Record<ReceiptRoute, Scenario[]> = {
  readReceipt: [
    {
      ...unknownToken(receipt('A'.repeat(22), UNKNOWN_TOKEN)),
      why: 'an API token nobody holds (a token sent is checked, even on a route for anyone)',
    },
    {
      ...crossSite(receipt('A'.repeat(22), UNKNOWN_TOKEN)),
      why: 'a signed-in browser’s request from another site',
    },
    {
      status: 200,
      why: 'a live secret viewed once, with its delete token',
      run: async (api) => {
        const secret = await viewed(api);
        return api.inject(receipt(secret.id, secret.deleteToken));
      },
    },
    {
      status: 200,
      why: 'a secret ended by its last view, to a signed-in browser holding the link',
      run: async (api) => {
        const secret = await api.create();
        expect((await api.inject({ method: 'POST', url: `/secret/${secret.id}`, payload: {} })).statusCode).toBe(200);
        return (await api.signUp()).inject(receipt(secret.id, secret.deleteToken));
      },
    },
    {
      status: 200,
      why: 'a burned secret',
      run: async (api) => {
        const secret = await burned(api);
        return api.inject(receipt(secret.id, secret.deleteToken));
      },
    },
    {
      status: 400,
      code: 'validation.deleteToken',
      why: 'a delete token of the wrong length',
      run: (api) => api.inject(receipt(UNKNOWN_ID, 'short')),
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: (api) => api.inject(receipt('A'.repeat(65), UNKNOWN_TOKEN)),
    },
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'malformed JSON',
      run: (api) => api.inject({ method: 'POST', url: `/receipt/${UNKNOWN_ID}`, ...json('{"deleteToken":') }),
    },
    {
      status: 404,
      code: 'receipt.not_found',
      why: 'an unknown id',
      run: (api) => api.inject(receipt(UNKNOWN_ID, UNKNOWN_TOKEN)),
    },
    {
      status: 404,
      code: 'receipt.not_found',
      why: 'another token than the secret’s',
      run: async (api) => api.inject(receipt((await api.create()).id, UNKNOWN_TOKEN)),
    },
    {
      status: 404,
      code: 'receipt.not_found',
      why: 'an ended secret with another token',
      run: async (api) => api.inject(receipt((await burned(api)).id, UNKNOWN_TOKEN)),
    },
    ...bodyFailures('POST', `/receipt/${UNKNOWN_ID}`),
    rateLimited(receipt(UNKNOWN_ID, UNKNOWN_TOKEN)),
  ],
  ownReceipt: [
    {
      status: 200,
      why: 'the owner’s live secret, viewed once',
      run: async (api) => {
        const alice = await api.signUp();
        return alice.inject(own((await viewed(api, alice)).id));
      },
    },
    {
      status: 200,
      why: 'the owner’s burned secret, by an API token',
      run: async (api) => {
        const alice = await api.signUp();
        const secret = await burned(alice);
        return (await alice.withToken()).inject(own(secret.id));
      },
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: async (api) => (await api.signUp()).inject(own('A'.repeat(65))),
    },
    ...signedOut('GET', own(UNKNOWN_ID).url),
    {
      status: 404,
      code: 'receipt.not_found',
      why: 'another user’s secret',
      run: async (api) => {
        const bob = await api.signUp({ username: 'bob_1' });
        const secret = await bob.create();
        return (await api.signUp()).inject(own(secret.id));
      },
    },
    {
      status: 404,
      code: 'receipt.not_found',
      why: 'a secret created without an account',
      run: async (api) => (await api.signUp()).inject(own((await api.create()).id)),
    },
    {
      status: 404,
      code: 'receipt.not_found',
      why: 'an unknown id',
      run: async (api) => (await api.signUp()).inject(own(UNKNOWN_ID)),
    },
    rateLimited(own(UNKNOWN_ID)),
  ],
  endedSecrets: [
    {
      status: 200,
      why: 'a user with a secret ended by its last view, and a live one (not listed)',
      run: async (api) => {
        const alice = await api.signUp();
        await viewed(api, alice, { maxViews: 1 });
        await alice.create();
        return alice.inject({ url: ENDED });
      },
    },
    {
      status: 200,
      why: 'an API token of a user with a burned secret',
      run: async (api) => {
        const alice = await api.signUp();
        await burned(alice);
        return (await alice.withToken()).inject({ url: ENDED });
      },
    },
    ...signedOut('GET', ENDED),
    rateLimited({ url: ENDED }),
  ],
};
