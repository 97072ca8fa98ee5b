import type { RouteName } from './contract-scenarios.js';

/** The fields of every answer of the public HTTP API, pinned by contract.test.ts (routes: contract-pins.ts). */
export const STATUS_FIELDS = [
  'expiresAt',
  'id',
  'isPublic',
  'maxViews',
  'preventBurn',
  'requiresKeyProof',
  'viewsLeft',
];
export const CONTENT_FIELDS = [...STATUS_FIELDS, 'createdAt', 'files', 'text', 'title'];
export const FILE_FIELDS = ['downloadExpiresAt', 'downloadKey', 'id', 'meta', 'size'];
export const UPLOAD_FILE_FIELDS = ['id', 'parts', 'partSize', 'received', 'size'];
export const UPLOAD_FIELDS = ['complete', 'files', 'id'];
export const LIST_ITEM_FIELDS = ['createdAt', 'expiresAt', 'id', 'title', 'username'];
export const SESSION_FIELDS = ['email', 'expirationDate', 'role', 'username'];
export const ACCOUNT_FIELDS = ['createdAt', 'email', 'emailVerified', 'generated', 'role', 'username'];
export const TOKEN_FIELDS = ['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'name', 'scopes'];
export const PASSKEY_FIELDS = ['backedUp', 'createdAt', 'deviceType', 'id', 'lastUsedAt', 'name'];
export const SETTINGS_FIELDS = [
  'disable_file_upload',
  'disable_user_account_creation',
  'disable_users',
  'hide_allowed_ip_input',
  'read_only',
  'restrict_organization_email',
  'disable_requests',
  'disable_webhooks',
  'disable_email_notifications',
  'require_two_factor',
];
/** A request as the inbox lists it. */
export const REQUEST_SUMMARY_FIELDS = [
  'allowFiles',
  'answered',
  'createdAt',
  'expiresAt',
  'id',
  'maxResponses',
  'revokedAt',
  'state',
  'title',
  'unread',
];
export const REQUEST_DETAIL_FIELDS = [
  ...REQUEST_SUMMARY_FIELDS,
  'allowedIp',
  'publicKey',
  'responseTtl',
  'responseViews',
  'responses',
  'text',
  'wrappedKey',
];
/** A response in its request's inbox. */
export const RESPONSE_ITEM_FIELDS = [
  'createdAt',
  'ephemeralKey',
  'expiresAt',
  'fileCount',
  'id',
  'maxViews',
  'viewsLeft',
];
/** What a responder's page gets from the fill link. */
export const REQUEST_FORM_FIELDS = [
  'allowFiles',
  'expiresAt',
  'id',
  'publicKey',
  'responseTtl',
  'responseViews',
  'text',
  'title',
  'username',
];
/** A secret's status (a receipt), live or ended, and each of its views. */
export const RECEIPT_FIELDS = [
  'createdAt',
  'endReason',
  'endedAt',
  'expiresAt',
  'failedAttempts',
  'fileCount',
  'id',
  'isPublic',
  'keptUntil',
  'maxViews',
  'preventBurn',
  'state',
  'views',
  'viewsUsed',
];
export const RECEIPT_VIEW_FIELDS = ['at', 'ip'];
export const ACTIVITY_ITEM_FIELDS = ['at', 'data', 'id', 'subjectId', 'type', 'unread'];
export const NOTIFICATION_FIELDS = ['email', 'emailAvailable', 'emailEvents'];
export const WEBHOOK_FIELDS = ['createdAt', 'disabledReason', 'enabled', 'events', 'format', 'id', 'pinned', 'url'];
export const DELIVERY_FIELDS = [
  'attempts',
  'createdAt',
  'eventId',
  'finishedAt',
  'id',
  'lastCode',
  'lastError',
  'nextAttemptAt',
  'state',
  'type',
];
/** Lists whose success scenario must not be empty, so that their items' fields are checked. */
export const LISTS: RouteName[] = [
  'publicList',
  'secrets',
  'tokens',
  'sessions',
  'passkeys',
  'listRequests',
  'endedSecrets',
  'listOwnWebhooks',
  'ownWebhookDeliveries',
  'listInstanceWebhooks',
  'instanceWebhookDeliveries',
];
/** Pages: a list in one field of the body, whose items' fields are checked too (and which must not be empty). */
export const PAGES: Partial<Record<RouteName, [field: string, itemFields: string[]]>> = {
  adminUsers: ['users', ACCOUNT_FIELDS],
  uploadStatus: ['files', UPLOAD_FILE_FIELDS],
  completeUpload: ['files', UPLOAD_FILE_FIELDS],
  listActivity: ['items', ACTIVITY_ITEM_FIELDS],
};
/** Lists in a field that may be empty (a secret without files), but whose items, when there are some, have these. */
export const NESTED: Partial<Record<RouteName, [field: string, itemFields: string[]]>> = {
  read: ['files', FILE_FIELDS],
  getRequest: ['responses', RESPONSE_ITEM_FIELDS],
  readReceipt: ['views', RECEIPT_VIEW_FIELDS],
  ownReceipt: ['views', RECEIPT_VIEW_FIELDS],
};
/** Fields a success body has only in some cases: the upload ticket, when files wait for their parts. */
export const OPTIONAL_FIELDS: Partial<Record<RouteName, string[]>> = {
  create: ['upload'],
  respond: ['upload'],
  signout: ['endSessionUrl'],
};
export const TICKET_FIELDS = ['expiresAt', 'files', 'token'];

/** A route's other success status, and the fields of its body then: a sign-up whose link is emailed. */
export const OTHER_SUCCESS_FIELDS: Partial<Record<RouteName, Record<number, string[]>>> = {
  signup: { 202: ['pending'] },
};

/** The fields of every success body, also written out by hand: clients read exactly these. */
export const SUCCESS_FIELDS: Record<RouteName, string[]> = {
  create: ['deleteToken', 'expiresAt', 'id', 'receiptPath'],
  exist: STATUS_FIELDS,
  read: CONTENT_FIELDS,
  readByGet: CONTENT_FIELDS,
  burn: ['burned', 'id'],
  publicList: LIST_ITEM_FIELDS,
  publicListByUser: LIST_ITEM_FIELDS,
  publicSettings: SETTINGS_FIELDS,
  signup: SESSION_FIELDS,
  signin: SESSION_FIELDS,
  signout: ['signedOut'],
  verify: SESSION_FIELDS,
  refresh: SESSION_FIELDS,
  methods: ['header', 'passkeys', 'password', 'passwordReset', 'providers', 'signup'],
  oidcLinkInfo: ['email', 'provider', 'username'],
  oidcLink: [...SESSION_FIELDS, 'next'],
  identities: ['createdAt', 'email', 'id', 'lastUsedAt', 'provider', 'providerId'],
  unlinkIdentity: ['unlinked'],
  headerSignIn: SESSION_FIELDS,
  setup: SESSION_FIELDS,
  requestPasswordReset: ['accepted'],
  confirmPasswordReset: ['ended', 'reset', 'unverified', 'username'],
  verifyEmail: ['email', 'verified'],
  sendVerification: ['email', 'sent'],
  confirmSignup: SESSION_FIELDS,
  account: ACCOUNT_FIELDS,
  update: ACCOUNT_FIELDS,
  delete: ['deleted'],
  secrets: [
    'createdAt',
    'expiresAt',
    'failedAttempts',
    'id',
    'isPublic',
    'lastViewedAt',
    'maxViews',
    'preventBurn',
    'title',
    'viewsLeft',
    'viewsUsed',
  ],
  tokens: TOKEN_FIELDS,
  createToken: [...TOKEN_FIELDS, 'token'],
  revokeToken: ['revoked'],
  signinSecondFactor: SESSION_FIELDS,
  twoFactorStatus: ['backupCodesLeft', 'totp'],
  enrolTotp: ['secret', 'uri'],
  confirmTotp: ['backupCodes'],
  disableTotp: ['disabled'],
  regenerateBackupCodes: ['backupCodes'],
  sessions: ['browser', 'client', 'createdAt', 'current', 'expiresAt', 'id', 'lastSeenAt', 'method', 'os', 'userAgent'],
  revokeSession: ['current', 'revoked'],
  signOutOthers: ['signedOut'],
  passkeys: PASSKEY_FIELDS,
  passkeyRegistrationOptions: [
    'attestation',
    'authenticatorSelection',
    'challenge',
    'excludeCredentials',
    'extensions',
    'hints',
    'pubKeyCredParams',
    'rp',
    'timeout',
    'user',
  ],
  registerPasskey: PASSKEY_FIELDS,
  renamePasskey: PASSKEY_FIELDS,
  removePasskey: ['removed'],
  passkeySigninOptions: ['allowCredentials', 'challenge', 'rpId', 'timeout', 'userVerification'],
  passkeySignin: SESSION_FIELDS,
  adminSettings: [...SETTINGS_FIELDS, 'managed'],
  updateAdminSettings: [...SETTINGS_FIELDS, 'managed'],
  adminUsers: ['skip', 'take', 'total', 'users'],
  createUser: ACCOUNT_FIELDS,
  updateUser: ACCOUNT_FIELDS,
  deleteUser: ['deleted'],
  track: ['recorded'],
  analyticsDaily: ['days', 'paths', 'totals'],
  stats: ['files', 'requests', 'secrets', 'users'],
  uploadStatus: UPLOAD_FIELDS,
  uploadPart: ['fileId', 'part', 'size'],
  completeUpload: UPLOAD_FIELDS,
  download: [],
  createRequest: ['expiresAt', 'id'],
  listRequests: REQUEST_SUMMARY_FIELDS,
  unreadResponses: ['unread'],
  getRequest: REQUEST_DETAIL_FIELDS,
  revokeRequest: REQUEST_SUMMARY_FIELDS,
  deleteRequest: ['deleted', 'id'],
  requestForm: REQUEST_FORM_FIELDS,
  respond: ['deleteToken', 'expiresAt', 'id', 'receiptPath'],
  readReceipt: RECEIPT_FIELDS,
  ownReceipt: RECEIPT_FIELDS,
  endedSecrets: RECEIPT_FIELDS,
  listActivity: ['items', 'next', 'unread'],
  activityUnread: ['unread'],
  markActivitySeen: ['unread'],
  notificationSettings: NOTIFICATION_FIELDS,
  updateNotificationSettings: NOTIFICATION_FIELDS,
  listOwnWebhooks: WEBHOOK_FIELDS,
  createOwnWebhook: [...WEBHOOK_FIELDS, 'secret'],
  updateOwnWebhook: WEBHOOK_FIELDS,
  deleteOwnWebhook: ['deleted'],
  rotateOwnWebhook: [...WEBHOOK_FIELDS, 'secret'],
  testOwnWebhook: DELIVERY_FIELDS,
  ownWebhookDeliveries: DELIVERY_FIELDS,
  listInstanceWebhooks: WEBHOOK_FIELDS,
  createInstanceWebhook: [...WEBHOOK_FIELDS, 'secret'],
  updateInstanceWebhook: WEBHOOK_FIELDS,
  deleteInstanceWebhook: ['deleted'],
  rotateInstanceWebhook: [...WEBHOOK_FIELDS, 'secret'],
  testInstanceWebhook: DELIVERY_FIELDS,
  instanceWebhookDeliveries: DELIVERY_FIELDS,
};
