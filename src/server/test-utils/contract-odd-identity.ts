import { ODD_PASSKEY_ASSERTIONS, ODD_PASSKEY_REGISTRATIONS } from '../modules/passkeys/passkeys.contract.test-utils.js';
import { UNKNOWN_ID } from '../modules/secrets/secrets.contract.test-utils.js';
import type { ApiRequest, Method, RouteName } from './contract-api.js';

/** The makers of odd requests that contract-odd.ts shares with this file. */
export interface OddKit {
  badBodies(url: string, method?: Method): ApiRequest[];
  badIds(path: (id: string) => string, method: Method): ApiRequest[];
  oddCredentials(method: Method, url: string): ApiRequest[];
  nul: string;
}

/**
 * The odd requests of the sign-in routes of issue 16 (sign-in methods, OpenID Connect, trusted header, account
 * emails, passkeys, second factor, sessions) for the contract test: apart from contract-odd.ts, which they join.
 */
export function identityOddRequests({ badBodies, badIds, oddCredentials, nul }: OddKit) {
  return {
    methods: [...oddCredentials('GET', '/authentication/methods'), { url: '/authentication/methods?__proto__=1' }],
    oidcLinkInfo: [...oddCredentials('GET', '/authentication/oidc/link'), { url: '/authentication/oidc/link?x=%00' }],
    oidcLink: [
      ...badBodies('/authentication/oidc/link'),
      ...oddCredentials('POST', '/authentication/oidc/link'),
      { method: 'POST', url: '/authentication/oidc/link', payload: { password: 'x'.repeat(2000) } },
      {
        method: 'POST',
        url: '/authentication/oidc/link',
        headers: { cookie: 'hush_oidc_link=%00%ff' },
        payload: { password: 'x' },
      },
    ],
    identities: [...oddCredentials('GET', '/account/identities'), { url: '/account/identities?__proto__=1' }],
    unlinkIdentity: [
      ...badIds((id) => `/account/identities/${id}`, 'DELETE'),
      ...oddCredentials('DELETE', '/account/identities/x'),
    ],
    headerSignIn: [...badBodies('/authentication/header'), ...oddCredentials('POST', '/authentication/header')],
    requestPasswordReset: [
      ...badBodies('/authentication/password-reset'),
      ...oddCredentials('POST', '/authentication/password-reset'),
      { method: 'POST', url: '/authentication/password-reset', payload: { login: nul } },
      { method: 'POST', url: '/authentication/password-reset', payload: { login: 'x'.repeat(300) } },
    ],
    confirmPasswordReset: [
      ...badBodies('/authentication/password-reset/confirm'),
      ...oddCredentials('POST', '/authentication/password-reset/confirm'),
      { method: 'POST', url: '/authentication/password-reset/confirm', payload: { token: nul, password: 'abcdef' } },
      { method: 'POST', url: '/authentication/password-reset/confirm', payload: { token: ['x'], password: 1 } },
    ],
    verifyEmail: [
      ...badBodies('/authentication/verify-email'),
      ...oddCredentials('POST', '/authentication/verify-email'),
      { method: 'POST', url: '/authentication/verify-email', payload: { token: `${'A'.repeat(42)}=` } },
    ],
    confirmSignup: [
      ...badBodies('/authentication/signup/confirm'),
      ...oddCredentials('POST', '/authentication/signup/confirm'),
      { method: 'POST', url: '/authentication/signup/confirm', payload: { token: nul, password: 'abcdef' } },
      { method: 'POST', url: '/authentication/signup/confirm', payload: { token: 'A'.repeat(43), password: '' } },
    ],
    sendVerification: [
      ...badBodies('/account/email/verification'),
      ...oddCredentials('POST', '/account/email/verification'),
    ],
    passkeys: oddCredentials('GET', '/account/passkeys'),
    passkeyRegistrationOptions: [
      ...badBodies('/account/passkeys/options'),
      ...oddCredentials('POST', '/account/passkeys/options'),
    ],
    registerPasskey: [
      ...badBodies('/account/passkeys'),
      ...oddCredentials('POST', '/account/passkeys'),
      ...ODD_PASSKEY_REGISTRATIONS.map((credential) => ({
        method: 'POST' as const,
        url: '/account/passkeys',
        payload: { credential },
      })),
      { method: 'POST', url: '/account/passkeys', payload: { name: nul, credential: {} } },
    ],
    renamePasskey: [
      ...badBodies(`/account/passkeys/${UNKNOWN_ID}`, 'PUT'),
      ...badIds((id) => `/account/passkeys/${id}`, 'PUT'),
      ...oddCredentials('PUT', `/account/passkeys/${UNKNOWN_ID}`),
      { method: 'PUT', url: `/account/passkeys/${UNKNOWN_ID}`, payload: { name: 'x'.repeat(65) } },
      { method: 'PUT', url: `/account/passkeys/${UNKNOWN_ID}`, payload: { name: nul } },
    ],
    removePasskey: [
      ...badBodies(`/account/passkeys/${UNKNOWN_ID}`, 'DELETE'),
      ...badIds((id) => `/account/passkeys/${id}`, 'DELETE'),
      ...oddCredentials('DELETE', `/account/passkeys/${UNKNOWN_ID}`),
    ],
    passkeySigninOptions: [
      ...badBodies('/authentication/signin/passkey/options'),
      ...oddCredentials('POST', '/authentication/signin/passkey/options'),
      { method: 'POST', url: '/authentication/signin/passkey/options', headers: { cookie: 'hush_pending=garbage' } },
    ],
    passkeySignin: [
      ...badBodies('/authentication/signin/passkey'),
      ...oddCredentials('POST', '/authentication/signin/passkey'),
      ...ODD_PASSKEY_ASSERTIONS.map((credential) => ({
        method: 'POST' as const,
        url: '/authentication/signin/passkey',
        payload: { credential },
      })),
    ],
    signinSecondFactor: [
      ...badBodies('/authentication/signin/second-factor'),
      ...oddCredentials('POST', '/authentication/signin/second-factor'),
      { method: 'POST', url: '/authentication/signin/second-factor', payload: { code: nul } },
      { method: 'POST', url: '/authentication/signin/second-factor', payload: { code: 123456 } },
      {
        method: 'POST',
        url: '/authentication/signin/second-factor',
        payload: { code: '123456' },
        headers: { cookie: 'hush_pending=%E0%A4%A; hush_pending=garbage' },
      },
    ],
    twoFactorStatus: oddCredentials('GET', '/account/two-factor'),
    enrolTotp: [
      ...badBodies('/account/two-factor/totp'),
      ...oddCredentials('POST', '/account/two-factor/totp'),
      { method: 'POST', url: '/account/two-factor/totp', payload: { currentPassword: ['x'] } },
    ],
    confirmTotp: [
      ...badBodies('/account/two-factor/totp/confirm'),
      ...oddCredentials('POST', '/account/two-factor/totp/confirm'),
      { method: 'POST', url: '/account/two-factor/totp/confirm', payload: { code: 'x'.repeat(33) } },
    ],
    disableTotp: [
      ...badBodies('/account/two-factor/totp/disable'),
      ...oddCredentials('POST', '/account/two-factor/totp/disable'),
      { method: 'POST', url: '/account/two-factor/totp/disable', payload: { currentPassword: 'x', code: nul } },
    ],
    regenerateBackupCodes: [
      ...badBodies('/account/two-factor/backup-codes'),
      ...oddCredentials('POST', '/account/two-factor/backup-codes'),
      { method: 'POST', url: '/account/two-factor/backup-codes', payload: {} },
    ],
    sessions: oddCredentials('GET', '/account/sessions'),
    revokeSession: [
      ...badBodies(`/account/sessions/${UNKNOWN_ID}`, 'DELETE'),
      ...badIds((id) => `/account/sessions/${id}`, 'DELETE'),
      ...oddCredentials('DELETE', `/account/sessions/${UNKNOWN_ID}`),
    ],
    signOutOthers: [
      ...badBodies('/account/sessions/sign-out-others'),
      ...oddCredentials('POST', '/account/sessions/sign-out-others'),
    ],
  } satisfies Partial<Record<RouteName, ApiRequest[]>>;
}
