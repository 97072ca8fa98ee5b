import type { RouteName } from './contract-scenarios.js';

/**
 * The public HTTP API pinned by contract.test.ts: the routes and the statuses each may answer with (here), and the
 * fields of every answer (contract-fields.ts). A refactor that changes any of these must change these files too, on
 * purpose.
 */

/** Written out by hand, not derived from the contract, so that deleting or renaming a route fails here. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const PUBLIC_API: { name: RouteName; method: Method; path: string; statuses: number[] }[] = [
  { name: 'create', method: 'POST', path: '/secret', statuses: [201, 400, 401, 403, 413, 415, 429] },
  { name: 'exist', method: 'GET', path: '/secret/{id}/exist', statuses: [200, 400, 401, 403, 404, 429] },
  { name: 'read', method: 'POST', path: '/secret/{id}', statuses: [200, 400, 401, 403, 404, 413, 415, 429] },
  { name: 'readByGet', method: 'GET', path: '/secret/{id}', statuses: [200, 400, 401, 403, 404, 429] },
  { name: 'burn', method: 'POST', path: '/secret/{id}/burn', statuses: [200, 400, 401, 403, 404, 413, 415, 429] },
  { name: 'publicList', method: 'GET', path: '/public-secrets', statuses: [200, 401, 429] },
  { name: 'publicListByUser', method: 'GET', path: '/public-secrets/{username}', statuses: [200, 400, 401, 429] },
  { name: 'publicSettings', method: 'GET', path: '/settings/public', statuses: [200, 401, 429] },
  {
    name: 'signup',
    method: 'POST',
    path: '/authentication/signup',
    statuses: [201, 202, 400, 401, 403, 409, 413, 415, 429],
  },
  { name: 'signin', method: 'POST', path: '/authentication/signin', statuses: [200, 400, 401, 403, 413, 415, 429] },
  { name: 'signout', method: 'POST', path: '/authentication/signout', statuses: [200, 400, 401, 403, 413, 415, 429] },
  { name: 'verify', method: 'GET', path: '/authentication/verify', statuses: [200, 401, 403, 429] },
  { name: 'refresh', method: 'GET', path: '/authentication/refresh', statuses: [200, 401, 429] },
  { name: 'methods', method: 'GET', path: '/authentication/methods', statuses: [200, 401, 429] },
  { name: 'oidcLinkInfo', method: 'GET', path: '/authentication/oidc/link', statuses: [200, 401, 404, 429] },
  {
    name: 'oidcLink',
    method: 'POST',
    path: '/authentication/oidc/link',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },
  { name: 'identities', method: 'GET', path: '/account/identities', statuses: [200, 401, 403, 429] },
  {
    name: 'unlinkIdentity',
    method: 'DELETE',
    path: '/account/identities/{id}',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },

  {
    name: 'headerSignIn',
    method: 'POST',
    path: '/authentication/header',
    statuses: [200, 400, 401, 403, 409, 413, 415, 429],
  },
  { name: 'setup', method: 'POST', path: '/authentication/setup', statuses: [201, 400, 401, 403, 409, 413, 415, 429] },
  {
    name: 'requestPasswordReset',
    method: 'POST',
    path: '/authentication/password-reset',
    statuses: [202, 400, 401, 403, 409, 413, 415, 429],
  },
  {
    name: 'confirmPasswordReset',
    method: 'POST',
    path: '/authentication/password-reset/confirm',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  {
    name: 'verifyEmail',
    method: 'POST',
    path: '/authentication/verify-email',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  {
    name: 'sendVerification',
    method: 'POST',
    path: '/account/email/verification',
    statuses: [202, 400, 401, 403, 409, 413, 415, 429],
  },
  {
    name: 'confirmSignup',
    method: 'POST',
    path: '/authentication/signup/confirm',
    statuses: [201, 400, 401, 403, 409, 413, 415, 429],
  },
  { name: 'account', method: 'GET', path: '/account', statuses: [200, 401, 403, 429] },
  { name: 'update', method: 'PUT', path: '/account/update', statuses: [200, 400, 401, 403, 409, 413, 415, 429] },
  { name: 'delete', method: 'POST', path: '/account/delete', statuses: [200, 400, 401, 403, 409, 413, 415, 429] },
  { name: 'secrets', method: 'GET', path: '/secret', statuses: [200, 401, 403, 429] },
  { name: 'tokens', method: 'GET', path: '/account/tokens', statuses: [200, 401, 403, 429] },
  { name: 'createToken', method: 'POST', path: '/account/tokens', statuses: [201, 400, 401, 403, 413, 415, 429] },
  {
    name: 'revokeToken',
    method: 'DELETE',
    path: '/account/tokens/{id}',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  // Issue 16.2: two-factor codes, and the sessions list.
  {
    name: 'signinSecondFactor',
    method: 'POST',
    path: '/authentication/signin/second-factor',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  { name: 'twoFactorStatus', method: 'GET', path: '/account/two-factor', statuses: [200, 401, 403, 429] },
  {
    name: 'enrolTotp',
    method: 'POST',
    path: '/account/two-factor/totp',
    statuses: [200, 400, 401, 403, 409, 413, 415, 429],
  },
  {
    name: 'confirmTotp',
    method: 'POST',
    path: '/account/two-factor/totp/confirm',
    statuses: [200, 400, 401, 403, 409, 413, 415, 429],
  },
  {
    name: 'disableTotp',
    method: 'POST',
    path: '/account/two-factor/totp/disable',
    statuses: [200, 400, 401, 403, 409, 413, 415, 429],
  },
  {
    name: 'regenerateBackupCodes',
    method: 'POST',
    path: '/account/two-factor/backup-codes',
    statuses: [200, 400, 401, 403, 409, 413, 415, 429],
  },
  { name: 'sessions', method: 'GET', path: '/account/sessions', statuses: [200, 401, 403, 429] },
  {
    name: 'revokeSession',
    method: 'DELETE',
    path: '/account/sessions/{id}',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  {
    name: 'signOutOthers',
    method: 'POST',
    path: '/account/sessions/sign-out-others',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  // Issue 16.3: passkeys.
  { name: 'passkeys', method: 'GET', path: '/account/passkeys', statuses: [200, 401, 403, 429] },
  {
    name: 'passkeyRegistrationOptions',
    method: 'POST',
    path: '/account/passkeys/options',
    statuses: [200, 400, 401, 403, 409, 413, 415, 429],
  },
  {
    name: 'registerPasskey',
    method: 'POST',
    path: '/account/passkeys',
    statuses: [201, 400, 401, 403, 409, 413, 415, 429],
  },
  {
    name: 'renamePasskey',
    method: 'PUT',
    path: '/account/passkeys/{id}',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  {
    name: 'removePasskey',
    method: 'DELETE',
    path: '/account/passkeys/{id}',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  {
    name: 'passkeySigninOptions',
    method: 'POST',
    path: '/authentication/signin/passkey/options',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  {
    name: 'passkeySignin',
    method: 'POST',
    path: '/authentication/signin/passkey',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  { name: 'adminSettings', method: 'GET', path: '/admin/settings', statuses: [200, 401, 403, 429] },
  {
    name: 'updateAdminSettings',
    method: 'PUT',
    path: '/admin/settings',
    statuses: [200, 400, 401, 403, 409, 413, 415, 429],
  },
  { name: 'adminUsers', method: 'GET', path: '/admin/users', statuses: [200, 400, 401, 403, 429] },
  { name: 'createUser', method: 'POST', path: '/admin/users', statuses: [201, 400, 401, 403, 409, 413, 415, 429] },
  {
    name: 'updateUser',
    method: 'PUT',
    path: '/admin/users',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },
  {
    name: 'deleteUser',
    method: 'DELETE',
    path: '/admin/users',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },
  { name: 'track', method: 'POST', path: '/analytics/track', statuses: [200, 400, 401, 403, 413, 415, 429] },
  { name: 'analyticsDaily', method: 'GET', path: '/analytics/data/aggregate/daily', statuses: [200, 401, 403, 429] },
  { name: 'stats', method: 'GET', path: '/stats', statuses: [200, 401, 403, 429] },
  { name: 'uploadStatus', method: 'GET', path: '/secret/{id}/upload', statuses: [200, 400, 401, 403, 404, 429] },
  {
    name: 'uploadPart',
    method: 'PUT',
    path: '/secret/{id}/files/{fileId}/parts/{part}',
    statuses: [200, 400, 401, 403, 404, 409, 411, 413, 415, 429, 507],
  },
  {
    name: 'completeUpload',
    method: 'POST',
    path: '/secret/{id}/upload/complete',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429, 507],
  },
  { name: 'download', method: 'POST', path: '/download', statuses: [200, 400, 401, 403, 404, 413, 415, 429] },
  {
    name: 'createRequest',
    method: 'POST',
    path: '/requests',
    statuses: [201, 400, 401, 403, 409, 413, 415, 429],
  },
  { name: 'listRequests', method: 'GET', path: '/requests', statuses: [200, 401, 403, 429] },
  { name: 'unreadResponses', method: 'GET', path: '/requests/unread', statuses: [200, 401, 403, 429] },
  { name: 'getRequest', method: 'GET', path: '/requests/{id}', statuses: [200, 400, 401, 403, 404, 429] },
  {
    name: 'revokeRequest',
    method: 'POST',
    path: '/requests/{id}/revoke',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  {
    name: 'deleteRequest',
    method: 'DELETE',
    path: '/requests/{id}',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  { name: 'requestForm', method: 'GET', path: '/requests/{id}/form', statuses: [200, 400, 401, 403, 404, 429] },
  {
    name: 'respond',
    method: 'POST',
    path: '/requests/{id}/responses',
    statuses: [201, 400, 401, 403, 404, 413, 415, 429],
  },
  { name: 'readReceipt', method: 'POST', path: '/receipt/{id}', statuses: [200, 400, 401, 403, 404, 413, 415, 429] },
  {
    name: 'ownReceipt',
    method: 'GET',
    path: '/account/secrets/{id}/receipt',
    statuses: [200, 400, 401, 403, 404, 429],
  },
  { name: 'endedSecrets', method: 'GET', path: '/account/secrets/ended', statuses: [200, 401, 403, 429] },
  { name: 'listActivity', method: 'GET', path: '/account/activity', statuses: [200, 400, 401, 403, 429] },
  { name: 'activityUnread', method: 'GET', path: '/account/activity/unread', statuses: [200, 401, 403, 429] },
  {
    name: 'markActivitySeen',
    method: 'POST',
    path: '/account/activity/seen',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  { name: 'notificationSettings', method: 'GET', path: '/account/notifications', statuses: [200, 401, 403, 429] },
  {
    name: 'updateNotificationSettings',
    method: 'PUT',
    path: '/account/notifications',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  { name: 'listOwnWebhooks', method: 'GET', path: '/account/webhooks', statuses: [200, 401, 403, 429] },
  {
    name: 'createOwnWebhook',
    method: 'POST',
    path: '/account/webhooks',
    statuses: [201, 400, 401, 403, 409, 413, 415, 429],
  },
  {
    name: 'updateOwnWebhook',
    method: 'PUT',
    path: '/account/webhooks/{id}',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  {
    name: 'deleteOwnWebhook',
    method: 'DELETE',
    path: '/account/webhooks/{id}',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  {
    name: 'rotateOwnWebhook',
    method: 'POST',
    path: '/account/webhooks/{id}/rotate',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  {
    name: 'testOwnWebhook',
    method: 'POST',
    path: '/account/webhooks/{id}/test',
    statuses: [202, 400, 401, 403, 404, 413, 415, 429],
  },
  {
    name: 'ownWebhookDeliveries',
    method: 'GET',
    path: '/account/webhooks/{id}/deliveries',
    statuses: [200, 400, 401, 403, 404, 429],
  },
  { name: 'listInstanceWebhooks', method: 'GET', path: '/admin/webhooks', statuses: [200, 401, 403, 429] },
  {
    name: 'createInstanceWebhook',
    method: 'POST',
    path: '/admin/webhooks',
    statuses: [201, 400, 401, 403, 409, 413, 415, 429],
  },
  {
    name: 'updateInstanceWebhook',
    method: 'PUT',
    path: '/admin/webhooks/{id}',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },
  {
    name: 'deleteInstanceWebhook',
    method: 'DELETE',
    path: '/admin/webhooks/{id}',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },
  {
    name: 'rotateInstanceWebhook',
    method: 'POST',
    path: '/admin/webhooks/{id}/rotate',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },
  {
    name: 'testInstanceWebhook',
    method: 'POST',
    path: '/admin/webhooks/{id}/test',
    statuses: [202, 400, 401, 403, 404, 413, 415, 429],
  },
  {
    name: 'instanceWebhookDeliveries',
    method: 'GET',
    path: '/admin/webhooks/{id}/deliveries',
    statuses: [200, 400, 401, 403, 404, 429],
  },
];

/**
 * Older paths that answer exactly like a published route: kept for the clients that call them, listed on the
 * route's OpenAPI operation (x-aliases) and not among the document's paths, where they would be ambiguous.
 */
export const ALIASES: { name: RouteName; path: string }[] = [
  { name: 'publicList', path: '/secret/public/' },
  { name: 'publicListByUser', path: '/secret/public/{username}' },
  { name: 'secrets', path: '/account/secrets' },
];

/** Routes whose success is not JSON: the bytes of a file (application/octet-stream). */
export const BINARY: RouteName[] = ['download'];

export const PREFIXES = ['/api/v1', '/api'] as const;

export * from './contract-fields.js';
