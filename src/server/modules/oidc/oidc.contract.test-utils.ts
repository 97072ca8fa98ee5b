import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  ACCOUNT_PASSWORD,
  bodyFailures,
  crossSite,
  rateLimited,
  unknownToken,
  withoutScope,
  type Api,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';

/**
 * The contract test's scenarios for the link confirmation. An identity waiting for a link is made by the callback's
 * last step (the ID token already checked) with an identity of an issuer nobody runs: the whole flow, against a real
 * provider, is oidc.test.ts's.
 */

type OidcRoute = Extract<RouteName, 'oidcLinkInfo' | 'oidcLink' | 'identities' | 'unlinkIdentity'>;

const LINK = '/authentication/oidc/link';
const PROVIDER = {
  id: 'default',
  name: 'Example SSO',
  issuer: 'https://idp.example',
  clientId: 'hush',
  clientSecret: '',
  scopes: ['openid'],
};

/** Signs alice up, and answers with an anonymous browser whose cookie names an identity waiting for her account. */
async function waitingLink(api: Api, sub = 'alice-at-idp'): Promise<Pick<Api, 'inject'>> {
  await api.signUp();
  const outcome = await api.services.oidcAccounts.resolve(
    PROVIDER,
    { iss: PROVIDER.issuer, sub, email: 'alice@example.com', email_verified: true },
    null,
    {
      id: 'x',
      provider: 'default',
      state: 's',
      nonce: 'n',
      code_verifier: 'v',
      next: '/account',
      user_id: null,
      expires_at: 0,
    },
  );
  expect(outcome.kind).toBe('link');
  const cookie = `hush_oidc_link=${(outcome as { ticket: string }).ticket}`;
  return { inject: (request) => api.inject({ ...request, headers: { cookie, ...request.headers } }) };
}

/** Alice, signed up with a password, with a provider linked (confirmed by her password): the browser's session. */
async function linkedAlice(api: Api): Promise<Api> {
  const linked = await confirm(await waitingLink(api));
  expect(linked.statusCode, linked.body).toBe(200);
  const session = linked.cookies.find((cookie) => cookie.name === 'hush_session')!.value;
  return {
    ...api,
    inject: (request) => api.inject({ ...request, headers: { cookie: `hush_session=${session}`, ...request.headers } }),
  };
}

/** An account made by a first sign-in through a provider: its only way in is that provider. */
async function madeBySso(api: Api): Promise<Pick<Api, 'inject'>> {
  const outcome = await api.services.oidcAccounts.resolve(
    PROVIDER,
    {
      iss: PROVIDER.issuer,
      sub: 'carol-at-idp',
      email: 'carol@example.com',
      email_verified: true,
      preferred_username: 'carol',
    },
    null,
    {
      id: 'z',
      provider: 'default',
      state: 's',
      nonce: 'n',
      code_verifier: 'v',
      next: '/',
      user_id: null,
      expires_at: 0,
    },
  );
  const token = (outcome as { started: { token: string } }).started.token;
  return {
    inject: (request) => api.inject({ ...request, headers: { cookie: `hush_session=${token}`, ...request.headers } }),
  };
}

const IDENTITIES = '/account/identities';
const firstIdentity = async (browser: Pick<Api, 'inject'>) =>
  (await browser.inject({ url: IDENTITIES })).json<{ id: string }[]>()[0]!.id;

const confirm = (browser: Pick<Api, 'inject'>, password = ACCOUNT_PASSWORD): Promise<LightMyRequestResponse> =>
  browser.inject({ method: 'POST', url: LINK, payload: { password } });

export const OIDC_SCENARIOS: Record<OidcRoute, Scenario[]> = {
  oidcLinkInfo: [
    {
      status: 200,
      why: 'an identity waits for the account',
      run: async (api) => (await waitingLink(api)).inject({ url: LINK }),
    },
    unknownToken({ url: LINK }),
    { status: 404, code: 'oidc.link_invalid', why: 'nothing waits', run: (api) => api.inject({ url: LINK }) },
    rateLimited({ url: LINK }),
  ],
  oidcLink: [
    { status: 200, why: 'the account’s password', run: async (api) => confirm(await waitingLink(api)) },
    {
      status: 400,
      code: 'validation.password',
      why: 'no password',
      run: (api) => api.inject({ method: 'POST', url: LINK, payload: {} }),
    },
    {
      status: 401,
      code: 'auth.invalid_credentials',
      why: 'a wrong password',
      run: async (api) => confirm(await waitingLink(api), 'not the password'),
    },
    unknownToken({ method: 'POST', url: LINK, payload: { password: 'x' } }),
    crossSite({ method: 'POST', url: LINK, payload: { password: 'x' } }),
    {
      status: 403,
      code: 'auth.signin_disabled',
      why: 'signing in disabled for users',
      run: async (api) => {
        const browser = await waitingLink(api);
        await api.services.settings.update({ disable_users: true });
        return confirm(browser);
      },
    },
    {
      status: 404,
      code: 'oidc.link_invalid',
      why: 'nothing waits',
      run: (api) => api.inject({ method: 'POST', url: LINK, payload: { password: 'x' } }),
    },
    {
      status: 409,
      code: 'oidc.identity_taken',
      why: 'the identity was linked meanwhile, through a second wait',
      run: async (api) => {
        const first = await waitingLink(api);
        const outcome = await api.services.oidcAccounts.resolve(
          PROVIDER,
          { iss: PROVIDER.issuer, sub: 'alice-at-idp', email: 'alice@example.com', email_verified: true },
          null,
          {
            id: 'y',
            provider: 'default',
            state: 's',
            nonce: 'n',
            code_verifier: 'v',
            next: '/',
            user_id: null,
            expires_at: 0,
          },
        );
        expect((await confirm(first)).statusCode).toBe(200);
        const cookie = `hush_oidc_link=${(outcome as { ticket: string }).ticket}`;
        return api.inject({ method: 'POST', url: LINK, payload: { password: ACCOUNT_PASSWORD }, headers: { cookie } });
      },
    },
    ...bodyFailures('POST', LINK),
    rateLimited({ method: 'POST', url: LINK, payload: { password: 'x' } }),
  ],
  identities: [
    {
      status: 200,
      why: 'an account with a provider linked',
      run: async (api) => (await linkedAlice(api)).inject({ url: IDENTITIES }),
    },
    {
      status: 401,
      code: 'auth.not_signed_in',
      why: 'nobody signed in',
      run: (api) => api.inject({ url: IDENTITIES }),
    },
    withoutScope({ url: IDENTITIES }, 'account:read'),
    rateLimited({ url: IDENTITIES }),
  ],
  unlinkIdentity: [
    {
      status: 200,
      why: 'a provider of an account that has its password too',
      run: async (api) => {
        const alice = await linkedAlice(api);
        return alice.inject({ method: 'DELETE', url: `${IDENTITIES}/${await firstIdentity(alice)}` });
      },
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: async (api) => (await api.signUp()).inject({ method: 'DELETE', url: `${IDENTITIES}/${'A'.repeat(65)}` }),
    },
    {
      status: 401,
      code: 'auth.not_signed_in',
      why: 'nobody signed in',
      run: (api) => api.inject({ method: 'DELETE', url: `${IDENTITIES}/unknown` }),
    },
    {
      status: 403,
      code: 'auth.session_required',
      why: 'an API token instead of a session',
      run: async (api) => (await (await api.signUp()).withToken()).inject({ method: 'DELETE', url: `${IDENTITIES}/x` }),
    },
    crossSite({ method: 'DELETE', url: `${IDENTITIES}/unknown` }),
    {
      status: 404,
      code: 'oidc.identity_not_found',
      why: 'no such provider linked to the account',
      run: async (api) => (await api.signUp()).inject({ method: 'DELETE', url: `${IDENTITIES}/unknown` }),
    },
    {
      status: 409,
      code: 'oidc.last_method',
      why: 'the only way into an account made by single sign-on',
      run: async (api) => {
        const carol = await madeBySso(api);
        return carol.inject({ method: 'DELETE', url: `${IDENTITIES}/${await firstIdentity(carol)}` });
      },
    },
    ...bodyFailures('DELETE', `${IDENTITIES}/unknown`),
    rateLimited({ method: 'DELETE', url: `${IDENTITIES}/unknown` }),
  ],
};
