import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { UPLOAD_TOKEN_HEADER } from '../../../shared/api/files.contract.js';
import { routeKey, type Access, type RouteContract } from '../../../shared/api/contract.js';
import { apiRoutes, type ApiRouteName } from '../../../shared/api/index.js';
import { API_ROUTES } from '../../api-routes.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { MANIFEST, putPart } from '../secrets/files.contract.test-utils.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { makeRequest, makeResponse, type MadeRequest } from '../../test-utils/requests.js';
import { madeBeforeScopes } from '../../test-utils/tokens.js';
import { newAuthenticator } from '../../test-utils/passkeys.js';
import { scopesFor, TOKEN_SCOPES, type TokenScope } from '../../../shared/rules/tokens.js';
import { MAX_WEBHOOKS_PER_OWNER } from '../../../shared/rules/events.js';
import { totpCodeAt } from '../two-factor/totp.js';

/**
 * Who may call what: every route of API_ROUTES, called by every kind of caller, with the status each must get.
 * The table is written out by hand; a new route fails to typecheck here until its row is added.
 */

const CALLERS = [
  'anonymous',
  'user',
  'creator',
  'admin',
  'token',
  'legacyToken',
  'revokedToken',
  'deletedUser',
] as const;
type Caller = (typeof CALLERS)[number];
/** A caller of the table, or an API token of the admin (adam) with this one scope only. */
type Who = Caller | `scope ${TokenScope}`;

/** One row of the table, in the order of CALLERS. */
const row = (...statuses: [number, number, number, number, number, number, number, number]) =>
  Object.fromEntries(CALLERS.map((caller, index) => [caller, statuses[index]!])) as Record<Caller, number>;

// `token` is an API token of the user (alice) with every scope she may give (all but admin); `legacyToken` one of
// hers made before scopes (it may do all she may); `revokedToken` another of hers, revoked; `deletedUser` the session
// cookie of an account deleted since. Which scope each route needs: modules/auth/token-scopes.test.ts.
// prettier-ignore
const EXPECTED: Record<ApiRouteName, Record<Caller, number>> = {
  //                      anonymous  user  creator  admin  token  legacy  revoked  deleted
  create:             row(400,       201,  201,     201,   201,   201,    401,     400), // a 28-day secret: accounts only
  exist:              row(200,       200,  200,     200,   200,   200,    401,     200),
  read:               row(200,       200,  200,     200,   200,   200,    401,     200),
  readByGet:          row(200,       200,  200,     200,   200,   200,    401,     200),
  burn:               row(403,       200,  403,     403,   200,   200,    401,     403), // by its owner, with no delete token
  publicList:         row(200,       200,  200,     200,   200,   200,    401,     200),
  publicListByUser:   row(200,       200,  200,     200,   200,   200,    401,     200),
  publicSettings:     row(200,       200,  200,     200,   200,   200,    401,     200),
  signup:             row(201,       201,  201,     201,   201,   201,    401,     201),
  signin:             row(200,       200,  200,     200,   200,   200,    401,     200),
  signout:            row(200,       200,  200,     200,   200,   200,    401,     200),
  verify:             row(401,       200,  200,     200,   200,   200,    401,     401),
  refresh:            row(401,       200,  200,     200,   401,   401,    401,     401),
  setup:              row(403,       403,  403,     403,   403,   403,    401,     403), // an admin exists: no setup
  methods:            row(200,       200,  200,     200,   200,   200,    401,     200),
  // OpenID link confirmations (issue 16.1): no identity waits for a link from these callers.
  oidcLinkInfo:       row(404,       404,  404,     404,   404,   404,    401,     404),
  oidcLink:           row(404,       404,  404,     404,   404,   404,    401,     404),
  identities:         row(401,       200,  200,     200,   200,   200,    401,     401),
  unlinkIdentity:     row(401,       200,  404,     404,   403,   403,    401,     401), // a provider of the user's
  headerSignIn:       row(401,       401,  401,     401,   401,   401,    401,     401), // HUSH_AUTH_HEADER is off here
  // Emailed links (issue 16.4): this instance has no SMTP server, and the tokens tried are of no link.
  requestPasswordReset: row(409,     409,  409,     409,   409,   409,    401,     409),
  confirmPasswordReset: row(400,     400,  400,     400,   400,   400,    401,     400),
  verifyEmail:        row(400,       400,  400,     400,   400,   400,    401,     400),
  confirmSignup:      row(400,       400,  400,     400,   400,   400,    401,     400),
  sendVerification:   row(401,       409,  409,     409,   403,   403,    401,     401),
  account:            row(401,       200,  200,     200,   200,   200,    401,     401),
  update:             row(401,       200,  200,     200,   403,   403,    401,     401),
  delete:             row(401,       200,  200,     409,   403,   403,    401,     401), // the only admin cannot go
  secrets:            row(401,       200,  200,     200,   200,   200,    401,     401),
  tokens:             row(401,       200,  200,     200,   200,   200,    401,     401),
  createToken:        row(401,       201,  201,     201,   403,   403,    401,     401),
  revokeToken:        row(401,       200,  404,     404,   403,   403,    401,     401), // a token of the user's
  // Two-factor codes (issue 16.2): the account's by its session only; the sign-in step probed with an empty code.
  signinSecondFactor: row(400,       400,  400,     400,   400,   400,    401,     400),
  twoFactorStatus:    row(401,       200,  200,     200,   403,   403,    401,     401),
  enrolTotp:          row(401,       200,  200,     200,   403,   403,    401,     401),
  confirmTotp:        row(401,       200,  200,     200,   403,   403,    401,     401),
  disableTotp:        row(401,       200,  200,     200,   403,   403,    401,     401),
  regenerateBackupCodes: row(401,    200,  200,     200,   403,   403,    401,     401),
  // Sessions: the account's own, by its session; revoking the user's (alice's) current one.
  sessions:           row(401,       200,  200,     200,   403,   403,    401,     401),
  revokeSession:      row(401,       200,  404,     404,   403,   403,    401,     401),
  signOutOthers:      row(401,       200,  200,     200,   403,   403,    401,     401),
  // Passkeys: the account's by its session only; a passkey of the user's (alice's) for rename and remove.
  passkeys:           row(401,       200,  200,     200,   403,   403,    401,     401),
  passkeyRegistrationOptions: row(401, 200, 200,    200,   403,   403,    401,     401),
  registerPasskey:    row(401,       201,  201,     201,   403,   403,    401,     401),
  renamePasskey:      row(401,       200,  404,     404,   403,   403,    401,     401),
  removePasskey:      row(401,       200,  404,     404,   403,   403,    401,     401),
  passkeySigninOptions: row(200,     200,  200,     200,   200,   200,    401,     200),
  passkeySignin:      row(200,       200,  200,     200,   200,   200,    401,     200), // alice's passkey
  adminSettings:      row(401,       403,  403,     200,   403,   403,    401,     401),
  updateAdminSettings: row(401,       403,  403,     200,   403,   403,    401,     401),
  adminUsers:         row(401,       403,  403,     200,   403,   403,    401,     401),
  createUser:         row(401,       403,  403,     201,   403,   403,    401,     401),
  updateUser:         row(401,       403,  403,     200,   403,   403,    401,     401),
  deleteUser:         row(401,       403,  403,     200,   403,   403,    401,     401),
  track:              row(200,       200,  200,     200,   200,   200,    401,     200),
  analyticsDaily:     row(401,       403,  403,     200,   403,   403,    401,     401),
  stats:              row(401,       403,  403,     200,   403,   403,    401,     401),
  // The upload routes answer whoever holds the secret's upload token; a download, whoever holds a download key.
  uploadStatus:       row(200,       200,  200,     200,   200,   200,    401,     200),
  uploadPart:         row(200,       200,  200,     200,   200,   200,    401,     200),
  completeUpload:     row(200,       200,  200,     200,   200,   200,    401,     200),
  download:           row(200,       200,  200,     200,   200,   200,    401,     200),
  // Requests for secrets: the owner's (alice's) by her session or token; another user's answer 404, as unknown ones.
  createRequest:      row(401,       201,  201,     201,   201,   201,    401,     401),
  listRequests:       row(401,       200,  200,     200,   200,   200,    401,     401),
  unreadResponses:    row(401,       200,  200,     200,   200,   200,    401,     401),
  getRequest:         row(401,       200,  404,     404,   200,   200,    401,     401),
  revokeRequest:      row(401,       200,  404,     404,   200,   200,    401,     401),
  deleteRequest:      row(401,       200,  404,     404,   200,   200,    401,     401),
  // The fill link and its answer: anyone who holds the link.
  requestForm:        row(200,       200,  200,     200,   200,   200,    401,     200),
  respond:            row(201,       201,  201,     201,   201,   201,    401,     201),
  // Receipts: whoever holds the receipt link (a secret's delete token); the owner's (alice's) by id, and her ended.
  readReceipt:        row(200,       200,  200,     200,   200,   200,    401,     200),
  ownReceipt:         row(401,       200,  404,     404,   200,   200,    401,     401),
  endedSecrets:       row(401,       200,  200,     200,   200,   200,    401,     401),
  // Activity: each user's own; which events are emailed is chosen by the person, not a token.
  listActivity:       row(401,       200,  200,     200,   200,   200,    401,     401),
  activityUnread:     row(401,       200,  200,     200,   200,   200,    401,     401),
  markActivitySeen:   row(401,       200,  200,     200,   200,   200,    401,     401),
  notificationSettings: row(401,       200,  200,     200,   200,   200,    401,     401),
  updateNotificationSettings: row(401,       200,  200,     200,   403,   403,    401,     401),
  // A user's webhooks: alice's by her session or her token made before scopes (no scope grants them); another user's
  // answer 404, as unknown ones.
  listOwnWebhooks:    row(401,       200,  200,     200,   403,   200,    401,     401),
  createOwnWebhook:   row(401,       201,  201,     201,   403,   201,    401,     401),
  updateOwnWebhook:   row(401,       200,  404,     404,   403,   200,    401,     401),
  deleteOwnWebhook:   row(401,       200,  404,     404,   403,   200,    401,     401),
  rotateOwnWebhook:   row(401,       200,  404,     404,   403,   200,    401,     401),
  testOwnWebhook:     row(401,       202,  404,     404,   403,   202,    401,     401),
  ownWebhookDeliveries: row(401,       200,  404,     404,   403,   200,    401,     401),
  // The instance's webhooks: admins only (alice's token is a user's).
  listInstanceWebhooks: row(401,       403,  403,     200,   403,   403,    401,     401),
  createInstanceWebhook: row(401,       403,  403,     201,   403,   403,    401,     401),
  updateInstanceWebhook: row(401,       403,  403,     200,   403,   403,    401,     401),
  deleteInstanceWebhook: row(401,       403,  403,     200,   403,   403,    401,     401),
  rotateInstanceWebhook: row(401,       403,  403,     200,   403,   403,    401,     401),
  testInstanceWebhook: row(401,       403,  403,     202,   403,   403,    401,     401),
  instanceWebhookDeliveries: row(401,       403,  403,     200,   403,   403,    401,     401),
};

const PASSWORD = 'correct horse';

interface Request {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}

interface World {
  as(caller: Who, request: Request): Promise<LightMyRequestResponse>;
  /** The user's own session, to prepare what a probe needs. */
  asUser(request: Request): Promise<LightMyRequestResponse>;
  /** The admin's session, likewise. */
  asAdmin(request: Request): Promise<LightMyRequestResponse>;
  /** Links an OpenID identity to the user, as a callback would after its checks (no provider runs here). */
  linkIdentity(): Promise<void>;
}

/** Four accounts with their roles, the user's tokens (one revoked), and a session whose account was deleted. */
async function buildWorld(t: TestApp): Promise<World> {
  // Test events are queued, never sent (the probes' webhook URLs are never called).
  await t.services.worker.stop();
  const cookies: Partial<Record<Caller, string>> = {};
  const accounts = [
    ['user', 'alice', 'user'],
    ['creator', 'carol', 'creator'],
    ['admin', 'adam', 'admin'],
    ['deletedUser', 'dave', 'user'],
  ] as const;
  for (const [caller, username, role] of accounts) {
    const user = await t.services.auth.createUser(
      { username, email: `${username}@example.com`, password: PASSWORD },
      role,
    );
    cookies[caller] = `hush_session=${(await t.services.auth.startSession(user)).token}`;
  }
  const send = (headers: Record<string, string>, request: Request) =>
    t.app.inject({
      ...request,
      url: `/api/v1${request.url}`,
      headers: { ...request.headers, ...headers },
    } as InjectOptions);
  const asUser = (request: Request) => send({ cookie: cookies.user! }, request);

  const newToken = async (scopes = scopesFor('user')) =>
    (await asUser({ method: 'POST', url: '/account/tokens', payload: { name: 't', scopes } })).json();
  const live = await newToken();
  const legacy = await newToken();
  await madeBeforeScopes(t.database.db, legacy.id);
  const revoked = await newToken();
  expect((await asUser({ method: 'DELETE', url: `/account/tokens/${revoked.id}` })).statusCode).toBe(200);
  const deleted = await send(
    { cookie: cookies.deletedUser! },
    {
      method: 'POST',
      url: '/account/delete',
      payload: { currentPassword: PASSWORD },
    },
  );
  expect(deleted.statusCode).toBe(200);

  const credentials: Record<Caller, Record<string, string>> = {
    anonymous: {},
    user: { cookie: cookies.user! },
    creator: { cookie: cookies.creator! },
    admin: { cookie: cookies.admin! },
    token: { authorization: `Bearer ${live.token}` },
    legacyToken: { authorization: `Bearer ${legacy.token}` },
    revokedToken: { authorization: `Bearer ${revoked.token}` },
    deletedUser: { cookie: cookies.deletedUser! },
  };
  // The admin's tokens of one scope each: the admin may give every scope, so a refusal is the scope's, not the role's.
  const scoped: Partial<Record<Who, Record<string, string>>> = {};
  for (const scope of TOKEN_SCOPES) {
    const payload = { name: scope, scopes: [scope] };
    const made = await send({ cookie: cookies.admin! }, { method: 'POST', url: '/account/tokens', payload });
    expect(made.statusCode, made.body).toBe(201);
    scoped[`scope ${scope}`] = { authorization: `Bearer ${made.json().token}` };
  }
  const alice = await t.database.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirst();
  const idp = {
    id: 'default',
    name: 'SSO',
    issuer: 'https://idp.example',
    clientId: 'hush',
    clientSecret: '',
    scopes: [],
  };
  const flow = { id: 'f', provider: 'default', state: '', nonce: '', code_verifier: '', next: '/', expires_at: 0 };
  return {
    asUser,
    asAdmin: (request) => send({ cookie: cookies.admin! }, request),
    as: (caller, request) => send({ ...credentials, ...scoped }[caller]!, request),
    linkIdentity: async () => {
      const claims = { iss: idp.issuer, sub: `sub-${++fresh}` };
      await t.services.oidcAccounts.resolve(idp, claims, null, { ...flow, user_id: alice!.id });
    },
  };
}

let fresh = 0;
const freshName = () => `new${++fresh}`;
const signedUpUser = async (w: World) => {
  const username = freshName();
  const payload = { username, email: `${username}@example.com`, password: PASSWORD };
  expect((await w.as('anonymous', { method: 'POST', url: '/authentication/signup', payload })).statusCode).toBe(201);
  return username;
};
const anonymousSecret = async (w: World) =>
  (await w.as('anonymous', { method: 'POST', url: '/secret', payload: { text: 'hush1.eA', ttl: 3600 } })).json().id;

/** The user's secret with a file (CONTENT, in two parts), with the given parts uploaded. */
async function userUpload(w: World, parts: number[]) {
  const created = await w.asUser({
    method: 'POST',
    url: '/secret',
    payload: { text: 'hush1.eA', ttl: 3600, files: [MANIFEST] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id, upload } = created.json();
  const started = { id, token: upload.token as string, fileId: upload.files[0].id as string };
  for (const n of parts) expect((await w.asUser(putPart(started, n) as Request)).statusCode).toBe(200);
  return started;
}
/** A request of the user's (alice's), open for one response. */
async function aliceRequest(w: World): Promise<MadeRequest> {
  const made = await makeRequest();
  const created = await w.asUser({ method: 'POST', url: '/requests', payload: made.body });
  expect(created.statusCode, created.body).toBe(201);
  return made;
}
/** A passkey of the user's (alice's), registered with `authenticator`: its id. */
async function alicePasskey(w: World, authenticator = newAuthenticator()): Promise<string> {
  const options = await w.asUser({ method: 'POST', url: '/account/passkeys/options' });
  const credential = authenticator.register(options.json()).response;
  const created = await w.asUser({ method: 'POST', url: '/account/passkeys', payload: { credential } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}
/** Turns the caller's codes on, when it can (a session): its backup codes, else none. */
async function codesOn(w: World, caller: Who): Promise<string[]> {
  const started = await w.as(caller, {
    method: 'POST',
    url: '/account/two-factor/totp',
    payload: { currentPassword: PASSWORD },
  });
  if (started.statusCode !== 200) return [];
  const code = totpCodeAt(started.json().secret, Date.now());
  const confirmed = await w.as(caller, { method: 'POST', url: '/account/two-factor/totp/confirm', payload: { code } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().backupCodes;
}
/** A secret of the user's (alice's), and its delete token. */
async function aliceSecret(w: World): Promise<{ id: string; deleteToken: string }> {
  const created = await w.asUser({ method: 'POST', url: '/secret', payload: { text: 'hush1.eA', ttl: 3600 } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}
/** A webhook of the user's (alice's), or of the instance's (added by the admin): its id. */
async function webhook(w: World, base: '/account/webhooks' | '/admin/webhooks'): Promise<string> {
  const as = base === '/account/webhooks' ? w.asUser : w.asAdmin;
  // Each probe makes one: the oldest goes when the owner has as many as allowed.
  const [oldest, ...others] = (await as({ url: base })).json<{ id: string }[]>();
  if (oldest && others.length + 1 >= MAX_WEBHOOKS_PER_OWNER)
    await as({ method: 'DELETE', url: `${base}/${oldest.id}` });
  const created = await as({ method: 'POST', url: base, payload: { url: 'https://hooks.example.com/hush' } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}
/** The probes of the seven webhook routes under `base`, on a webhook of its owner's made for each. */
function webhookProbes(base: '/account/webhooks' | '/admin/webhooks') {
  type Probe = (w: World, c: Who) => Promise<LightMyRequestResponse>;
  const on =
    (method: Request['method'], suffix = '', payload?: Request['payload']): Probe =>
    async (w, c) =>
      w.as(c, { method, url: `${base}/${await webhook(w, base)}${suffix}`, payload });
  const same =
    (request: Request): Probe =>
    (w, c) =>
      w.as(c, request);
  const hook = { url: 'https://hooks.example.com/hush' };
  return {
    list: same({ url: base }),
    create: same({ method: 'POST', url: base, payload: hook }),
    update: on('PUT', '', { ...hook, format: 'slack' }),
    remove: on('DELETE'),
    rotate: on('POST', '/rotate'),
    test: on('POST', '/test'),
    deliveries: on('GET', '/deliveries'),
  };
}
const OWN_WEBHOOKS = webhookProbes('/account/webhooks');
const INSTANCE_WEBHOOKS = webhookProbes('/admin/webhooks');
const completeRequest = (upload: { id: string; token: string }): Request => ({
  method: 'POST',
  url: `/secret/${upload.id}/upload/complete`,
  headers: { [UPLOAD_TOKEN_HEADER]: upload.token },
});

/** The one request each route is probed with, the same for every caller. */
const PROBES: Record<ApiRouteName, (w: World, caller: Who) => Promise<LightMyRequestResponse>> = {
  create: (w, c) => w.as(c, { method: 'POST', url: '/secret', payload: { text: 'hush1.eA', ttl: 2419200 } }),
  exist: async (w, c) => w.as(c, { url: `/secret/${await anonymousSecret(w)}/exist` }),
  read: async (w, c) => w.as(c, { method: 'POST', url: `/secret/${await anonymousSecret(w)}` }),
  readByGet: async (w, c) => w.as(c, { url: `/secret/${await anonymousSecret(w)}` }),
  burn: async (w, c) => {
    const owned = await w.asUser({ method: 'POST', url: '/secret', payload: { text: 'hush1.eA', ttl: 3600 } });
    return w.as(c, { method: 'POST', url: `/secret/${owned.json().id}/burn` });
  },
  publicList: (w, c) => w.as(c, { url: '/public-secrets' }),
  publicListByUser: (w, c) => w.as(c, { url: '/public-secrets/alice' }),
  publicSettings: (w, c) => w.as(c, { url: '/settings/public' }),
  signup: (w, c) => {
    const username = freshName();
    return w.as(c, {
      method: 'POST',
      url: '/authentication/signup',
      payload: { username, email: `${username}@example.com`, password: PASSWORD },
    });
  },
  signin: (w, c) =>
    w.as(c, { method: 'POST', url: '/authentication/signin', payload: { username: 'alice', password: PASSWORD } }),
  signout: (w, c) => w.as(c, { method: 'POST', url: '/authentication/signout' }),
  verify: (w, c) => w.as(c, { url: '/authentication/verify' }),
  refresh: (w, c) => w.as(c, { url: '/authentication/refresh' }),
  methods: (w, c) => w.as(c, { url: '/authentication/methods' }),
  oidcLinkInfo: (w, c) => w.as(c, { url: '/authentication/oidc/link' }),
  oidcLink: (w, c) => w.as(c, { method: 'POST', url: '/authentication/oidc/link', payload: { password: PASSWORD } }),
  identities: (w, c) => w.as(c, { url: '/account/identities' }),
  unlinkIdentity: async (w, c) => {
    await w.linkIdentity();
    const [identity] = (await w.asUser({ url: '/account/identities' })).json<{ id: string }[]>();
    return w.as(c, { method: 'DELETE', url: `/account/identities/${identity!.id}` });
  },
  headerSignIn: (w, c) =>
    w.as(c, { method: 'POST', url: '/authentication/header', headers: { 'remote-user': 'alice' } }),
  setup: (w, c) => {
    const username = freshName();
    const payload = { username, email: `${username}@example.com`, password: PASSWORD, token: 'not-the-token' };
    return w.as(c, { method: 'POST', url: '/authentication/setup', payload });
  },
  requestPasswordReset: (w, c) =>
    w.as(c, { method: 'POST', url: '/authentication/password-reset', payload: { login: 'alice' } }),
  confirmPasswordReset: (w, c) =>
    w.as(c, {
      method: 'POST',
      url: '/authentication/password-reset/confirm',
      payload: { token: 'A'.repeat(43), password: PASSWORD },
    }),
  verifyEmail: (w, c) =>
    w.as(c, { method: 'POST', url: '/authentication/verify-email', payload: { token: 'A'.repeat(43) } }),
  confirmSignup: (w, c) =>
    w.as(c, {
      method: 'POST',
      url: '/authentication/signup/confirm',
      payload: { token: 'A'.repeat(43), password: PASSWORD },
    }),
  sendVerification: (w, c) => w.as(c, { method: 'POST', url: '/account/email/verification' }),
  account: (w, c) => w.as(c, { url: '/account' }),
  update: (w, c) => w.as(c, { method: 'PUT', url: '/account/update', payload: { currentPassword: PASSWORD } }),
  delete: (w, c) => w.as(c, { method: 'POST', url: '/account/delete', payload: { currentPassword: PASSWORD } }),
  secrets: (w, c) => w.as(c, { url: '/secret' }),
  tokens: (w, c) => w.as(c, { url: '/account/tokens' }),
  createToken: (w, c) => w.as(c, { method: 'POST', url: '/account/tokens', payload: { name: 'probe' } }),
  passkeys: (w, c) => w.as(c, { url: '/account/passkeys' }),
  passkeyRegistrationOptions: (w, c) => w.as(c, { method: 'POST', url: '/account/passkeys/options' }),
  registerPasskey: async (w, c) => {
    const options = await w.as(c, { method: 'POST', url: '/account/passkeys/options' });
    const given = options.statusCode === 200 ? options.json() : { challenge: 'eA', rp: {}, user: { id: 'eA' } };
    const credential = newAuthenticator().register(given).response;
    return w.as(c, { method: 'POST', url: '/account/passkeys', payload: { credential } });
  },
  renamePasskey: async (w, c) =>
    w.as(c, { method: 'PUT', url: `/account/passkeys/${await alicePasskey(w)}`, payload: { name: 'probe' } }),
  removePasskey: async (w, c) => w.as(c, { method: 'DELETE', url: `/account/passkeys/${await alicePasskey(w)}` }),
  passkeySigninOptions: (w, c) => w.as(c, { method: 'POST', url: '/authentication/signin/passkey/options' }),
  passkeySignin: async (w, c) => {
    const authenticator = newAuthenticator();
    await alicePasskey(w, authenticator);
    const options = await w.as('anonymous', { method: 'POST', url: '/authentication/signin/passkey/options' });
    const credential = authenticator.authenticate(options.json());
    return w.as(c, { method: 'POST', url: '/authentication/signin/passkey', payload: { credential } });
  },
  signinSecondFactor: (w, c) =>
    w.as(c, { method: 'POST', url: '/authentication/signin/second-factor', payload: { code: '' } }),
  twoFactorStatus: (w, c) => w.as(c, { url: '/account/two-factor' }),
  enrolTotp: (w, c) =>
    w.as(c, { method: 'POST', url: '/account/two-factor/totp', payload: { currentPassword: PASSWORD } }),
  confirmTotp: async (w, c) => {
    const started = await w.as(c, {
      method: 'POST',
      url: '/account/two-factor/totp',
      payload: { currentPassword: PASSWORD },
    });
    const code = started.statusCode === 200 ? totpCodeAt(started.json().secret, Date.now()) : '123456';
    return w.as(c, { method: 'POST', url: '/account/two-factor/totp/confirm', payload: { code } });
  },
  disableTotp: async (w, c) => {
    const code = (await codesOn(w, c))[0] ?? '123456';
    const payload = { currentPassword: PASSWORD, code };
    return w.as(c, { method: 'POST', url: '/account/two-factor/totp/disable', payload });
  },
  regenerateBackupCodes: async (w, c) => {
    await codesOn(w, c);
    const payload = { currentPassword: PASSWORD };
    return w.as(c, { method: 'POST', url: '/account/two-factor/backup-codes', payload });
  },
  sessions: (w, c) => w.as(c, { url: '/account/sessions' }),
  revokeSession: async (w, c) => {
    const listed = await w.asUser({ url: '/account/sessions' });
    return w.as(c, { method: 'DELETE', url: `/account/sessions/${listed.json()[0].id}` });
  },
  signOutOthers: (w, c) => w.as(c, { method: 'POST', url: '/account/sessions/sign-out-others' }),
  revokeToken: async (w, c) => {
    const token = await w.asUser({ method: 'POST', url: '/account/tokens', payload: { name: 'target' } });
    return w.as(c, { method: 'DELETE', url: `/account/tokens/${token.json().id}` });
  },
  adminSettings: (w, c) => w.as(c, { url: '/admin/settings' }),
  updateAdminSettings: (w, c) => {
    const payload = {
      disable_users: false,
      disable_user_account_creation: false,
      read_only: false,
      disable_file_upload: false,
    };
    return w.as(c, { method: 'PUT', url: '/admin/settings', payload });
  },
  adminUsers: (w, c) => w.as(c, { url: '/admin/users?skip=0&take=5' }),
  createUser: (w, c) => {
    const username = freshName();
    return w.as(c, {
      method: 'POST',
      url: '/admin/users',
      payload: { username, email: `${username}@example.com`, password: PASSWORD, role: 'admin' },
    });
  },
  // Promoting to admin, and deleting, a user who signs up for the probe.
  updateUser: async (w, c) => {
    const username = await signedUpUser(w);
    const payload = { username, email: `${username}@example.org`, role: 'admin' };
    return w.as(c, { method: 'PUT', url: '/admin/users', payload });
  },
  deleteUser: async (w, c) =>
    w.as(c, { method: 'DELETE', url: '/admin/users', payload: { username: await signedUpUser(w) } }),
  track: (w, c) => w.as(c, { method: 'POST', url: '/analytics/track', payload: { path: '/public' } }),
  analyticsDaily: (w, c) => w.as(c, { url: '/analytics/data/aggregate/daily' }),
  stats: (w, c) => w.as(c, { url: '/stats' }),
  uploadStatus: async (w, c) => {
    const upload = await userUpload(w, [1]);
    return w.as(c, { url: `/secret/${upload.id}/upload`, headers: { [UPLOAD_TOKEN_HEADER]: upload.token } });
  },
  uploadPart: async (w, c) => w.as(c, putPart(await userUpload(w, []), 2) as Request),
  completeUpload: async (w, c) => w.as(c, completeRequest(await userUpload(w, [1, 2]))),
  download: async (w, c) => {
    const upload = await userUpload(w, [1, 2]);
    expect((await w.asUser(completeRequest(upload))).statusCode).toBe(200);
    const read = await w.asUser({ method: 'POST', url: `/secret/${upload.id}` });
    const payload = { key: read.json().files[0].downloadKey, secretId: upload.id };
    return w.as(c, { method: 'POST', url: '/download', payload });
  },
  createRequest: async (w, c) => w.as(c, { method: 'POST', url: '/requests', payload: (await makeRequest()).body }),
  listRequests: (w, c) => w.as(c, { url: '/requests' }),
  unreadResponses: (w, c) => w.as(c, { url: '/requests/unread' }),
  getRequest: async (w, c) => w.as(c, { url: `/requests/${(await aliceRequest(w)).id}` }),
  revokeRequest: async (w, c) => w.as(c, { method: 'POST', url: `/requests/${(await aliceRequest(w)).id}/revoke` }),
  deleteRequest: async (w, c) => w.as(c, { method: 'DELETE', url: `/requests/${(await aliceRequest(w)).id}` }),
  requestForm: async (w, c) => w.as(c, { url: `/requests/${(await aliceRequest(w)).id}/form` }),
  respond: async (w, c) => {
    const made = await aliceRequest(w);
    const { body } = await makeResponse(made.id, made.body.publicKey);
    return w.as(c, { method: 'POST', url: `/requests/${made.id}/responses`, payload: body });
  },
  readReceipt: async (w, c) => {
    const { id, deleteToken } = await aliceSecret(w);
    return w.as(c, { method: 'POST', url: `/receipt/${id}`, payload: { deleteToken } });
  },
  ownReceipt: async (w, c) => w.as(c, { url: `/account/secrets/${(await aliceSecret(w)).id}/receipt` }),
  endedSecrets: (w, c) => w.as(c, { url: '/account/secrets/ended' }),
  listActivity: (w, c) => w.as(c, { url: '/account/activity' }),
  activityUnread: (w, c) => w.as(c, { url: '/account/activity/unread' }),
  markActivitySeen: (w, c) => w.as(c, { method: 'POST', url: '/account/activity/seen' }),
  notificationSettings: (w, c) => w.as(c, { url: '/account/notifications' }),
  updateNotificationSettings: (w, c) =>
    w.as(c, { method: 'PUT', url: '/account/notifications', payload: { emailEvents: ['secret.viewed'] } }),
  listOwnWebhooks: OWN_WEBHOOKS.list,
  createOwnWebhook: OWN_WEBHOOKS.create,
  updateOwnWebhook: OWN_WEBHOOKS.update,
  deleteOwnWebhook: OWN_WEBHOOKS.remove,
  rotateOwnWebhook: OWN_WEBHOOKS.rotate,
  testOwnWebhook: OWN_WEBHOOKS.test,
  ownWebhookDeliveries: OWN_WEBHOOKS.deliveries,
  listInstanceWebhooks: INSTANCE_WEBHOOKS.list,
  createInstanceWebhook: INSTANCE_WEBHOOKS.create,
  updateInstanceWebhook: INSTANCE_WEBHOOKS.update,
  deleteInstanceWebhook: INSTANCE_WEBHOOKS.remove,
  rotateInstanceWebhook: INSTANCE_WEBHOOKS.rotate,
  testInstanceWebhook: INSTANCE_WEBHOOKS.test,
  instanceWebhookDeliveries: INSTANCE_WEBHOOKS.deliveries,
};

/** The user's own cells go last: her session may sign out or delete the account her token belongs to. */
const ORDER: Caller[] = [
  'anonymous',
  'revokedToken',
  'deletedUser',
  'token',
  'legacyToken',
  'creator',
  'admin',
  'user',
];

/** The access a row shows: anonymous callers let in, or only an admin, or only a session, or any signed-in user. */
function accessOf(statuses: Record<Caller, number>): Access {
  const ok = (status: number) => status < 300;
  if (statuses.anonymous !== 401) return 'anyone';
  if (statuses.user === 403 && ok(statuses.admin)) return 'admin';
  // A token made before scopes may do all its user may: one refused is a route for the person.
  // (The user gets past the access check, even where the route then refuses for its own reason, e.g. 409.)
  if (![401, 403].includes(statuses.user) && [401, 403].includes(statuses.legacyToken)) return 'session';
  return 'user';
}

/** Routes whose answer depends on something else than the caller: the trusted proxy's header (off in this table). */
const NOT_BY_CALLER: readonly string[] = ['headerSignIn'];

/**
 * What each scope opens (issue 29.6): the routes a token with only that scope reaches, among those that need an account.
 * Anywhere else that needs an account it is refused, 403 auth.token_scope (auth.session_required where no scope
 * grants the route: the person's session, or a token made before scopes). Routes that need no account answer any
 * token as they answer none, except those named here.
 */
const SCOPE_REACHES: Record<TokenScope, readonly ApiRouteName[]> = {
  'secrets:read': [
    'secrets',
    'ownReceipt',
    'endedSecrets',
    'listActivity',
    'activityUnread',
    'markActivitySeen',
    'notificationSettings',
  ],
  // Burning the owner's secret without its delete token: the route asks for the scope (BURN_SCOPE).
  'secrets:create': ['create', 'burn'],
  requests: ['createRequest', 'listRequests', 'unreadResponses', 'getRequest', 'revokeRequest', 'deleteRequest'],
  'account:read': ['account', 'verify', 'tokens', 'identities'],
  admin: [
    'adminSettings',
    'updateAdminSettings',
    'adminUsers',
    'createUser',
    'updateUser',
    'deleteUser',
    'analyticsDaily',
    'stats',
    'listInstanceWebhooks',
    'createInstanceWebhook',
    'updateInstanceWebhook',
    'deleteInstanceWebhook',
    'rotateInstanceWebhook',
    'testInstanceWebhook',
    'instanceWebhookDeliveries',
  ],
};
const SCOPED = new Set(Object.values(SCOPE_REACHES).flat());
/** Routes whose scope the handler asks for (a delete token needs none), not the contract. */
const SCOPE_IN_HANDLER: readonly ApiRouteName[] = ['burn'];

/** What a token with only `scope` (the admin's) must get from a route: reached (as the admin's session is), or refused. */
function scopedExpectation(name: ApiRouteName, scope: TokenScope): string {
  const route: RouteContract = apiRoutes[name];
  if (SCOPE_REACHES[scope].includes(name)) return `reached ${EXPECTED[name].admin}`;
  // Refreshing is a session's: a token has none to extend.
  if (name === 'refresh') return 'refused 401 auth.not_signed_in';
  if (route.access === 'session' || route.scope === 'legacy') return 'refused 403 auth.session_required';
  return 'refused 403 auth.token_scope';
}
const REFUSALS = ['auth.token_scope', 'auth.session_required', 'auth.admin_required', 'auth.not_signed_in'];
const scopedOutcome = (response: LightMyRequestResponse) => {
  const code = response.statusCode >= 400 ? response.json<{ code: string }>().code : '';
  return REFUSALS.includes(code) ? `refused ${response.statusCode} ${code}` : `reached ${response.statusCode}`;
};

it('every route that needs an account declares its scope, the one the scope table gives it', () => {
  for (const name of Object.keys(EXPECTED) as ApiRouteName[]) {
    const route: RouteContract = apiRoutes[name];
    const listed = TOKEN_SCOPES.filter((scope) => SCOPE_REACHES[scope].includes(name));
    expect(listed.length, `${name} is in one scope's list at most`).toBeLessThanOrEqual(1);
    if (SCOPE_IN_HANDLER.includes(name)) continue;
    if (route.access === 'session' || route.scope === 'legacy') expect(listed, name).toEqual([]);
    else if (route.access !== 'anyone') expect([route.scope], name).toEqual(listed);
    else expect(route.scope === undefined ? [] : [route.scope], name).toEqual(listed);
  }
});

it('each route’s declared access (its OpenAPI security) is the one its row of the table shows', () => {
  for (const [name, statuses] of Object.entries(EXPECTED)) {
    if (NOT_BY_CALLER.includes(name)) continue;
    expect(accessOf(statuses), name).toBe(apiRoutes[name as ApiRouteName].access);
  }
});

it('the table has a row for every route of API_ROUTES, and only for those', () => {
  const rows = Object.keys(EXPECTED).map((name) => routeKey(apiRoutes[name as ApiRouteName]));
  expect(new Set(rows)).toEqual(new Set(API_ROUTES.map(routeKey)));
  expect(rows.length).toBe(API_ROUTES.length);
  expect(ORDER.toSorted()).toEqual([...CALLERS].sort());
});

describeEachDialect('the authorization matrix', (dialect) => {
  for (const name of Object.keys(EXPECTED) as ApiRouteName[]) {
    const route = apiRoutes[name];
    it(`${route.method} ${route.path} answers each caller as the table says, and each scope as it opens`, async () => {
      const t = await createTestApp({ dialect });
      try {
        const world = await buildWorld(t);
        const actual = {} as Record<Caller, number>;
        const bodies: string[] = [];
        const scoped: string[] = [];
        const wanted: string[] = [];
        for (const caller of ORDER) {
          // Before the user's own cells (which may sign her out): a token of each single scope, wherever an account
          // is needed, reaches only its scope's routes.
          if (caller === 'user' && (route.access !== 'anyone' || SCOPED.has(name))) {
            for (const scope of TOKEN_SCOPES) {
              const response = await PROBES[name](world, `scope ${scope}`);
              scoped.push(`${scope}: ${scopedOutcome(response)}`);
              wanted.push(`${scope}: ${scopedExpectation(name, scope)}`);
              expect(Object.keys(route.responses).map(Number), `${scope} is declared`).toContain(response.statusCode);
            }
          }
          const response = await PROBES[name](world, caller);
          actual[caller] = response.statusCode;
          bodies.push(`${caller}: ${response.statusCode} ${response.body.slice(0, 120)}`);
          expect(Object.keys(route.responses).map(Number), `${caller} is declared`).toContain(response.statusCode);
        }
        expect(actual, bodies.join('\n')).toEqual(EXPECTED[name]);
        expect(scoped, 'tokens of one scope each').toEqual(wanted);
      } finally {
        await t.close();
      }
    });
  }
});
