import { json, type ApiRequest, type Method, type RouteName } from './contract-api.js';
import { HOOK, UNKNOWN_WEBHOOK } from '../modules/delivery/webhooks.contract.test-utils.js';
import { CONTENT, MANIFEST } from '../modules/secrets/files.contract.test-utils.js';
import {
  REQUEST_ID,
  requestBody,
  responseBody,
  UNKNOWN_REQUEST,
} from '../modules/requests/requests.contract.test-helpers.js';
import { UNKNOWN_ID } from '../modules/secrets/secrets.contract.test-utils.js';
import { identityOddRequests } from './contract-odd-identity.js';

/** Odd requests of the contract test (contract.test.ts): whatever the app answers must be a status the route declares. */
/** Credentials no client should send: broken headers and cookies, and browser headers without a cookie. */
const ODD_CREDENTIALS: Record<string, string>[] = [
  { authorization: 'Basic' },
  { authorization: 'Basic !!!!' },
  { authorization: `Basic ${Buffer.from(':anything').toString('base64')}` },
  { authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` },
  { authorization: 'Bearer' },
  { authorization: `Bearer ${'x'.repeat(5000)}` },
  { authorization: 'Digest username="x"' },
  { cookie: 'hush_session=' },
  { cookie: 'hush_session=garbage' },
  { cookie: 'hush_session=%E0%A4%A; hush_session=%' },
  { cookie: 'hush_login=e30=' },
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
];
const oddCredentials = (method: Method, url: string): ApiRequest[] =>
  ODD_CREDENTIALS.map((headers) => ({ method, url, headers }));

/** Requests no client should send: whatever the app answers must still be a status the route declares. */
export const ODD_REQUESTS: Record<RouteName, ApiRequest[]> = (() => {
  const badBodies = (url: string, method: Method = 'POST') => [
    { method, url, ...json('') },
    { method, url, ...json('null') },
    { method, url, ...json('[]') },
    { method, url, ...json('"text"') },
    { method, url, ...json('{"__proto__":{"x":1}}') },
    { method, url, ...json('{"constructor":{"prototype":{"x":1}}}') },
    { method, url, ...json('{"a":1}', 'text/plain') },
    { method, url, ...json('a=1', 'application/x-www-form-urlencoded') },
    { method, url, ...json('--x--', 'multipart/form-data; boundary=x') },
    { method, url, payload: Buffer.from('{}') },
  ];
  const badIds = (path: (id: string) => string, method: Method) =>
    ['A'.repeat(65), 'A'.repeat(300), '%00', `a%00b`, '%E0%A4%A', '%', '%C3%A9%E2%98%83', '__proto__', '%2F'].map(
      (id) => ({ method, url: path(id) }),
    );
  const nul = 'a\u0000b';
  const PART = `/secret/${UNKNOWN_ID}/files/${UNKNOWN_ID}/parts/1`;
  const REQUEST = `/requests/${UNKNOWN_REQUEST}`;
  const RESPONSES = `${REQUEST}/responses`;
  const RECEIPT = `/receipt/${UNKNOWN_ID}`;
  const ACTIVITY = '/account/activity';
  const NOTIFICATIONS = '/account/notifications';
  /** A page cursor as the server writes it (base64url of `time:id`), around what it holds. */
  const cursor = (text: string): ApiRequest => ({
    url: `${ACTIVITY}?before=${Buffer.from(text).toString('base64url')}`,
  });
  /** The odd requests of one scope's seven webhook routes, in the order of the contract. */
  const webhooks = (base: string): ApiRequest[][] => {
    const item = `${base}/${UNKNOWN_WEBHOOK}`;
    const bodies = (method: Method, url: string): ApiRequest[] => [
      ...badBodies(url, method),
      { method, url, payload: { url: nul } },
      { method, url, payload: { url: `https://hooks.example.com/${'x'.repeat(2000)}` } },
      { method, url, payload: { url: 'javascript:alert(1)' } },
      { method, url, payload: { url: 'http://[::1]/' } },
      { method, url, payload: { url: 'http://[::ffff:127.0.0.1]/' } },
      { method, url, payload: { url: 'http://0x7f000001/' } },
      { method, url, payload: { url: 'http://localhost./' } },
      { method, url, payload: { url: 'https://hooks.example.com/x', format: nul, events: [nul], enabled: 1 } },
      { method, url, payload: { ...HOOK, events: Array(20).fill('secret.viewed') } },
      { method, url, ...json(`{"url":"${HOOK.url}","events":null,"__proto__":{"enabled":false}}`) },
    ];
    const byId = (method: Method, suffix = '') => [
      ...badIds((id) => `${base}/${id}${suffix}`, method),
      ...oddCredentials(method, `${item}${suffix}`),
      ...(method === 'GET' ? [] : badBodies(`${item}${suffix}`, method)),
    ];
    return [
      [...oddCredentials('GET', base), { url: `${base}?__proto__[x]=1&x=%00` }, { url: `${base}/` }],
      [...oddCredentials('POST', base), ...bodies('POST', base)],
      [...byId('PUT'), ...bodies('PUT', item)],
      byId('DELETE'),
      byId('POST', '/rotate'),
      byId('POST', '/test'),
      [...byId('GET', '/deliveries'), { url: `${item}/deliveries?__proto__[x]=1` }],
    ];
  };
  const [listOwn, createOwn, updateOwn, deleteOwn, rotateOwn, testOwn, ownDeliveries] = webhooks('/account/webhooks');
  const [list, create, update, remove, rotate, test, deliveries] = webhooks('/admin/webhooks');
  return {
    create: [
      ...badBodies('/secret'),
      ...oddCredentials('POST', '/secret'),
      { method: 'POST', url: '/secret', payload: { text: 'a\u0000b', ttl: 3600, isPublic: true } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, title: 'a\u0000' } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, password: 'a\u0000' } },
      { method: 'POST', url: '/secret', ...json('{"text":"x","ttl":1e400}') },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, files: [{}] } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, files: [MANIFEST, { content: 'x' }] } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, files: [{ ...MANIFEST, size: 2 ** 53 }] } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, files: [{ ...MANIFEST, meta: nul }] } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, files: [{ meta: 'm', content: '=' }] } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 1209600 } },
      { method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, allowedIp: 'fe80::1%eth0' } },
    ],
    exist: [...badIds((id) => `/secret/${id}/exist`, 'GET'), ...oddCredentials('GET', `/secret/${UNKNOWN_ID}/exist`)],
    read: [
      ...badBodies(`/secret/${UNKNOWN_ID}`),
      ...badIds((id) => `/secret/${id}`, 'POST'),
      { method: 'POST', url: `/secret/${UNKNOWN_ID}`, payload: { password: 'a\u0000' } },
    ],
    readByGet: [
      ...badIds((id) => `/secret/${id}`, 'GET'),
      { url: `/secret/${UNKNOWN_ID}?keyProof=%00&password=%00` },
      { url: `/secret/${UNKNOWN_ID}?__proto__[x]=1&constructor[prototype][x]=1` },
      { url: `/secret/${UNKNOWN_ID}?%zz=%` },
    ],
    burn: [
      ...badBodies(`/secret/${UNKNOWN_ID}/burn`),
      ...badIds((id) => `/secret/${id}/burn`, 'POST'),
      ...oddCredentials('POST', `/secret/${UNKNOWN_ID}/burn`),
    ],
    publicList: [
      { url: '/public-secrets?__proto__=1&x=%00' },
      { url: '/public-secrets//' },
      { url: '/secret/public/?__proto__=1&x=%00' },
    ],
    publicListByUser: [
      ...badIds((id) => `/public-secrets/${id}`, 'GET'),
      ...badIds((id) => `/secret/public/${id}`, 'GET'),
    ],
    publicSettings: [
      { url: '/settings/public?__proto__=1' },
      { url: '/settings/public/?x=%00' },
      ...oddCredentials('GET', '/settings/public'),
    ],
    signup: [
      ...badBodies('/authentication/signup'),
      ...oddCredentials('POST', '/authentication/signup'),
      { method: 'POST', url: '/authentication/signup', payload: { username: nul, email: 'a@b.c', password: 'xxxxx' } },
      { method: 'POST', url: '/authentication/signup', payload: { username: 'ab\u00e9cd', email: 'a@b', password: 1 } },
      { method: 'POST', url: '/authentication/signup', payload: { username: 'abcd', email: 'a@b.c', password: nul } },
    ],
    signin: [
      ...badBodies('/authentication/signin'),
      ...oddCredentials('POST', '/authentication/signin'),
      { method: 'POST', url: '/authentication/signin', payload: { username: nul, password: nul } },
      { method: 'POST', url: '/authentication/signin', payload: { username: 'x'.repeat(300), password: 'x' } },
      { method: 'POST', url: '/authentication/signin', payload: { username: 'abcd', password: 'x'.repeat(2000) } },
    ],
    signout: [...badBodies('/authentication/signout'), ...oddCredentials('POST', '/authentication/signout')],
    verify: [...oddCredentials('GET', '/authentication/verify'), { url: '/authentication/verify?__proto__=1' }],
    refresh: oddCredentials('GET', '/authentication/refresh'),
    setup: [
      ...badBodies('/authentication/setup'),
      ...oddCredentials('POST', '/authentication/setup'),
      { method: 'POST', url: '/authentication/setup', payload: { username: 'abcd', email: 'a@b.c', token: nul } },
      { method: 'POST', url: '/authentication/setup', payload: { token: 'x'.repeat(129) } },
    ],
    // Issue 16.4, the emailed links: tokens that are no token, logins that are no name.
    account: oddCredentials('GET', '/account'),
    update: [
      ...badBodies('/account/update', 'PUT'),
      ...oddCredentials('PUT', '/account/update'),
      { method: 'PUT', url: '/account/update', payload: { currentPassword: nul, newPassword: nul } },
      { method: 'PUT', url: '/account/update', payload: { currentPassword: 'x', email: 'not an email' } },
      { method: 'PUT', url: '/account/update', payload: { currentPassword: 'x', generated: 'yes' } },
    ],
    delete: [...badBodies('/account/delete'), ...oddCredentials('POST', '/account/delete')],
    secrets: [...oddCredentials('GET', '/secret'), { url: '/secret/?x=%00' }, { url: '/account/secrets?x=1' }],
    tokens: oddCredentials('GET', '/account/tokens'),
    createToken: [
      ...badBodies('/account/tokens'),
      ...oddCredentials('POST', '/account/tokens'),
      { method: 'POST', url: '/account/tokens', payload: { name: 'x'.repeat(65) } },
      { method: 'POST', url: '/account/tokens', payload: { name: nul } },
      { method: 'POST', url: '/account/tokens', payload: { name: 'ci', expiresInDays: 1.5 } },
      { method: 'POST', url: '/account/tokens', ...json('{"name":"ci","expiresInDays":1e400}') },
    ],
    revokeToken: [
      ...badBodies(`/account/tokens/${UNKNOWN_ID}`, 'DELETE'),
      ...badIds((id) => `/account/tokens/${id}`, 'DELETE'),
      ...oddCredentials('DELETE', `/account/tokens/${UNKNOWN_ID}`),
    ],
    // Issue 16.2: codes that are no code, pending sign-ins that are none.
    adminSettings: [...oddCredentials('GET', '/admin/settings'), { url: '/admin/settings/?__proto__=1&x=%00' }],
    updateAdminSettings: [
      ...badBodies('/admin/settings', 'PUT'),
      ...oddCredentials('PUT', '/admin/settings'),
      { method: 'PUT', url: '/admin/settings', ...json('{"disable_users":1e400,"read_only":-0}') },
      { method: 'PUT', url: '/admin/settings', payload: { restrict_organization_email: nul } },
    ],
    adminUsers: [
      ...oddCredentials('GET', '/admin/users'),
      { url: '/admin/users?skip=%00&take=1e400' },
      { url: '/admin/users?skip[]=1&take[a]=2&__proto__[x]=1' },
      { url: `/admin/users?skip=${'9'.repeat(400)}` },
    ],
    createUser: [
      ...badBodies('/admin/users'),
      ...oddCredentials('POST', '/admin/users'),
      { method: 'POST', url: '/admin/users', payload: { username: nul, email: 'a@b.c', password: nul, role: nul } },
    ],
    updateUser: [
      ...badBodies('/admin/users', 'PUT'),
      ...oddCredentials('PUT', '/admin/users'),
      { method: 'PUT', url: '/admin/users', payload: { username: nul, email: 'a@b.c', role: 'admin' } },
    ],
    deleteUser: [
      ...badBodies('/admin/users', 'DELETE'),
      ...oddCredentials('DELETE', '/admin/users'),
      { method: 'DELETE', url: '/admin/users', payload: { username: 'x'.repeat(300) } },
    ],
    track: [
      ...badBodies('/analytics/track'),
      ...oddCredentials('POST', '/analytics/track'),
      { method: 'POST', url: '/analytics/track', payload: { path: `/${nul}` } },
      { method: 'POST', url: '/analytics/track', payload: { path: `/${'x'.repeat(600)}` } },
    ],
    analyticsDaily: [
      ...oddCredentials('GET', '/analytics/data/aggregate/daily'),
      { url: '/analytics/data/aggregate/daily?__proto__=1&days=%00' },
    ],
    stats: [...oddCredentials('GET', '/stats'), { url: '/stats/?x=%00' }],
    uploadStatus: [
      ...badIds((id) => `/secret/${id}/upload`, 'GET'),
      ...oddCredentials('GET', `/secret/${UNKNOWN_ID}/upload`),
      { url: `/secret/${UNKNOWN_ID}/upload`, headers: { 'hush-upload-token': nul } },
      { url: `/secret/${UNKNOWN_ID}/upload`, headers: { 'hush-upload-token': 'x'.repeat(5000) } },
    ],
    uploadPart: [
      ...badIds((id) => `/secret/${id}/files/${UNKNOWN_ID}/parts/1`, 'PUT'),
      ...badIds((id) => `/secret/${UNKNOWN_ID}/files/${id}/parts/1`, 'PUT'),
      ...badIds((id) => `/secret/${UNKNOWN_ID}/files/${UNKNOWN_ID}/parts/${id}`, 'PUT'),
      ...oddCredentials('PUT', PART),
      ...badBodies(PART, 'PUT'),
      { method: 'PUT', url: PART, payload: CONTENT, headers: { 'content-type': 'application/octet-stream; x=y' } },
      { method: 'PUT', url: PART, payload: CONTENT, headers: { 'content-type': 'APPLICATION/OCTET-STREAM' } },
      { method: 'PUT', url: PART, payload: Buffer.alloc(0), headers: { 'content-type': 'application/octet-stream' } },
      {
        method: 'PUT',
        url: PART,
        payload: CONTENT,
        headers: { 'content-type': 'application/octet-stream', 'content-length': '-1' },
      },
      {
        method: 'PUT',
        url: `${PART.slice(0, -1)}99999999999`,
        payload: CONTENT,
        headers: { 'content-type': 'application/octet-stream' },
      },
    ],
    completeUpload: [
      ...badBodies(`/secret/${UNKNOWN_ID}/upload/complete`),
      ...badIds((id) => `/secret/${id}/upload/complete`, 'POST'),
      ...oddCredentials('POST', `/secret/${UNKNOWN_ID}/upload/complete`),
    ],
    download: [
      ...badBodies('/download'),
      ...oddCredentials('POST', '/download'),
      { method: 'POST', url: '/download', payload: { key: nul, secretId: nul } },
      { method: 'POST', url: '/download', payload: { key: 'x'.repeat(129), secretId: 'y'.repeat(65) } },
      { method: 'POST', url: '/download', payload: { key: 'k', secretId: UNKNOWN_ID, extra: 1 } },
    ],
    createRequest: [
      ...badBodies('/requests'),
      ...oddCredentials('POST', '/requests'),
      { method: 'POST', url: '/requests', payload: requestBody({ id: nul }) },
      { method: 'POST', url: '/requests', payload: requestBody({ title: `hush1.${nul}`, text: `hush1.${nul}` }) },
      { method: 'POST', url: '/requests', payload: requestBody({ wrappedKey: `hushrk1.${'x'.repeat(300)}` }) },
      { method: 'POST', url: '/requests', payload: requestBody({ title: `hush1.${'x'.repeat(100_000)}` }) },
      { method: 'POST', url: '/requests', payload: requestBody({ maxResponses: 0, responseViews: 1.5 }) },
      { method: 'POST', url: '/requests', payload: requestBody({ responseTtl: 301, allowFiles: 'yes' }) },
      { method: 'POST', url: '/requests', payload: requestBody({ allowedIp: 'fe80::1%eth0' }) },
      { method: 'POST', url: '/requests', payload: requestBody({ extra: 1 }) },
      { method: 'POST', url: '/requests', ...json(JSON.stringify(requestBody()).replace('86400', '1e400')) },
    ],
    listRequests: [
      ...oddCredentials('GET', '/requests'),
      { url: '/requests?__proto__=1&x=%00' },
      { url: '/requests/' },
    ],
    unreadResponses: [...oddCredentials('GET', '/requests/unread'), { url: '/requests/unread?x=%00' }],
    getRequest: [
      ...badIds((id) => `/requests/${id}`, 'GET'),
      ...oddCredentials('GET', REQUEST),
      { url: `/requests/${REQUEST_ID}?__proto__[x]=1` },
    ],
    revokeRequest: [
      ...badBodies(`${REQUEST}/revoke`),
      ...badIds((id) => `/requests/${id}/revoke`, 'POST'),
      ...oddCredentials('POST', `${REQUEST}/revoke`),
    ],
    deleteRequest: [
      ...badBodies(REQUEST, 'DELETE'),
      ...badIds((id) => `/requests/${id}`, 'DELETE'),
      ...oddCredentials('DELETE', REQUEST),
    ],
    requestForm: [
      ...badIds((id) => `/requests/${id}/form`, 'GET'),
      ...oddCredentials('GET', `${REQUEST}/form`),
      { url: `${REQUEST}/form?__proto__[x]=1&x=%00` },
    ],
    respond: [
      ...badBodies(RESPONSES),
      ...badIds((id) => `/requests/${id}/responses`, 'POST'),
      ...oddCredentials('POST', RESPONSES),
      { method: 'POST', url: RESPONSES, payload: responseBody({ text: nul }) },
      { method: 'POST', url: RESPONSES, payload: responseBody({ keyProof: nul, ephemeralKey: nul }) },
      { method: 'POST', url: RESPONSES, payload: responseBody({ files: [{}] }) },
      { method: 'POST', url: RESPONSES, payload: responseBody({ files: [{ ...MANIFEST, size: 2 ** 53 }] }) },
      { method: 'POST', url: RESPONSES, payload: responseBody({ files: 'x', extra: 1 }) },
    ],
    readReceipt: [
      ...badBodies(RECEIPT),
      ...badIds((id) => `/receipt/${id}`, 'POST'),
      ...oddCredentials('POST', RECEIPT),
      { method: 'POST', url: RECEIPT, payload: { deleteToken: nul } },
      { method: 'POST', url: RECEIPT, payload: { deleteToken: 'x'.repeat(5000) } },
      { method: 'POST', url: RECEIPT, payload: { deleteToken: ['A'.repeat(43)] } },
      { method: 'POST', url: RECEIPT, payload: { deleteToken: 'A'.repeat(43), extra: 1 } },
    ],
    ownReceipt: [
      ...badIds((id) => `/account/secrets/${id}/receipt`, 'GET'),
      ...oddCredentials('GET', `/account/secrets/${UNKNOWN_ID}/receipt`),
      { url: `/account/secrets/${UNKNOWN_ID}/receipt?__proto__[x]=1` },
    ],
    endedSecrets: [...oddCredentials('GET', '/account/secrets/ended'), { url: '/account/secrets/ended?x=%00' }],
    listActivity: [
      ...oddCredentials('GET', ACTIVITY),
      { url: `${ACTIVITY}?before=%00&limit=%00` },
      { url: `${ACTIVITY}?limit=1e400` },
      { url: `${ACTIVITY}?limit=51` },
      { url: `${ACTIVITY}?limit=-1&before=` },
      { url: `${ACTIVITY}?before[]=x&limit[a]=1&__proto__[x]=1` },
      { url: `${ACTIVITY}?before=${'A'.repeat(65)}` },
      { url: `${ACTIVITY}?before=%E0%A4%A` },
      cursor('1:'),
      cursor(':x'),
      cursor('1:a\u0000b'),
      cursor(`${'9'.repeat(30)}:x`),
      cursor('9007199254740993:x'),
      cursor('1:2:3'),
      cursor('\u00ff\u00fe:x'),
    ],
    activityUnread: [...oddCredentials('GET', `${ACTIVITY}/unread`), { url: `${ACTIVITY}/unread?x=%00` }],
    markActivitySeen: [...badBodies(`${ACTIVITY}/seen`), ...oddCredentials('POST', `${ACTIVITY}/seen`)],
    notificationSettings: [...oddCredentials('GET', NOTIFICATIONS), { url: `${NOTIFICATIONS}?__proto__[x]=1` }],
    updateNotificationSettings: [
      ...badBodies(NOTIFICATIONS, 'PUT'),
      ...oddCredentials('PUT', NOTIFICATIONS),
      { method: 'PUT', url: NOTIFICATIONS, payload: { emailEvents: [nul] } },
      { method: 'PUT', url: NOTIFICATIONS, payload: { emailEvents: 'secret.viewed' } },
      { method: 'PUT', url: NOTIFICATIONS, payload: { emailEvents: ['__proto__', 'constructor'] } },
      { method: 'PUT', url: NOTIFICATIONS, payload: { emailEvents: Array(13).fill('secret.viewed') } },
      { method: 'PUT', url: NOTIFICATIONS, payload: { emailEvents: [], email: 'other@example.com' } },
    ],
    listOwnWebhooks: listOwn!,
    createOwnWebhook: createOwn!,
    updateOwnWebhook: updateOwn!,
    deleteOwnWebhook: deleteOwn!,
    rotateOwnWebhook: rotateOwn!,
    testOwnWebhook: testOwn!,
    ownWebhookDeliveries: ownDeliveries!,
    listInstanceWebhooks: list!,
    createInstanceWebhook: create!,
    updateInstanceWebhook: update!,
    deleteInstanceWebhook: remove!,
    rotateInstanceWebhook: rotate!,
    testInstanceWebhook: test!,
    instanceWebhookDeliveries: deliveries!,
    ...identityOddRequests({ badBodies, badIds, oddCredentials, nul }),
  };
})();
