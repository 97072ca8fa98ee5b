import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { expectError } from '../../test-utils/expect-error.js';

/**
 * Sign-in by a trusted header, through the app in-process: the socket's peer is inject's remoteAddress, so a trusted
 * proxy (10.0.0.5, inside HUSH_TRUSTED_PROXIES) and a client reaching Hush directly (203.0.113.9) are both played.
 * trusted-header.nginx.test.ts does the same through a real nginx.
 */

const PROXY = '10.0.0.5';
const STRANGER = '203.0.113.9';
const PASSWORD = 'correct horse';
const CONFIG = {
  authHeader: 'Remote-User',
  authHeaderEmail: 'Remote-Email',
  trustedProxies: ['10.0.0.0/24'],
  logLevel: 'info',
} satisfies Partial<Config>;

describeEachDialect('trusted header sign-in', (dialect) => {
  let t: TestApp;
  let lines: string[];
  afterEach(() => t?.close());

  const start = async (config: Partial<Config> = {}) => {
    lines = [];
    t = await createTestApp({
      dialect,
      config: { ...CONFIG, ...config },
      logStream: { write: (line) => void lines.push(line) },
    });
  };
  const inject = (options: InjectOptions & { from?: string }) =>
    t.app.inject({ ...options, url: `/api/v1${options.url}`, remoteAddress: options.from ?? PROXY });
  /** POST /authentication/header as the proxy (or `from`), naming `username`. */
  const headerSignIn = (username: string, extra: { from?: string; headers?: Record<string, string> } = {}) =>
    inject({
      method: 'POST',
      url: '/authentication/header',
      from: extra.from,
      headers: { 'remote-user': username, ...extra.headers },
    });
  const sessionOf = (response: LightMyRequestResponse) =>
    response.cookies.find((cookie) => cookie.name === 'hush_session')?.value;
  const whoAmI = (session: string, headers: Record<string, string> = {}) =>
    inject({ url: '/authentication/verify', headers: { cookie: `hush_session=${session}`, ...headers } });
  const signUp = async (username: string) => {
    const payload = { username, email: `${username}@example.com`, password: PASSWORD };
    const response = await inject({ method: 'POST', url: '/authentication/signup', payload });
    expect(response.statusCode, response.body).toBe(201);
    return sessionOf(response)!;
  };
  const users = () => t.database.db.selectFrom('users').select(['username', 'email', 'role']).execute();
  const securityLines = () =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.security);

  it('signs the user a trusted proxy names in, creating the account with the proxy’s email', async () => {
    await start();
    const response = await headerSignIn('carol', { headers: { 'remote-email': 'carol@example.org' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ username: 'carol', email: 'carol@example.org', role: 'user' });
    expect((await whoAmI(sessionOf(response)!)).json()).toMatchObject({ username: 'carol' });
    expect(await users()).toEqual([{ username: 'carol', email: 'carol@example.org', role: 'user' }]);
  });

  it('gives an account created without an email header <username>@localhost.invalid', async () => {
    await start({ authHeaderEmail: '' });
    const response = await headerSignIn('dave', { headers: { 'remote-email': 'ignored@example.org' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await users()).toEqual([{ username: 'dave', email: 'dave@localhost.invalid', role: 'user' }]);
  });

  it('signs a returning user in to their account, whatever the case of the name, and creates no other', async () => {
    await start();
    await signUp('alice');
    const response = await headerSignIn('ALICE');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ username: 'alice', email: 'alice@example.com' });
    expect(await users()).toHaveLength(1);
  });

  it('ignores the header from a peer that is not a trusted proxy, forwarded-for claims included, and logs it', async () => {
    await start();
    await signUp('alice');
    const claims: Record<string, string>[] = [{}, { 'x-forwarded-for': PROXY }, { forwarded: `for=${PROXY}` }];
    for (const claim of claims) {
      const refused = await headerSignIn('alice', { from: STRANGER, headers: claim });
      expectError(refused, 401, 'auth.header_missing');
      expect(sessionOf(refused)).toBeUndefined();
    }
    const methods = await inject({
      url: '/authentication/methods',
      from: STRANGER,
      headers: { 'remote-user': 'alice' },
    });
    expect(methods.json()).toMatchObject({ header: null });
    const events = securityLines();
    expect(events).toHaveLength(claims.length + 1); // once per request
    expect(events[0]).toMatchObject({ security: 'header.untrusted', header: 'Remote-User', peer: STRANGER });
    expect(JSON.stringify(events)).not.toContain('alice');
  });

  it('names the vouched user in GET /authentication/methods only for a trusted proxy’s request', async () => {
    await start({ authHeaderSignoutUrl: 'https://auth.example.org/logout' });
    const vouched = await inject({ url: '/authentication/methods', headers: { 'remote-user': 'carol' } });
    expect(vouched.json()).toMatchObject({
      header: { username: 'carol', signoutUrl: 'https://auth.example.org/logout' },
    });
    expect((await inject({ url: '/authentication/methods' })).json()).toMatchObject({ header: null });
  });

  it('ends a session of another user when the proxy names someone else: the proxy is the authority', async () => {
    await start();
    const alice = await signUp('alice');
    expect((await whoAmI(alice, { 'remote-user': 'alice' })).statusCode).toBe(200);
    const other = await whoAmI(alice, { 'remote-user': 'bob_2' });
    expectError(other, 401, 'auth.not_signed_in');
    expect(other.cookies.map((cookie) => [cookie.name, cookie.value])).toContainEqual(['hush_session', '']);
    // The session is over for good, not just for that request.
    expectError(await whoAmI(alice), 401, 'auth.not_signed_in');
    // Signing in with alice's cookie still sent gives bob_2's session.
    const bob = await headerSignIn('bob_2', { headers: { cookie: `hush_session=${alice}` } });
    expect(bob.json()).toMatchObject({ username: 'bob_2' });
    expect((await whoAmI(sessionOf(bob)!)).json()).toMatchObject({ username: 'bob_2' });
  });

  it('replaces the session of the same user on a new header sign-in', async () => {
    await start();
    const first = sessionOf(await headerSignIn('carol'))!;
    const second = await headerSignIn('carol', { headers: { cookie: `hush_session=${first}` } });
    expect(second.statusCode).toBe(200);
    expectError(await whoAmI(first), 401, 'auth.not_signed_in');
    expect((await whoAmI(sessionOf(second)!)).statusCode).toBe(200);
  });

  it('with auto-create off, signs existing accounts in and refuses unknown users', async () => {
    await start({ authHeaderAutoCreate: false });
    await signUp('alice');
    expectError(await headerSignIn('carol'), 403, 'auth.header_unknown_user');
    expect((await headerSignIn('alice')).statusCode).toBe(200);
    expect((await users()).map((user) => user.username)).toEqual(['alice']);
  });

  it('refuses a name or email the rules refuse with 400 auth.header_invalid, creating nothing', async () => {
    await start();
    for (const name of ['abc', 'u'.repeat(21), 'has space', 'ünïcode', 'alice, bob_2']) {
      expectError(await headerSignIn(name), 400, 'auth.header_invalid');
    }
    const badEmail = await headerSignIn('carol', { headers: { 'remote-email': 'not-an-address' } });
    expectError(badEmail, 400, 'auth.header_invalid');
    expect(badEmail.json()).toMatchObject({ field: 'email' });
    expect(await users()).toEqual([]);
  });

  it('applies the organisation email domain to the accounts it creates', async () => {
    await start();
    await t.services.settings.update({ restrict_organization_email: 'example.org' });
    const outside = await headerSignIn('carol', { headers: { 'remote-email': 'carol@example.com' } });
    expectError(outside, 403, 'auth.email_domain');
    expect((await headerSignIn('carol', { headers: { 'remote-email': 'carol@example.org' } })).statusCode).toBe(200);
  });

  it('respects disabled users: admins still sign in, others and new accounts do not', async () => {
    await start();
    await signUp('alice');
    await t.services.auth.ensureAdmin('rootuser', PASSWORD, 'root@example.com');
    await t.services.settings.update({ disable_users: true });
    expectError(await headerSignIn('alice'), 403, 'auth.signin_disabled');
    expectError(await headerSignIn('carol'), 403, 'auth.signin_disabled');
    expect((await headerSignIn('rootuser')).json()).toMatchObject({ username: 'rootuser', role: 'admin' });
  });

  it('creates one account when two first sign-ins of a user race', async () => {
    await start();
    const answers = await Promise.all([headerSignIn('carol'), headerSignIn('carol'), headerSignIn('carol')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await users()).toHaveLength(1);
  });
});

describe('trusted header sign-in switched off', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('believes no header when HUSH_AUTH_HEADER is not set, even from a trusted proxy', async () => {
    t = await createTestApp({ config: { trustedProxies: [PROXY] } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/header',
      remoteAddress: PROXY,
      headers: { 'remote-user': 'carol' },
    });
    expectError(response, 401, 'auth.header_missing');
    const methods = await t.app.inject({ url: '/api/v1/authentication/methods', remoteAddress: PROXY });
    expect(methods.json()).toMatchObject({ header: null });
  });
});
