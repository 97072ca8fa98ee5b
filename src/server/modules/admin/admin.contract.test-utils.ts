import {
  ACCOUNT_PASSWORD,
  asAdmin,
  bodyFailures,
  crossSite,
  nonAdminToken,
  rateLimited,
  unknownToken,
  withoutScope,
  type Api,
  type ApiRequest,
  type Method,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';

/** The contract test's scenarios for the admin routes (settings and users): one per status each declares, or more. */

type AdminRoute = Extract<
  RouteName,
  'adminSettings' | 'updateAdminSettings' | 'adminUsers' | 'createUser' | 'updateUser' | 'deleteUser'
>;

const SETTINGS = '/admin/settings';
const USERS = '/admin/users';
const SWITCHES = {
  disable_users: false,
  disable_user_account_creation: false,
  read_only: false,
  disable_file_upload: false,
};
const bob = { username: 'bob_1', email: 'bob@example.com', password: ACCOUNT_PASSWORD };

/** As the admin, after alice and bob_1 have signed up. */
const byAdmin =
  (request: ApiRequest, via: 'session' | 'token' = 'session') =>
  async (api: Api) => {
    await api.signUp();
    await api.signUp(bob);
    return (await asAdmin(api, via)).inject(request);
  };

/** What every admin route answers to callers who are not admins, and over the rate limit. */
function refused(method: Method, url: string, payload?: unknown): Scenario[] {
  const request = { method, url, payload };
  return [
    { status: 401, code: 'auth.not_signed_in', why: 'nobody signed in', run: (api) => api.inject(request) },
    unknownToken(request),
    {
      status: 403,
      code: 'auth.admin_required',
      why: 'a signed-in user who is not an admin',
      run: async (api) => (await api.signUp()).inject(request),
    },
    nonAdminToken(request),
    withoutScope(request, 'admin'),
    rateLimited(request),
  ];
}

/** What the routes that take a body also answer: cross-site requests, and bodies too large or not JSON. */
const bodyRefused = (method: Method, url: string, payload: unknown): Scenario[] => [
  ...refused(method, url, payload),
  crossSite({ method, url, payload }),
  ...bodyFailures(method, url),
];

const invalid = (method: Method, url: string, field: string, why: string, payload: unknown): Scenario => ({
  status: 400,
  code: `validation.${field}`,
  why,
  run: byAdmin({ method, url, payload }),
});

const put = (payload: unknown): ApiRequest => ({ method: 'PUT', url: USERS, payload });

export const ADMIN_SCENARIOS: Record<AdminRoute, Scenario[]> = {
  adminSettings: [
    { status: 200, why: 'an admin’s session', run: byAdmin({ url: SETTINGS }) },
    { status: 200, why: 'an admin’s API token', run: byAdmin({ url: SETTINGS }, 'token') },
    {
      status: 200,
      why: 'settings pinned by the environment',
      config: { settingReadOnly: true },
      run: byAdmin({ url: SETTINGS }),
    },
    ...refused('GET', SETTINGS),
  ],
  updateAdminSettings: [
    {
      status: 200,
      why: 'all seven settings',
      run: byAdmin({
        method: 'PUT',
        url: SETTINGS,
        payload: {
          ...SWITCHES,
          read_only: true,
          hide_allowed_ip_input: false,
          restrict_organization_email: 'Corp.Example',
          disable_requests: true,
        },
      }),
    },
    {
      status: 200,
      why: 'a pinned setting sent with its pinned value',
      config: { settingReadOnly: true },
      run: byAdmin({ method: 'PUT', url: SETTINGS, payload: { ...SWITCHES, read_only: true, disable_users: true } }),
    },
    invalid('PUT', SETTINGS, 'read_only', 'a setting that is not a boolean', { ...SWITCHES, read_only: 'true' }),
    invalid('PUT', SETTINGS, 'disable_users', 'a required setting left out', { ...SWITCHES, disable_users: undefined }),
    invalid('PUT', SETTINGS, 'body', 'an unknown field', { ...SWITCHES, managed: [] }),
    invalid('PUT', SETTINGS, 'restrict_organization_email', 'a domain that is not one', {
      ...SWITCHES,
      restrict_organization_email: '@corp.example',
    }),
    {
      status: 403,
      code: 'settings.managed',
      why: 'a change of a setting pinned by the environment',
      config: { settingReadOnly: true },
      run: byAdmin({ method: 'PUT', url: SETTINGS, payload: SWITCHES }),
    },
    {
      status: 409,
      code: 'settings.own_second_factor_missing',
      why: 'a second factor required of admins by an admin whose password session has none',
      run: byAdmin({ method: 'PUT', url: SETTINGS, payload: { ...SWITCHES, require_two_factor: 'admins' } }),
    },
    ...bodyRefused('PUT', SETTINGS, SWITCHES),
  ],
  adminUsers: [
    { status: 200, why: 'an admin’s session', run: byAdmin({ url: USERS }) },
    { status: 200, why: 'a page by skip and take', run: byAdmin({ url: `${USERS}?skip=1&take=2` }, 'token') },
    invalid('GET', `${USERS}?take=0`, 'take', 'take 0', undefined),
    invalid('GET', `${USERS}?take=101`, 'take', 'take over 100', undefined),
    invalid('GET', `${USERS}?skip=-1`, 'skip', 'a negative skip', undefined),
    invalid('GET', `${USERS}?skip=ten`, 'skip', 'a skip that is not a number', undefined),
    ...refused('GET', USERS),
  ],
  createUser: [
    {
      status: 201,
      why: 'a new user with the default role',
      run: byAdmin({
        method: 'POST',
        url: USERS,
        payload: { username: 'carol', email: 'c@example.com', password: 'pass1' },
      }),
    },
    {
      status: 201,
      why: 'a new admin, while sign-up is disabled',
      config: { settingDisableUserAccountCreation: true },
      run: async (api) =>
        (await asAdmin(api)).inject({
          method: 'POST',
          url: USERS,
          payload: { ...bob, role: 'admin', generated: false },
        }),
    },
    invalid('POST', USERS, 'role', 'a role that does not exist', { ...bob, username: 'carol', role: 'root' }),
    invalid('POST', USERS, 'password', 'a password too short', { ...bob, username: 'carol', password: 'abc' }),
    {
      status: 409,
      code: 'auth.username_taken',
      why: 'a taken username',
      run: byAdmin({ method: 'POST', url: USERS, payload: { ...bob, username: 'ALICE' } }),
    },
    {
      status: 409,
      code: 'auth.email_taken',
      why: 'a taken email',
      run: byAdmin({ method: 'POST', url: USERS, payload: { ...bob, username: 'carol' } }),
    },
    ...bodyRefused('POST', USERS, bob),
  ],
  updateUser: [
    {
      status: 200,
      why: 'a new email and role',
      run: byAdmin(put({ username: 'alice', email: 'alice@corp.example', role: 'creator' })),
    },
    invalid('PUT', USERS, 'role', 'a role that does not exist', {
      username: 'alice',
      email: 'a@example.com',
      role: 'x',
    }),
    {
      status: 404,
      code: 'admin.user_not_found',
      why: 'an unknown user',
      run: byAdmin(put({ username: 'nobody', email: 'n@example.com', role: 'user' })),
    },
    {
      status: 409,
      code: 'admin.last_admin',
      why: 'the last admin demoted',
      run: byAdmin(put({ username: 'rootuser', email: 'root@example.com', role: 'user' })),
    },
    {
      status: 409,
      code: 'auth.email_taken',
      why: 'another user’s email',
      run: byAdmin(put({ username: 'alice', email: 'BOB@example.com', role: 'user' })),
    },
    ...bodyRefused('PUT', USERS, { username: 'alice', email: 'alice@example.com', role: 'user' }),
  ],
  deleteUser: [
    { status: 200, why: 'a user', run: byAdmin({ method: 'DELETE', url: USERS, payload: { username: 'alice' } }) },
    invalid('DELETE', USERS, 'username', 'no username', {}),
    {
      status: 404,
      code: 'admin.user_not_found',
      why: 'an unknown user',
      run: byAdmin({ method: 'DELETE', url: USERS, payload: { username: 'nobody' } }),
    },
    {
      status: 409,
      code: 'admin.last_admin',
      why: 'the last admin deleting itself',
      run: byAdmin({ method: 'DELETE', url: USERS, payload: { username: 'rootuser' } }),
    },
    ...bodyRefused('DELETE', USERS, { username: 'alice' }),
  ],
};
