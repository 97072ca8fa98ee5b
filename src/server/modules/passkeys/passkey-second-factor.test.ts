import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test-utils/database.js';
import { expectError } from '../../test-utils/expect-error.js';
import { newAuthenticator, passkeyCalls } from '../../test-utils/passkeys.js';
import { sessionOf, setCookies, useSessionWorld } from '../../test-utils/session-world.js';

/**
 * A passkey as the second step of a password sign-in (the pending sign-in of modules/auth/second-factor.ts): only
 * the pending account's passkeys finish it, once, within its five minutes.
 */

describeEachDialect('a passkey as second factor', (dialect) => {
  const w = useSessionWorld(dialect);
  const passkeys = passkeyCalls(w.inject);

  /** Alice and Bob, each with a passkey; Alice has just typed her password. */
  async function aliceHalfwayIn() {
    await w.start();
    const alice = newAuthenticator();
    const bob = newAuthenticator();
    expect((await passkeys.register(sessionOf(await w.signUp('alice')), alice)).statusCode).toBe(201);
    expect((await passkeys.register(sessionOf(await w.signUp('bobby')), bob)).statusCode).toBe(201);
    const signin = await w.signIn('alice');
    expect(signin.json()).toEqual({ secondFactor: { methods: ['passkey'] } });
    expect(setCookies(signin).hush_session, 'no session before the second factor').toBeUndefined();
    const pending = `hush_pending=${setCookies(signin).hush_pending!.value}`;
    return { alice, bob, pending };
  }

  it('after the password, the account’s own passkey finishes the sign-in and the pending cookie goes', async () => {
    const { alice, pending } = await aliceHalfwayIn();
    const options = await passkeys.options(pending);
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([
      alice.credentials[0]!.id.toString('base64url'),
    ]);
    expect(options.userVerification, 'the password was the first factor').toBe('preferred');
    // A security key without a PIN is a fine second factor: no user verification is needed here.
    const done = await passkeys.signin(alice.authenticate(options, { unverified: true }), pending);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().username).toBe('alice');
    expect(setCookies(done).hush_pending?.value, 'the pending cookie is cleared').toBe('');
    expect((await w.get('/authentication/verify', sessionOf(done))).statusCode).toBe(200);
    // Used up: the same pending sign-in cannot start a second session.
    const again = await passkeys.signin(alice.authenticate(await passkeys.options(pending)), pending);
    expect(again.statusCode, 'a fresh options call is passwordless again, and UV is there').toBe(200);
  });

  it('another account’s passkey is refused, counts as a wrong answer and starts no session', async () => {
    const { bob, alice, pending } = await aliceHalfwayIn();
    const kept = await passkeys.options(pending);
    const asBob = async () => bob.authenticate(await passkeys.options(pending), { credential: bob.credentials[0]! });
    const refused = await passkeys.signin(await asBob(), pending);
    expectError(refused, 401, 'passkey.other_account');
    expect(setCookies(refused).hush_session).toBeUndefined();
    // Five refusals use the pending sign-in up, as five wrong codes do: Alice's own passkey comes too late.
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expectError(await passkeys.signin(await asBob(), pending), 401, 'passkey.other_account');
    }
    w.clock.advance(2000); // past the throttle's wait after five refusals from this client
    expectError(await passkeys.signin(alice.authenticate(kept), pending), 401, 'passkey.signin_expired');
  });

  it('a pending sign-in older than five minutes is not finished by a passkey', async () => {
    const { alice, pending } = await aliceHalfwayIn();
    w.clock.advance(4 * 60_000);
    const options = await passkeys.options(pending);
    expect(options.allowCredentials).toHaveLength(1);
    w.clock.advance(60_000);
    const late = await passkeys.signin(alice.authenticate(options), pending);
    expectError(late, 401, 'passkey.signin_expired');
    expect(setCookies(late).hush_session).toBeUndefined();
  });

  it('without its pending cookie, a second-step challenge finishes nothing', async () => {
    const { alice, pending } = await aliceHalfwayIn();
    const options = await passkeys.options(pending);
    expectError(await passkeys.signin(alice.authenticate(options)), 401, 'passkey.signin_expired');
  });
});
