import { mailConfig } from '../../test-utils/account-mail.js';
import {
  ACCOUNT_PASSWORD,
  bodyFailures,
  crossSite,
  json,
  rateLimited,
  unknownToken,
  withoutScope,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';

/** The contract test's scenarios for the authentication routes: one per status each declares, or more. */

type AuthRoute = Extract<RouteName, 'signup' | 'signin' | 'signout' | 'verify' | 'refresh' | 'setup' | 'methods'>;

const SIGNUP = '/authentication/signup';
const SIGNIN = '/authentication/signin';
const SIGNOUT = '/authentication/signout';
const SETUP = '/authentication/setup';
const bob = { username: 'bob_1', email: 'bob@example.com', password: ACCOUNT_PASSWORD };

export const AUTH_SCENARIOS: Record<AuthRoute, Scenario[]> = {
  signup: [
    { status: 201, why: 'a valid body', run: (api) => api.inject({ method: 'POST', url: SIGNUP, payload: bob }) },
    {
      status: 202,
      why: 'a valid body, on an instance that emails the link (its SMTP server down: sent after the answer)',
      config: mailConfig('smtp://127.0.0.1:9'),
      run: (api) => api.inject({ method: 'POST', url: SIGNUP, payload: bob }),
    },
    {
      status: 400,
      code: 'validation.username',
      why: 'a 21-character username',
      run: (api) => api.inject({ method: 'POST', url: SIGNUP, payload: { ...bob, username: 'u'.repeat(21) } }),
    },
    {
      status: 400,
      code: 'validation.password',
      why: 'a 4-character password',
      run: (api) => api.inject({ method: 'POST', url: SIGNUP, payload: { ...bob, password: 'abcd' } }),
    },
    {
      status: 400,
      code: 'validation.email',
      why: 'no email',
      run: (api) => api.inject({ method: 'POST', url: SIGNUP, payload: { ...bob, email: undefined } }),
    },
    unknownToken({ method: 'POST', url: SIGNUP, payload: bob }),
    {
      status: 403,
      code: 'auth.signup_disabled',
      why: 'account creation switched off',
      run: async (api) => {
        await api.services.settings.update({ disable_user_account_creation: true });
        return api.inject({ method: 'POST', url: SIGNUP, payload: bob });
      },
    },
    {
      status: 403,
      code: 'auth.email_domain',
      why: 'an email outside the organisation’s domain',
      run: async (api) => {
        await api.services.settings.update({ restrict_organization_email: 'example.org' });
        return api.inject({ method: 'POST', url: SIGNUP, payload: bob });
      },
    },
    crossSite({ method: 'POST', url: SIGNUP, payload: bob }),
    {
      status: 409,
      code: 'auth.username_taken',
      why: 'a username taken in another case',
      run: async (api) => {
        await api.signUp({ username: 'Bob_1', email: 'other@example.com' });
        return api.inject({ method: 'POST', url: SIGNUP, payload: bob });
      },
    },
    {
      status: 409,
      code: 'auth.email_taken',
      why: 'an email taken in another case',
      run: async (api) => {
        await api.signUp({ username: 'other', email: 'BOB@example.com' });
        return api.inject({ method: 'POST', url: SIGNUP, payload: bob });
      },
    },
    ...bodyFailures('POST', SIGNUP),
    rateLimited({ method: 'POST', url: SIGNUP, payload: {} }),
  ],
  signin: [
    {
      status: 200,
      why: 'the username and password',
      run: async (api) => {
        await api.signUp();
        return api.inject({ method: 'POST', url: SIGNIN, payload: { username: 'ALICE', password: ACCOUNT_PASSWORD } });
      },
    },
    {
      status: 200,
      why: 'the email and password',
      run: async (api) => {
        await api.signUp();
        const payload = { username: 'alice@example.com', password: ACCOUNT_PASSWORD };
        return api.inject({ method: 'POST', url: SIGNIN, payload });
      },
    },
    {
      status: 400,
      code: 'validation.username',
      why: 'an empty username',
      run: (api) => api.inject({ method: 'POST', url: SIGNIN, payload: { username: '', password: 'x' } }),
    },
    {
      status: 401,
      code: 'auth.invalid_credentials',
      why: 'a wrong password',
      run: async (api) => {
        await api.signUp();
        return api.inject({ method: 'POST', url: SIGNIN, payload: { username: 'alice', password: 'wrong password' } });
      },
    },
    {
      status: 401,
      code: 'auth.invalid_credentials',
      why: 'an unknown user',
      run: (api) => api.inject({ method: 'POST', url: SIGNIN, payload: { username: 'nobody', password: 'x' } }),
    },
    {
      status: 403,
      code: 'auth.signin_disabled',
      why: 'users switched off',
      run: async (api) => {
        await api.signUp();
        await api.services.settings.update({ disable_users: true });
        return api.inject({ method: 'POST', url: SIGNIN, payload: { username: 'alice', password: ACCOUNT_PASSWORD } });
      },
    },
    crossSite({ method: 'POST', url: SIGNIN, payload: { username: 'alice', password: ACCOUNT_PASSWORD } }),
    ...bodyFailures('POST', SIGNIN),
    {
      status: 429,
      code: 'auth.too_many_attempts',
      why: 'five failed sign-ins for that username from one client',
      run: async (api) => {
        const wrong = { method: 'POST' as const, url: SIGNIN, payload: { username: 'nobody', password: 'wrong' } };
        for (let i = 0; i < 10; i++) await api.inject(wrong);
        return api.inject(wrong);
      },
    },
    rateLimited({ method: 'POST', url: SIGNIN, payload: {} }),
  ],
  signout: [
    {
      status: 200,
      why: 'a signed-in browser',
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: SIGNOUT }),
    },
    { status: 200, why: 'nobody signed in', run: (api) => api.inject({ method: 'POST', url: SIGNOUT }) },
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'a body that is not valid JSON',
      run: (api) => api.inject({ method: 'POST', url: SIGNOUT, ...json('{,}') }),
    },
    unknownToken({ method: 'POST', url: SIGNOUT }),
    crossSite({ method: 'POST', url: SIGNOUT }),
    ...bodyFailures('POST', SIGNOUT),
    rateLimited({ method: 'POST', url: SIGNOUT }),
  ],
  verify: [
    {
      status: 200,
      why: 'a signed-in browser',
      run: async (api) => (await api.signUp()).inject({ url: '/authentication/verify' }),
    },
    {
      status: 401,
      code: 'auth.not_signed_in',
      why: 'nobody signed in',
      run: (api) => api.inject({ url: '/authentication/verify' }),
    },
    withoutScope({ url: '/authentication/verify' }, 'account:read'),
    rateLimited({ url: '/authentication/verify' }),
  ],
  refresh: [
    {
      status: 200,
      why: 'a signed-in browser',
      run: async (api) => (await api.signUp()).inject({ url: '/authentication/refresh' }),
    },
    {
      status: 401,
      code: 'auth.not_signed_in',
      why: 'a session ended by signing out',
      run: async (api) => {
        const browser = await api.signUp();
        await browser.inject({ method: 'POST', url: SIGNOUT });
        return browser.inject({ url: '/authentication/refresh' });
      },
    },
    rateLimited({ url: '/authentication/refresh' }),
  ],
  methods: [
    { status: 200, why: 'anyone', run: (api) => api.inject({ url: '/authentication/methods' }) },
    unknownToken({ url: '/authentication/methods' }),
    rateLimited({ url: '/authentication/methods' }),
  ],
  setup: [
    {
      status: 201,
      why: 'the setup token printed at start-up',
      run: async (api) => {
        const token = await api.services.auth.issueSetupToken();
        return api.inject({ method: 'POST', url: SETUP, payload: { ...bob, token } });
      },
    },
    {
      status: 400,
      code: 'validation.username',
      why: 'a 21-character username',
      run: (api) =>
        api.inject({ method: 'POST', url: SETUP, payload: { ...bob, username: 'u'.repeat(21), token: 'x' } }),
    },
    unknownToken({ method: 'POST', url: SETUP, payload: { ...bob, token: 'x' } }),
    {
      status: 403,
      code: 'auth.setup_invalid',
      why: 'a wrong setup token',
      run: async (api) => {
        await api.services.auth.issueSetupToken();
        return api.inject({ method: 'POST', url: SETUP, payload: { ...bob, token: 'wrong' } });
      },
    },
    crossSite({ method: 'POST', url: SETUP, payload: { ...bob, token: 'x' } }),
    {
      status: 409,
      code: 'auth.username_taken',
      why: 'a username a user has already',
      run: async (api) => {
        await api.signUp({ username: bob.username, email: 'first@example.com' });
        const token = await api.services.auth.issueSetupToken();
        return api.inject({ method: 'POST', url: SETUP, payload: { ...bob, token } });
      },
    },
    ...bodyFailures('POST', SETUP),
    rateLimited({ method: 'POST', url: SETUP, payload: {} }),
  ],
};
