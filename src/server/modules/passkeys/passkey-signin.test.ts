import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test-utils/database.js';
import { expectError } from '../../test-utils/expect-error.js';
import { newAuthenticator, passkeyCalls } from '../../test-utils/passkeys.js';
import { accountBody, sessionOf, setCookies, useSessionWorld } from '../../test-utils/session-world.js';
import type { SoftwareAuthenticator } from '../../test-utils/software-authenticator.js';

/**
 * Signing in with a passkey alone (a discoverable credential, no username), and every way an assertion is refused:
 * each refusal is a clear code, a security event in the log, a count toward throttling, and no session.
 */

describeEachDialect('passkey sign-in', (dialect) => {
  const w = useSessionWorld(dialect);
  const { inject } = w;
  const passkeys = passkeyCalls(inject);

  /** Alice with a passkey on `authenticator`; the lines the app logs are collected in `logs`. */
  async function aliceWithPasskey(authenticator: SoftwareAuthenticator = newAuthenticator()) {
    await w.start();
    const cookie = sessionOf(await w.signUp('alice'));
    const registered = await passkeys.register(cookie, authenticator, { name: 'Laptop' });
    expect(registered.statusCode, registered.body).toBe(201);
    return { cookie, authenticator, passkeyId: registered.json<{ id: string }>().id };
  }

  it('a passkey alone signs in: a session for its account, and its last use recorded', async () => {
    const { cookie, authenticator } = await aliceWithPasskey();
    w.clock.advance(60_000);
    const options = await passkeys.options();
    expect(options.allowCredentials ?? [], 'any discoverable passkey may answer').toEqual([]);
    expect(options.userVerification).toBe('required');
    const signedIn = await passkeys.signin(authenticator.authenticate(options));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: 'alice', role: 'user' });
    const session = sessionOf(signedIn);
    expect((await w.get('/authentication/verify', session)).json().username).toBe('alice');
    expect(setCookies(signedIn).hush_login, 'the readable login cookie too').toBeDefined();
    const listed = (await w.get('/account/passkeys', cookie)).json();
    expect(listed[0].lastUsedAt).toBe(new Date(w.clock()).toISOString());
  });

  it('a replayed assertion finds its challenge used', async () => {
    const { authenticator } = await aliceWithPasskey();
    const assertion = authenticator.authenticate(await passkeys.options());
    expect((await passkeys.signin(assertion)).statusCode).toBe(200);
    const replayed = await passkeys.signin(assertion);
    expectError(replayed, 400, 'passkey.challenge_invalid');
    expect(setCookies(replayed).hush_session).toBeUndefined();
  });

  it('a challenge handed out for a registration does not sign in', async () => {
    const { cookie, authenticator } = await aliceWithPasskey();
    const registration = await inject({ method: 'POST', url: '/account/passkeys/options', headers: { cookie } });
    const assertion = authenticator.authenticate({ challenge: registration.json().challenge });
    expectError(await passkeys.signin(assertion), 400, 'passkey.challenge_invalid');
  });

  it('a passkey this instance does not know is refused', async () => {
    await aliceWithPasskey();
    const stranger = newAuthenticator();
    stranger.register({ challenge: 'x', rp: {}, user: { id: 'c29tZW9uZQ' } });
    expectError(await passkeys.signin(stranger.authenticate(await passkeys.options())), 401, 'passkey.unknown');
  });

  it('a bad signature, a wrong origin, or no user verification is refused', async () => {
    const { authenticator } = await aliceWithPasskey();
    const tries = [{ badSignature: true }, { origin: 'https://hush.evil.example' }, { unverified: true }];
    for (const misbehave of tries) {
      const refused = await passkeys.signin(authenticator.authenticate(await passkeys.options(), misbehave));
      expectError(refused, 401, 'passkey.invalid');
      expect(setCookies(refused).hush_session).toBeUndefined();
    }
  });

  it('a counter that goes backwards (a cloned authenticator) is refused', async () => {
    const { authenticator } = await aliceWithPasskey();
    expect((await passkeys.signin(authenticator.authenticate(await passkeys.options()))).statusCode).toBe(200);
    expect((await passkeys.signin(authenticator.authenticate(await passkeys.options()))).statusCode).toBe(200);
    const clone = await passkeys.signin(authenticator.authenticate(await passkeys.options(), { counter: 1 }));
    expectError(clone, 401, 'passkey.cloned');
  });

  it('an assertion whose user handle names another account is refused', async () => {
    const { authenticator } = await aliceWithPasskey();
    const assertion = authenticator.authenticate(await passkeys.options());
    assertion.response.userHandle = Buffer.from('someone-else').toString('base64url');
    expectError(await passkeys.signin(assertion), 401, 'passkey.other_account');
  });

  it('while users are disabled, only an admin’s passkey signs in', async () => {
    const { authenticator } = await aliceWithPasskey();
    await w.settings({ disable_users: true });
    expectError(
      await passkeys.signin(authenticator.authenticate(await passkeys.options())),
      403,
      'auth.signin_disabled',
    );
  });

  it('refusals are logged as security events without the assertion, and throttled per client', async () => {
    const { authenticator, passkeyId } = await aliceWithPasskey();
    const lines: string[] = [];
    const log = w.t.app.log as unknown as { warn: (object: unknown, message: string) => void };
    const original = log.warn.bind(log);
    log.warn = (object, message) => {
      lines.push(JSON.stringify({ object, message }));
      original(object, message);
    };
    const failures = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const assertion = authenticator.authenticate(await passkeys.options(), { badSignature: true });
      failures.push(await passkeys.signin(assertion));
      if (attempt === 0) expect(lines.join('\n')).not.toContain(assertion.response.signature);
    }
    expect(failures.slice(0, 5).map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expectError(failures[5]!, 429, 'auth.too_many_attempts');
    const events = lines.filter((line) => line.includes('"security":"signin.passkey"'));
    expect(events).toHaveLength(5);
    expect(JSON.parse(events[0]!).object).toMatchObject({ security: 'signin.passkey', reason: 'invalid' });
    // The user is named, not the passkey: ids of what a user owns stay out of the log.
    expect(JSON.parse(events[0]!).object.userId).toEqual(expect.any(String));
    expect(lines.join('\n')).not.toContain(passkeyId);
    // The right passkey waits like the others: the count is the client's, until the wait is over.
    const good = await passkeys.signin(authenticator.authenticate(await passkeys.options()));
    expectError(good, 429, 'auth.too_many_attempts');
    w.clock.advance(2000);
    expect((await passkeys.signin(authenticator.authenticate(await passkeys.options()))).statusCode).toBe(200);
  });

  it('in SSO-only mode a passkey alone signs in the break-glass admins only, and the page offers none', async () => {
    await w.start({ ssoOnly: true });
    const { auth } = w.t.services;
    const withPasskey = async (name: string, role: string) => {
      const user = await auth.createUser(accountBody(name), role);
      const cookie = `hush_session=${(await auth.startSession(user)).token}`;
      const authenticator = newAuthenticator();
      expect((await passkeys.register(cookie, authenticator)).statusCode).toBe(201);
      return authenticator;
    };
    const user = await withPasskey('alice', 'user');
    const admin = await withPasskey('rootuser', 'admin');
    expect((await inject({ url: '/authentication/methods' })).json()).toMatchObject({ passkeys: false });
    expectError(await passkeys.signin(user.authenticate(await passkeys.options())), 403, 'auth.sso_only');
    expect((await passkeys.signin(admin.authenticate(await passkeys.options()))).statusCode).toBe(200);
  });

  it('the sign-in page offers passkeys', async () => {
    await w.start();
    expect((await inject({ url: '/authentication/methods' })).json()).toMatchObject({ passkeys: true });
  });
});
