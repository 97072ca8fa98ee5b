import type { RouteName } from './contract-scenarios.js';

/**
 * The public HTTP API pinned by contract.test.ts: the routes, the statuses each may answer with, and the fields of
 * every answer. A refactor that changes any of these must change this file too, on purpose.
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
    statuses: [201, 400, 401, 403, 409, 413, 415, 429],
  },
  { name: 'signin', method: 'POST', path: '/authentication/signin', statuses: [200, 400, 401, 403, 413, 415, 429] },
  { name: 'signout', method: 'POST', path: '/authentication/signout', statuses: [200, 400, 401, 403, 413, 415, 429] },
  { name: 'verify', method: 'GET', path: '/authentication/verify', statuses: [200, 401, 429] },
  { name: 'refresh', method: 'GET', path: '/authentication/refresh', statuses: [200, 401, 429] },
  { name: 'setup', method: 'POST', path: '/authentication/setup', statuses: [201, 400, 401, 403, 409, 413, 415, 429] },
  { name: 'account', method: 'GET', path: '/account', statuses: [200, 401, 429] },
  { name: 'update', method: 'PUT', path: '/account/update', statuses: [200, 400, 401, 403, 409, 413, 415, 429] },
  { name: 'delete', method: 'POST', path: '/account/delete', statuses: [200, 400, 401, 403, 409, 413, 415, 429] },
  { name: 'secrets', method: 'GET', path: '/secret', statuses: [200, 401, 429] },
  { name: 'tokens', method: 'GET', path: '/account/tokens', statuses: [200, 401, 429] },
  { name: 'createToken', method: 'POST', path: '/account/tokens', statuses: [201, 400, 401, 403, 413, 415, 429] },
  {
    name: 'revokeToken',
    method: 'DELETE',
    path: '/account/tokens/{id}',
    statuses: [200, 400, 401, 403, 404, 413, 415, 429],
  },
  { name: 'adminSettings', method: 'GET', path: '/admin/settings', statuses: [200, 401, 403, 429] },
  {
    name: 'updateAdminSettings',
    method: 'PUT',
    path: '/admin/settings',
    statuses: [200, 400, 401, 403, 413, 415, 429],
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
    statuses: [200, 400, 401, 403, 404, 409, 411, 413, 415, 429],
  },
  {
    name: 'completeUpload',
    method: 'POST',
    path: '/secret/{id}/upload/complete',
    statuses: [200, 400, 401, 403, 404, 409, 413, 415, 429],
  },
  { name: 'download', method: 'POST', path: '/download', statuses: [200, 400, 401, 403, 404, 413, 415, 429] },
  {
    name: 'createRequest',
    method: 'POST',
    path: '/requests',
    statuses: [201, 400, 401, 403, 409, 413, 415, 429],
  },
  { name: 'listRequests', method: 'GET', path: '/requests', statuses: [200, 401, 429] },
  { name: 'unreadResponses', method: 'GET', path: '/requests/unread', statuses: [200, 401, 429] },
  { name: 'getRequest', method: 'GET', path: '/requests/{id}', statuses: [200, 400, 401, 404, 429] },
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
  { name: 'ownReceipt', method: 'GET', path: '/account/secrets/{id}/receipt', statuses: [200, 400, 401, 404, 429] },
  { name: 'endedSecrets', method: 'GET', path: '/account/secrets/ended', statuses: [200, 401, 429] },
  { name: 'listActivity', method: 'GET', path: '/account/activity', statuses: [200, 400, 401, 429] },
  { name: 'activityUnread', method: 'GET', path: '/account/activity/unread', statuses: [200, 401, 429] },
  {
    name: 'markActivitySeen',
    method: 'POST',
    path: '/account/activity/seen',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  { name: 'notificationSettings', method: 'GET', path: '/account/notifications', statuses: [200, 401, 429] },
  {
    name: 'updateNotificationSettings',
    method: 'PUT',
    path: '/account/notifications',
    statuses: [200, 400, 401, 403, 413, 415, 429],
  },
  { name: 'listOwnWebhooks', method: 'GET', path: '/account/webhooks', statuses: [200, 401, 429] },
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
    statuses: [200, 400, 401, 404, 429],
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
export const ACCOUNT_FIELDS = ['createdAt', 'email', 'generated', 'role', 'username'];
export const TOKEN_FIELDS = ['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'name'];
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
export const OPTIONAL_FIELDS: Partial<Record<RouteName, string[]>> = { create: ['upload'], respond: ['upload'] };
export const TICKET_FIELDS = ['expiresAt', 'files', 'token'];

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
  setup: SESSION_FIELDS,
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
