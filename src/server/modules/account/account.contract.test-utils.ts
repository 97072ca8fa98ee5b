import {
  ACCOUNT_PASSWORD,
  asAdmin,
  bodyFailures,
  crossSite,
  rateLimited,
  type RouteName,
  type Scenario,
  withoutScope,
} from '../../test-utils/contract-api.js';

/** The contract test's scenarios for the account routes: one per status each declares, or more. */

type AccountRoute = Extract<
  RouteName,
  'account' | 'update' | 'delete' | 'secrets' | 'tokens' | 'createToken' | 'revokeToken'
>;

const UPDATE = '/account/update';
const DELETE = '/account/delete';
const TOKENS = '/account/tokens';
const current = { currentPassword: ACCOUNT_PASSWORD };

/** Nobody signed in: the account routes answer 401. */
const anonymous = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Scenario => ({
  status: 401,
  code: 'auth.not_signed_in',
  why: 'nobody signed in',
  run: (api) => api.inject({ method, url, payload }),
});

/** An API token where the route needs the person: 403. */
const tokenRefused = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Scenario => ({
  status: 403,
  code: 'auth.session_required',
  why: 'an API token instead of a session',
  run: async (api) => (await (await api.signUp()).withToken()).inject({ method, url, payload }),
});

export const ACCOUNT_SCENARIOS: Record<AccountRoute, Scenario[]> = {
  account: [
    { status: 200, why: 'a signed-in browser', run: async (api) => (await api.signUp()).inject({ url: '/account' }) },
    {
      status: 200,
      why: 'an API token with the account:read scope (HTTP Basic username)',
      run: async (api) =>
        (await (await api.signUp()).withToken({ scheme: 'Basic', scopes: ['account:read'] })).inject({
          url: '/account',
        }),
    },
    anonymous('GET', '/account'),
    withoutScope({ url: '/account' }, 'account:read'),
    rateLimited({ url: '/account' }),
  ],
  update: [
    {
      status: 200,
      why: 'a new email',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'PUT', url: UPDATE, payload: { ...current, email: 'new@example.com' } }),
    },
    {
      status: 200,
      why: 'a new password with its confirmation',
      run: async (api) =>
        (await api.signUp()).inject({
          method: 'PUT',
          url: UPDATE,
          payload: { ...current, newPassword: 'battery staple', confirmNewPassword: 'battery staple' },
        }),
    },
    {
      status: 400,
      code: 'auth.current_password_invalid',
      why: 'a wrong current password',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'PUT', url: UPDATE, payload: { currentPassword: 'wrong password' } }),
    },
    {
      status: 400,
      code: 'validation.confirmNewPassword',
      why: 'a confirmation that does not match',
      run: async (api) =>
        (await api.signUp()).inject({
          method: 'PUT',
          url: UPDATE,
          payload: { ...current, newPassword: 'battery staple', confirmNewPassword: 'battery' },
        }),
    },
    anonymous('PUT', UPDATE, current),
    tokenRefused('PUT', UPDATE, current),
    crossSite({ method: 'PUT', url: UPDATE, payload: current }),
    {
      status: 409,
      code: 'auth.email_taken',
      why: 'another account’s email',
      run: async (api) => {
        await api.signUp({ username: 'bob_1', email: 'bob@example.com' });
        const alice = await api.signUp();
        return alice.inject({ method: 'PUT', url: UPDATE, payload: { ...current, email: 'Bob@Example.com' } });
      },
    },
    ...bodyFailures('PUT', UPDATE),
    rateLimited({ method: 'PUT', url: UPDATE, payload: current }),
  ],
  delete: [
    {
      status: 200,
      why: 'the current password',
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: DELETE, payload: current }),
    },
    {
      status: 400,
      code: 'auth.current_password_invalid',
      why: 'a wrong current password',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'POST', url: DELETE, payload: { currentPassword: 'wrong' } }),
    },
    {
      status: 400,
      code: 'validation.currentPassword',
      why: 'no current password',
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: DELETE, payload: {} }),
    },
    {
      status: 409,
      code: 'account.last_admin',
      why: 'the only admin deleting itself',
      run: async (api) => {
        await api.services.auth.ensureAdmin('rootuser', ACCOUNT_PASSWORD, 'root@example.com');
        const signin = await api.inject({
          method: 'POST',
          url: '/authentication/signin',
          payload: { username: 'rootuser', password: ACCOUNT_PASSWORD },
        });
        const session = signin.cookies.find((cookie) => cookie.name === 'hush_session')!.value;
        return api.inject({
          method: 'POST',
          url: DELETE,
          payload: current,
          headers: { cookie: `hush_session=${session}` },
        });
      },
    },
    anonymous('POST', DELETE, current),
    tokenRefused('POST', DELETE, current),
    crossSite({ method: 'POST', url: DELETE, payload: current }),
    ...bodyFailures('POST', DELETE),
    rateLimited({ method: 'POST', url: DELETE, payload: current }),
  ],
  secrets: [
    {
      status: 200,
      why: 'a signed-in user with a 28-day secret',
      run: async (api) => {
        const alice = await api.signUp();
        await alice.create({ ttl: 2419200, title: 'For Bob' });
        return alice.inject({ url: '/secret' });
      },
    },
    {
      status: 200,
      why: 'an API token with the secrets:read scope',
      run: async (api) => {
        const alice = await api.signUp();
        await alice.create({ title: 'mine' });
        return (await alice.withToken({ scopes: ['secrets:read'] })).inject({ url: '/secret' });
      },
    },
    anonymous('GET', '/secret'),
    withoutScope({ url: '/secret' }, 'secrets:read'),
    rateLimited({ url: '/secret' }),
  ],
  tokens: [
    {
      status: 200,
      why: 'a signed-in user with a token',
      run: async (api) => {
        const alice = await api.signUp();
        await alice.withToken({ expiresInDays: 30 });
        return alice.inject({ url: TOKENS });
      },
    },
    {
      status: 200,
      why: 'an API token with the account:read scope',
      run: async (api) => (await (await api.signUp()).withToken({ scopes: ['account:read'] })).inject({ url: TOKENS }),
    },
    anonymous('GET', TOKENS),
    withoutScope({ url: TOKENS }, 'account:read'),
    rateLimited({ url: TOKENS }),
  ],
  createToken: [
    {
      status: 201,
      why: 'a name and an expiry',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'POST', url: TOKENS, payload: { name: 'ci', expiresInDays: 90 } }),
    },
    {
      status: 400,
      code: 'validation.name',
      why: 'a blank name',
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: TOKENS, payload: { name: '  ' } }),
    },
    {
      status: 201,
      why: 'the scopes chosen, for a year',
      run: async (api) =>
        (await api.signUp()).inject({
          method: 'POST',
          url: TOKENS,
          payload: { name: 'ci', expiresInDays: 365, scopes: ['requests', 'secrets:read'] },
        }),
    },
    {
      status: 201,
      why: 'an admin giving the admin scope',
      run: async (api) =>
        (await asAdmin(api)).inject({ method: 'POST', url: TOKENS, payload: { name: 'ops', scopes: ['admin'] } }),
    },
    {
      status: 400,
      code: 'validation.scopes',
      why: 'no scope at all',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'POST', url: TOKENS, payload: { name: 'ci', scopes: [] } }),
    },
    {
      status: 400,
      code: 'validation.scopes',
      why: 'a scope that is not one',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'POST', url: TOKENS, payload: { name: 'ci', scopes: ['everything'] } }),
    },
    {
      status: 403,
      code: 'auth.scope_not_allowed',
      why: 'a user who is not an admin asking for the admin scope',
      run: async (api) =>
        (await api.signUp()).inject({
          method: 'POST',
          url: TOKENS,
          payload: { name: 'ci', scopes: ['secrets:read', 'admin'] },
        }),
    },
    {
      status: 400,
      code: 'validation.expiresInDays',
      why: 'an expiry of 0 days',
      run: async (api) =>
        (await api.signUp()).inject({ method: 'POST', url: TOKENS, payload: { name: 'ci', expiresInDays: 0 } }),
    },
    anonymous('POST', TOKENS, { name: 'ci' }),
    tokenRefused('POST', TOKENS, { name: 'ci' }),
    crossSite({ method: 'POST', url: TOKENS, payload: { name: 'ci' } }),
    ...bodyFailures('POST', TOKENS),
    rateLimited({ method: 'POST', url: TOKENS, payload: { name: 'ci' } }),
  ],
  revokeToken: [
    {
      status: 200,
      why: 'one of the user’s tokens',
      run: async (api) => {
        const alice = await api.signUp();
        const { tokenId } = await alice.withToken();
        return alice.inject({ method: 'DELETE', url: `${TOKENS}/${tokenId}` });
      },
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: async (api) => (await api.signUp()).inject({ method: 'DELETE', url: `${TOKENS}/${'A'.repeat(65)}` }),
    },
    anonymous('DELETE', `${TOKENS}/unknown`),
    {
      status: 403,
      code: 'auth.session_required',
      why: 'an API token revoking itself',
      run: async (api) => {
        const script = await (await api.signUp()).withToken();
        return script.inject({ method: 'DELETE', url: `${TOKENS}/${script.tokenId}` });
      },
    },
    crossSite({ method: 'DELETE', url: `${TOKENS}/unknown` }),
    {
      status: 404,
      code: 'request.not_found',
      why: 'another user’s token',
      run: async (api) => {
        const { tokenId } = await (await api.signUp({ username: 'bob_1' })).withToken();
        return (await api.signUp()).inject({ method: 'DELETE', url: `${TOKENS}/${tokenId}` });
      },
    },
    ...bodyFailures('DELETE', `${TOKENS}/unknown`),
    rateLimited({ method: 'DELETE', url: `${TOKENS}/unknown` }),
  ],
};
