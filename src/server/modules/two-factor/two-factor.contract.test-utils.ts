import { expect } from 'vitest';
import { createTestClock } from '../../test-utils/app.js';
import {
  ACCOUNT_PASSWORD,
  bodyFailures,
  crossSite,
  json,
  rateLimited,
  unknownToken,
  type Api,
  type ApiRequest,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';
import { totpCodeAt } from './totp.js';

/** The contract test's scenarios for two-factor codes and the sessions list (issue 16.2): one per declared status. */

type TwoFactorRoute = Extract<
  RouteName,
  | 'signinSecondFactor'
  | 'twoFactorStatus'
  | 'enrolTotp'
  | 'confirmTotp'
  | 'disableTotp'
  | 'regenerateBackupCodes'
  | 'sessions'
  | 'revokeSession'
  | 'signOutOthers'
>;

const SECOND_STEP = '/authentication/signin/second-factor';
const STATUS = '/account/two-factor';
const ENROL = '/account/two-factor/totp';
const CONFIRM = '/account/two-factor/totp/confirm';
const DISABLE = '/account/two-factor/totp/disable';
const BACKUP = '/account/two-factor/backup-codes';
const SESSIONS = '/account/sessions';
const OTHERS = '/account/sessions/sign-out-others';
/** The contract test's apps all start at the same time and do not move: the code of that step. */
const NOW = createTestClock()();

/** Alice signed up, with codes on: her browser and her backup codes. */
async function enrolled(api: Api) {
  const browser = await api.signUp();
  const started = await browser.inject({ method: 'POST', url: ENROL, payload: { currentPassword: ACCOUNT_PASSWORD } });
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await browser.inject({ method: 'POST', url: CONFIRM, payload: { code: totpCodeAt(secret, NOW) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { browser, backupCodes: confirmed.json<{ backupCodes: string[] }>().backupCodes };
}

/** Alice's password step, done: the API as the browser holding the pending sign-in's cookie. */
async function pending(
  api: Api,
): Promise<{ backupCodes: string[]; step: (request: ApiRequest) => ReturnType<Api['inject']> }> {
  const { backupCodes } = await enrolled(api);
  const signin = await api.inject({
    method: 'POST',
    url: '/authentication/signin',
    payload: { username: 'alice', password: ACCOUNT_PASSWORD },
  });
  const cookie = signin.cookies.find((item) => item.name === 'hush_pending')!.value;
  return {
    backupCodes,
    step: (request) => api.inject({ ...request, headers: { ...request.headers, cookie: `hush_pending=${cookie}` } }),
  };
}

const asSession = (request: ApiRequest): Scenario => ({
  status: 403,
  code: 'auth.session_required',
  why: 'an API token',
  run: async (api) => (await (await api.signUp()).withToken()).inject(request),
});
const signedIn =
  (request: ApiRequest): Scenario['run'] =>
  async (api) =>
    (await api.signUp()).inject(request);

/** The scenarios every signed-in, state-changing route of these has. */
const guarded = (url: string, payload: unknown, method: 'POST' | 'DELETE' = 'POST'): Scenario[] => [
  unknownToken({ method, url, payload }),
  asSession({ method, url, payload }),
  crossSite({ method, url, payload }),
  ...bodyFailures(method, url),
  rateLimited({ method, url, payload }),
];

export const TWO_FACTOR_SCENARIOS: Record<TwoFactorRoute, Scenario[]> = {
  signinSecondFactor: [
    {
      status: 200,
      why: 'a pending sign-in and a backup code',
      run: async (api) => {
        const { step, backupCodes } = await pending(api);
        return step({ method: 'POST', url: SECOND_STEP, payload: { code: backupCodes[0] } });
      },
    },
    {
      status: 400,
      code: 'validation.code',
      why: 'an empty code',
      run: (api) => api.inject({ method: 'POST', url: SECOND_STEP, payload: { code: ' ' } }),
    },
    {
      status: 401,
      code: 'two_factor.pending_invalid',
      why: 'no pending sign-in',
      run: (api) => api.inject({ method: 'POST', url: SECOND_STEP, payload: { code: '123456' } }),
    },
    {
      status: 401,
      code: 'two_factor.code_invalid',
      why: 'a wrong code',
      run: async (api) =>
        (await pending(api)).step({ method: 'POST', url: SECOND_STEP, payload: { code: 'aaaaa-aaaaa' } }),
    },
    unknownToken({ method: 'POST', url: SECOND_STEP, payload: { code: '123456' } }),
    crossSite({ method: 'POST', url: SECOND_STEP, payload: { code: '123456' } }),
    ...bodyFailures('POST', SECOND_STEP),
    rateLimited({ method: 'POST', url: SECOND_STEP, payload: { code: '123456' } }),
  ],
  twoFactorStatus: [
    { status: 200, why: 'a signed-in browser', run: signedIn({ url: STATUS }) },
    unknownToken({ url: STATUS }),
    asSession({ url: STATUS }),
    rateLimited({ url: STATUS }),
  ],
  enrolTotp: [
    {
      status: 200,
      why: 'the current password',
      run: signedIn({ method: 'POST', url: ENROL, payload: { currentPassword: ACCOUNT_PASSWORD } }),
    },
    {
      status: 400,
      code: 'auth.current_password_invalid',
      why: 'a wrong password',
      run: signedIn({ method: 'POST', url: ENROL, payload: { currentPassword: 'wrong' } }),
    },
    {
      status: 409,
      code: 'two_factor.already_enabled',
      why: 'codes on already',
      run: async (api) =>
        (await enrolled(api)).browser.inject({
          method: 'POST',
          url: ENROL,
          payload: { currentPassword: ACCOUNT_PASSWORD },
        }),
    },
    ...guarded(ENROL, { currentPassword: ACCOUNT_PASSWORD }),
  ],
  confirmTotp: [
    {
      status: 200,
      why: 'the first code of the new key',
      run: async (api) => {
        const browser = await api.signUp();
        const started = await browser.inject({
          method: 'POST',
          url: ENROL,
          payload: { currentPassword: ACCOUNT_PASSWORD },
        });
        const code = totpCodeAt(started.json<{ secret: string }>().secret, NOW);
        return browser.inject({ method: 'POST', url: CONFIRM, payload: { code } });
      },
    },
    {
      status: 400,
      code: 'two_factor.code_invalid',
      why: 'a wrong code',
      run: async (api) => {
        const browser = await api.signUp();
        await browser.inject({ method: 'POST', url: ENROL, payload: { currentPassword: ACCOUNT_PASSWORD } });
        return browser.inject({ method: 'POST', url: CONFIRM, payload: { code: 'abcdef' } });
      },
    },
    {
      status: 409,
      code: 'two_factor.not_enrolling',
      why: 'no set-up started',
      run: signedIn({ method: 'POST', url: CONFIRM, payload: { code: '123456' } }),
    },
    ...guarded(CONFIRM, { code: '123456' }),
  ],
  disableTotp: [
    {
      status: 200,
      why: 'the password and a backup code',
      run: async (api) => {
        const { browser, backupCodes } = await enrolled(api);
        const payload = { currentPassword: ACCOUNT_PASSWORD, code: backupCodes[0] };
        return browser.inject({ method: 'POST', url: DISABLE, payload });
      },
    },
    {
      status: 400,
      code: 'two_factor.code_invalid',
      why: 'a wrong code',
      run: async (api) => {
        const { browser } = await enrolled(api);
        const payload = { currentPassword: ACCOUNT_PASSWORD, code: 'aaaaa-aaaaa' };
        return browser.inject({ method: 'POST', url: DISABLE, payload });
      },
    },
    {
      status: 409,
      code: 'two_factor.not_enabled',
      why: 'codes not on',
      run: signedIn({ method: 'POST', url: DISABLE, payload: { currentPassword: ACCOUNT_PASSWORD, code: '123456' } }),
    },
    ...guarded(DISABLE, { currentPassword: ACCOUNT_PASSWORD, code: '123456' }),
  ],
  regenerateBackupCodes: [
    {
      status: 200,
      why: 'the current password',
      run: async (api) =>
        (await enrolled(api)).browser.inject({
          method: 'POST',
          url: BACKUP,
          payload: { currentPassword: ACCOUNT_PASSWORD },
        }),
    },
    {
      status: 400,
      code: 'validation.code',
      why: 'neither a code nor the password',
      run: signedIn({ method: 'POST', url: BACKUP, payload: {} }),
    },
    {
      status: 409,
      code: 'two_factor.not_enabled',
      why: 'codes not on',
      run: signedIn({ method: 'POST', url: BACKUP, payload: { currentPassword: ACCOUNT_PASSWORD } }),
    },
    ...guarded(BACKUP, { currentPassword: ACCOUNT_PASSWORD }),
  ],
  sessions: [
    { status: 200, why: 'a signed-in browser', run: signedIn({ url: SESSIONS }) },
    unknownToken({ url: SESSIONS }),
    asSession({ url: SESSIONS }),
    rateLimited({ url: SESSIONS }),
  ],
  revokeSession: [
    {
      status: 200,
      why: 'another session of the user',
      run: async (api) => {
        const browser = await api.signUp();
        await api.inject({
          method: 'POST',
          url: '/authentication/signin',
          payload: { username: 'alice', password: ACCOUNT_PASSWORD },
        });
        const listed = await browser.inject({ url: SESSIONS });
        const other = listed.json<{ id: string; current: boolean }[]>().find((session) => !session.current)!;
        return browser.inject({ method: 'DELETE', url: `${SESSIONS}/${other.id}` });
      },
    },
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: signedIn({ method: 'DELETE', url: `${SESSIONS}/${'A'.repeat(65)}` }),
    },
    {
      status: 404,
      code: 'session.not_found',
      why: 'an id of no session of the user',
      run: signedIn({ method: 'DELETE', url: `${SESSIONS}/unknown` }),
    },
    ...guarded(`${SESSIONS}/unknown`, undefined, 'DELETE'),
  ],
  signOutOthers: [
    { status: 200, why: 'a signed-in browser', run: signedIn({ method: 'POST', url: OTHERS }) },
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'a body that is not valid JSON',
      run: signedIn({ method: 'POST', url: OTHERS, ...json('{,}') }),
    },
    ...guarded(OTHERS, undefined),
  ],
};
