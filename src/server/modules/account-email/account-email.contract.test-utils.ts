import { afterAll } from 'vitest';
import { mailConfig, mailedLink } from '../../test-utils/account-mail.js';
import {
  ACCOUNT_PASSWORD,
  bodyFailures,
  crossSite,
  rateLimited,
  unknownToken,
  type Api,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';
import { startSmtpSink } from '../../test-utils/smtp-sink.js';

/** The contract test's scenarios for the emailed links (issue 16.4): one per status each route declares, or more. */

type EmailRoute = Extract<
  RouteName,
  'requestPasswordReset' | 'confirmPasswordReset' | 'verifyEmail' | 'sendVerification' | 'confirmSignup'
>;

// A real SMTP server for the scenarios that need a link out of an email: the app of each scenario sends to it.
const sink = await startSmtpSink();
afterAll(() => sink.close());
const WITH_MAIL = mailConfig(sink.url);

const RESET = '/authentication/password-reset';
const CONFIRM = '/authentication/password-reset/confirm';
const VERIFY = '/authentication/verify-email';
const RESEND = '/account/email/verification';
const SIGNUP = '/authentication/signup';
const CONFIRM_SIGNUP = '/authentication/signup/confirm';
/** A token of the right shape that no link holds. */
const NO_LINK = 'A'.repeat(43);

/** Signs `username` up and answers the token of the link of `purpose` emailed to it (asked for after). */
async function linkFor(api: Api, username: string, purpose: 'verify_email' | 'reset_password') {
  const after = sink.received.length;
  const browser = await api.signUp({ username });
  const asked =
    purpose === 'reset_password'
      ? await api.inject({ method: 'POST', url: RESET, payload: { login: username } })
      : await browser.inject({ method: 'POST', url: RESEND });
  if (asked.statusCode !== 202) throw new Error(asked.body);
  const { token } = await mailedLink(sink.received, `${username}@example.com`, purpose, { after });
  return { browser, token };
}

/** A sign-up of `username` (on an instance with email) and the token of the link that makes its account. */
async function signupLink(api: Api, username: string) {
  const after = sink.received.length;
  const payload = { username, email: `${username}@example.com`, password: ACCOUNT_PASSWORD };
  const asked = await api.inject({ method: 'POST', url: SIGNUP, payload });
  if (asked.statusCode !== 202) throw new Error(asked.body);
  return (await mailedLink(sink.received, `${username}@example.com`, 'confirm_signup', { after })).token;
}

export const ACCOUNT_EMAIL_SCENARIOS: Record<EmailRoute, Scenario[]> = {
  requestPasswordReset: [
    {
      status: 202,
      why: 'a username with an account',
      config: WITH_MAIL,
      run: async (api) => {
        await api.signUp({ username: 'reset_known' });
        return api.inject({ method: 'POST', url: RESET, payload: { login: 'reset_known' } });
      },
    },
    {
      status: 202,
      why: 'an email address without an account (the same answer)',
      config: WITH_MAIL,
      run: (api) => api.inject({ method: 'POST', url: RESET, payload: { login: 'nobody@example.com' } }),
    },
    {
      status: 400,
      code: 'validation.login',
      why: 'an empty login',
      config: WITH_MAIL,
      run: (api) => api.inject({ method: 'POST', url: RESET, payload: { login: ' ' } }),
    },
    unknownToken({ method: 'POST', url: RESET, payload: { login: 'alice' } }),
    crossSite({ method: 'POST', url: RESET, payload: { login: 'alice' } }),
    {
      status: 409,
      code: 'auth.email_unavailable',
      why: 'an instance without an SMTP server',
      run: (api) => api.inject({ method: 'POST', url: RESET, payload: { login: 'alice' } }),
    },
    ...bodyFailures('POST', RESET),
    rateLimited({ method: 'POST', url: RESET, payload: { login: 'alice' } }),
  ],
  confirmPasswordReset: [
    {
      status: 200,
      why: 'the token of an emailed reset link',
      config: WITH_MAIL,
      run: async (api) => {
        const { token } = await linkFor(api, 'reset_me', 'reset_password');
        return api.inject({ method: 'POST', url: CONFIRM, payload: { token, password: 'a new password' } });
      },
    },
    {
      status: 400,
      code: 'auth.reset_link_invalid',
      why: 'a token of no link',
      run: (api) =>
        api.inject({ method: 'POST', url: CONFIRM, payload: { token: NO_LINK, password: ACCOUNT_PASSWORD } }),
    },
    {
      status: 400,
      code: 'validation.password',
      why: 'a 4-character password',
      run: (api) => api.inject({ method: 'POST', url: CONFIRM, payload: { token: NO_LINK, password: 'abcd' } }),
    },
    unknownToken({ method: 'POST', url: CONFIRM, payload: { token: NO_LINK, password: ACCOUNT_PASSWORD } }),
    crossSite({ method: 'POST', url: CONFIRM, payload: { token: NO_LINK, password: ACCOUNT_PASSWORD } }),
    ...bodyFailures('POST', CONFIRM),
    rateLimited({ method: 'POST', url: CONFIRM, payload: {} }),
  ],
  verifyEmail: [
    {
      status: 200,
      why: 'the token of an emailed verification link',
      config: WITH_MAIL,
      run: async (api) => {
        const { token } = await linkFor(api, 'verify_me', 'verify_email');
        return api.inject({ method: 'POST', url: VERIFY, payload: { token } });
      },
    },
    {
      status: 400,
      code: 'auth.verify_link_invalid',
      why: 'a token of no link',
      run: (api) => api.inject({ method: 'POST', url: VERIFY, payload: { token: NO_LINK } }),
    },
    {
      status: 400,
      code: 'validation.token',
      why: 'a token of the wrong shape',
      run: (api) => api.inject({ method: 'POST', url: VERIFY, payload: { token: 'short' } }),
    },
    unknownToken({ method: 'POST', url: VERIFY, payload: { token: NO_LINK } }),
    crossSite({ method: 'POST', url: VERIFY, payload: { token: NO_LINK } }),
    ...bodyFailures('POST', VERIFY),
    rateLimited({ method: 'POST', url: VERIFY, payload: {} }),
  ],
  sendVerification: [
    {
      status: 202,
      why: 'a signed-in browser whose address is not verified',
      config: WITH_MAIL,
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: RESEND }),
    },
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'a body that is not JSON',
      config: WITH_MAIL,
      run: async (api) =>
        (await api.signUp()).inject({
          method: 'POST',
          url: RESEND,
          payload: '{',
          headers: { 'content-type': 'application/json' },
        }),
    },
    {
      status: 401,
      code: 'auth.not_signed_in',
      why: 'no session',
      config: WITH_MAIL,
      run: (api) => api.inject({ method: 'POST', url: RESEND }),
    },
    {
      status: 403,
      code: 'auth.session_required',
      why: 'an API token',
      config: WITH_MAIL,
      run: async (api) => (await (await api.signUp()).withToken()).inject({ method: 'POST', url: RESEND }),
    },
    crossSite({ method: 'POST', url: RESEND }),
    {
      status: 409,
      code: 'account.email_verified',
      why: 'an address verified already',
      config: WITH_MAIL,
      run: async (api) => {
        const { browser, token } = await linkFor(api, 'verified', 'verify_email');
        await api.inject({ method: 'POST', url: VERIFY, payload: { token } });
        return browser.inject({ method: 'POST', url: RESEND });
      },
    },
    {
      status: 409,
      code: 'auth.email_unavailable',
      why: 'an instance without an SMTP server',
      run: async (api) => (await api.signUp()).inject({ method: 'POST', url: RESEND }),
    },
    ...bodyFailures('POST', RESEND),
    rateLimited({ method: 'POST', url: RESEND }),
  ],
  confirmSignup: [
    {
      status: 201,
      why: 'the token of a sign-up’s emailed link and its password',
      config: WITH_MAIL,
      run: async (api) => {
        const token = await signupLink(api, 'confirm_me');
        return api.inject({ method: 'POST', url: CONFIRM_SIGNUP, payload: { token, password: ACCOUNT_PASSWORD } });
      },
    },
    {
      status: 400,
      code: 'auth.signup_link_invalid',
      why: 'a token of no link',
      run: (api) =>
        api.inject({ method: 'POST', url: CONFIRM_SIGNUP, payload: { token: NO_LINK, password: ACCOUNT_PASSWORD } }),
    },
    {
      status: 400,
      code: 'validation.token',
      why: 'a token of the wrong shape',
      run: (api) =>
        api.inject({ method: 'POST', url: CONFIRM_SIGNUP, payload: { token: 'short', password: ACCOUNT_PASSWORD } }),
    },
    {
      status: 401,
      code: 'auth.invalid_credentials',
      why: 'not the password chosen at sign-up',
      config: WITH_MAIL,
      run: async (api) => {
        const token = await signupLink(api, 'wrong_pw');
        return api.inject({ method: 'POST', url: CONFIRM_SIGNUP, payload: { token, password: 'not the one' } });
      },
    },
    unknownToken({ method: 'POST', url: CONFIRM_SIGNUP, payload: { token: NO_LINK, password: ACCOUNT_PASSWORD } }),
    {
      status: 403,
      code: 'auth.signup_disabled',
      why: 'account creation switched off after the sign-up',
      config: WITH_MAIL,
      run: async (api) => {
        const token = await signupLink(api, 'too_late');
        await api.services.settings.update({ disable_user_account_creation: true });
        return api.inject({ method: 'POST', url: CONFIRM_SIGNUP, payload: { token, password: ACCOUNT_PASSWORD } });
      },
    },
    crossSite({ method: 'POST', url: CONFIRM_SIGNUP, payload: { token: NO_LINK, password: ACCOUNT_PASSWORD } }),
    {
      status: 409,
      code: 'auth.username_taken',
      why: 'the username got an account meanwhile',
      config: WITH_MAIL,
      run: async (api) => {
        const token = await signupLink(api, 'contested');
        await api.services.auth.createUser(
          { username: 'Contested', email: 'other@example.com', password: ACCOUNT_PASSWORD },
          'user',
        );
        return api.inject({ method: 'POST', url: CONFIRM_SIGNUP, payload: { token, password: ACCOUNT_PASSWORD } });
      },
    },
    ...bodyFailures('POST', CONFIRM_SIGNUP),
    rateLimited({ method: 'POST', url: CONFIRM_SIGNUP, payload: {} }),
  ],
};
