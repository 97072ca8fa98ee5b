import { expect } from 'vitest';
import { PASSKEYS_MAX } from '../../../shared/rules/passkeys.js';
import {
  bodyFailures,
  crossSite,
  json,
  rateLimited,
  unknownToken,
  type Api,
  type Method,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';
import { newAuthenticator } from '../../test-utils/passkeys.js';

/** The contract test's scenarios for the passkey routes (issue 16.3): one per status each declares, or more. */

type PasskeyRoute = Extract<
  RouteName,
  | 'passkeys'
  | 'passkeyRegistrationOptions'
  | 'registerPasskey'
  | 'renamePasskey'
  | 'removePasskey'
  | 'passkeySigninOptions'
  | 'passkeySignin'
>;

const PASSKEYS = '/account/passkeys';
const OPTIONS = '/account/passkeys/options';
const SIGNIN = '/authentication/signin/passkey';
const SIGNIN_OPTIONS = '/authentication/signin/passkey/options';
const UNKNOWN = `${PASSKEYS}/unknown`;
/** A registration of the right shape, for a challenge nobody handed out. */
const SHAPED = newAuthenticator().register({ challenge: 'eA', rp: {}, user: { id: 'eA' } }).response;

/** Alice signed in, with a passkey of a software authenticator registered through the API. */
async function withPasskey(api: Api) {
  const alice = await api.signUp();
  const authenticator = newAuthenticator();
  const options = await alice.inject({ method: 'POST', url: OPTIONS });
  const { response } = authenticator.register(options.json());
  const registered = await alice.inject({ method: 'POST', url: PASSKEYS, payload: { credential: response } });
  expect(registered.statusCode, registered.body).toBe(201);
  return { alice, authenticator, response, id: registered.json<{ id: string }>().id };
}

async function assertion(api: Api) {
  const { authenticator } = await withPasskey(api);
  const options = await api.inject({ method: 'POST', url: SIGNIN_OPTIONS });
  return authenticator.authenticate(options.json());
}

const anonymous = (method: Method, url: string, payload?: unknown): Scenario => ({
  status: 401,
  code: 'auth.not_signed_in',
  why: 'nobody signed in',
  run: (api) => api.inject({ method, url, payload }),
});

const tokenRefused = (method: Method, url: string, payload?: unknown): Scenario => ({
  status: 403,
  code: 'auth.session_required',
  why: 'an API token instead of a session',
  run: async (api) => (await (await api.signUp()).withToken()).inject({ method, url, payload }),
});

const brokenJson = (method: Method, url: string): Scenario => ({
  status: 400,
  code: 'request.invalid_json',
  why: 'a body that is not valid JSON',
  run: async (api) => (await api.signUp()).inject({ method, url, ...json('{') }),
});

export const PASSKEY_SCENARIOS: Record<PasskeyRoute, Scenario[]> = {
  passkeys: [
    {
      status: 200,
      why: 'a signed-in browser',
      run: async (api) => (await withPasskey(api)).alice.inject({ url: PASSKEYS }),
    },
    anonymous('GET', PASSKEYS),
    tokenRefused('GET', PASSKEYS),
    rateLimited({ url: PASSKEYS }),
  ],
  passkeyRegistrationOptions: [
    {
      status: 200,
      why: 'a signed-in browser',
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: OPTIONS }),
    },
    brokenJson('POST', OPTIONS),
    anonymous('POST', OPTIONS),
    tokenRefused('POST', OPTIONS),
    crossSite({ method: 'POST', url: OPTIONS }),
    {
      status: 409,
      code: 'passkey.limit',
      why: `an account with ${PASSKEYS_MAX} passkeys`,
      async run(api) {
        const alice = await api.signUp();
        const authenticator = newAuthenticator();
        for (let index = 0; index < PASSKEYS_MAX; index += 1) {
          const options = await alice.inject({ method: 'POST', url: OPTIONS });
          const credential = authenticator.register(options.json()).response;
          expect((await alice.inject({ method: 'POST', url: PASSKEYS, payload: { credential } })).statusCode).toBe(201);
        }
        return alice.inject({ method: 'POST', url: OPTIONS });
      },
    },
    ...bodyFailures('POST', OPTIONS),
    rateLimited({ method: 'POST', url: OPTIONS }),
  ],
  registerPasskey: [
    {
      status: 201,
      why: 'the authenticator’s answer to the options',
      async run(api) {
        const alice = await api.signUp();
        const options = await alice.inject({ method: 'POST', url: OPTIONS });
        const { response } = newAuthenticator().register(options.json());
        return alice.inject({ method: 'POST', url: PASSKEYS, payload: { name: 'Laptop', credential: response } });
      },
    },
    {
      status: 400,
      code: 'passkey.challenge_invalid',
      why: 'an answer to a challenge the server never handed out',
      async run(api) {
        const alice = await api.signUp();
        const { response } = newAuthenticator().register({ challenge: 'bm90LWdpdmVu', rp: {}, user: { id: 'eA' } });
        return alice.inject({ method: 'POST', url: PASSKEYS, payload: { credential: response } });
      },
    },
    {
      status: 400,
      code: 'validation.credential',
      why: 'no credential',
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: PASSKEYS, payload: { name: 'x' } }),
    },
    anonymous('POST', PASSKEYS, { credential: SHAPED }),
    tokenRefused('POST', PASSKEYS, { credential: SHAPED }),
    crossSite({ method: 'POST', url: PASSKEYS, payload: {} }),
    {
      status: 409,
      code: 'passkey.exists',
      why: 'a credential registered already, answered to new options',
      async run(api) {
        const { alice, response } = await withPasskey(api);
        const options = await alice.inject({ method: 'POST', url: OPTIONS });
        // Attestation "none" signs nothing: the same credential comes back with the new challenge.
        const clientData = { type: 'webauthn.create', challenge: options.json().challenge, origin: 'http://localhost' };
        const again = {
          ...response,
          response: {
            ...response.response,
            clientDataJSON: Buffer.from(JSON.stringify(clientData)).toString('base64url'),
          },
        };
        return alice.inject({ method: 'POST', url: PASSKEYS, payload: { credential: again } });
      },
    },
    ...bodyFailures('POST', PASSKEYS),
    rateLimited({ method: 'POST', url: PASSKEYS, payload: {} }),
  ],
  renamePasskey: [
    {
      status: 200,
      why: 'a new name for one of the account’s passkeys',
      async run(api) {
        const { alice, id } = await withPasskey(api);
        return alice.inject({ method: 'PUT', url: `${PASSKEYS}/${id}`, payload: { name: 'Phone' } });
      },
    },
    {
      status: 400,
      code: 'validation.name',
      why: 'an empty name',
      async run(api) {
        const { alice, id } = await withPasskey(api);
        return alice.inject({ method: 'PUT', url: `${PASSKEYS}/${id}`, payload: { name: '' } });
      },
    },
    anonymous('PUT', UNKNOWN, { name: 'x' }),
    tokenRefused('PUT', UNKNOWN, { name: 'x' }),
    crossSite({ method: 'PUT', url: UNKNOWN, payload: { name: 'x' } }),
    {
      status: 404,
      code: 'passkey.not_found',
      why: 'another account’s passkey',
      async run(api) {
        const { id } = await withPasskey(api);
        const bob = await api.signUp({ username: 'bob_1' });
        return bob.inject({ method: 'PUT', url: `${PASSKEYS}/${id}`, payload: { name: 'mine' } });
      },
    },
    ...bodyFailures('PUT', UNKNOWN),
    rateLimited({ method: 'PUT', url: UNKNOWN, payload: { name: 'x' } }),
  ],
  removePasskey: [
    {
      status: 200,
      why: 'one of the account’s passkeys',
      async run(api) {
        const { alice, id } = await withPasskey(api);
        return alice.inject({ method: 'DELETE', url: `${PASSKEYS}/${id}` });
      },
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: async (api) => (await api.signUp()).inject({ method: 'DELETE', url: `${PASSKEYS}/${'A'.repeat(65)}` }),
    },
    anonymous('DELETE', UNKNOWN),
    tokenRefused('DELETE', UNKNOWN),
    crossSite({ method: 'DELETE', url: UNKNOWN }),
    {
      status: 404,
      code: 'passkey.not_found',
      why: 'no such passkey',
      run: async (api) => (await api.signUp()).inject({ method: 'DELETE', url: UNKNOWN }),
    },
    ...bodyFailures('DELETE', UNKNOWN),
    rateLimited({ method: 'DELETE', url: UNKNOWN }),
  ],
  passkeySigninOptions: [
    {
      status: 200,
      why: 'anyone, for a passwordless sign-in',
      run: (api) => api.inject({ method: 'POST', url: SIGNIN_OPTIONS }),
    },
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'a body that is not valid JSON',
      run: (api) => api.inject({ method: 'POST', url: SIGNIN_OPTIONS, ...json('{') }),
    },
    unknownToken({ method: 'POST', url: SIGNIN_OPTIONS }),
    crossSite({ method: 'POST', url: SIGNIN_OPTIONS }),
    ...bodyFailures('POST', SIGNIN_OPTIONS),
    rateLimited({ method: 'POST', url: SIGNIN_OPTIONS }),
  ],
  passkeySignin: [
    {
      status: 200,
      why: 'a discoverable passkey’s assertion',
      run: async (api) => api.inject({ method: 'POST', url: SIGNIN, payload: { credential: await assertion(api) } }),
    },
    {
      status: 400,
      code: 'passkey.challenge_invalid',
      why: 'an assertion replayed',
      async run(api) {
        const credential = await assertion(api);
        expect((await api.inject({ method: 'POST', url: SIGNIN, payload: { credential } })).statusCode).toBe(200);
        return api.inject({ method: 'POST', url: SIGNIN, payload: { credential } });
      },
    },
    {
      status: 401,
      code: 'passkey.invalid',
      why: 'an assertion whose signature does not verify',
      async run(api) {
        const credential = await assertion(api);
        const signature = Buffer.from(credential.response.signature, 'base64url');
        signature[signature.length - 1]! ^= 1;
        credential.response.signature = signature.toString('base64url');
        return api.inject({ method: 'POST', url: SIGNIN, payload: { credential } });
      },
    },
    crossSite({ method: 'POST', url: SIGNIN, payload: {} }),
    ...bodyFailures('POST', SIGNIN),
    rateLimited({ method: 'POST', url: SIGNIN, payload: {} }),
  ],
};

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const clientData = (data: unknown) => b64(JSON.stringify(data));
/** clientDataJSON that is no JSON, names no challenge, or one nobody handed out. */
const ODD_CLIENT_DATA = [
  '',
  b64('not json'),
  clientData(null),
  clientData({ challenge: 42 }),
  clientData({ challenge: 'x'.repeat(200) }),
  clientData({ type: 'webauthn.get', challenge: 'bm90LWdpdmVu', origin: 'http://localhost' }),
];
const credentialBase = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {} };

/** Registrations no authenticator makes: whatever the app answers must be declared (contract-odd.ts). */
export const ODD_PASSKEY_REGISTRATIONS: unknown[] = [
  ...ODD_CLIENT_DATA.map((clientDataJSON) => ({
    ...credentialBase,
    response: { clientDataJSON, attestationObject: b64('garbage') },
  })),
  { ...credentialBase, response: { clientDataJSON: '+/=', attestationObject: '' } },
  { ...credentialBase, type: 'password', response: { clientDataJSON: '', attestationObject: '' } },
  { ...credentialBase, response: { clientDataJSON: 'A'.repeat(5000), attestationObject: '' } },
];

/** Assertions no authenticator makes. */
export const ODD_PASSKEY_ASSERTIONS: unknown[] = [
  ...ODD_CLIENT_DATA.map((clientDataJSON) => ({
    ...credentialBase,
    response: { clientDataJSON, authenticatorData: '', signature: '' },
  })),
  { ...credentialBase, response: { clientDataJSON: '', authenticatorData: '', signature: '', userHandle: '%%' } },
  { ...credentialBase, id: '', rawId: '', response: { clientDataJSON: '', authenticatorData: 'AA', signature: 'AA' } },
  { ...credentialBase, clientExtensionResults: null, response: {} },
];
