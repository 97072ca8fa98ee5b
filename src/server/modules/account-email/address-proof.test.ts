import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { mailedLink } from '../../test-utils/account-mail.js';
import { createTestClock } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { HUSH_URL, locationOf, oidcBrowser, oidcConfig, providerClients } from '../../test-utils/oidc-browser.js';
import { startTestProvider, type TestProvider } from '../../test-utils/oidc-provider.js';
import { newAuthenticator, passkeyCalls } from '../../test-utils/passkeys.js';
import { makeRequest } from '../../test-utils/requests.js';
import { startSmtpSink } from '../../test-utils/smtp-sink.js';
import { totpCodeAt } from '../two-factor/totp.js';
import { expectError } from '../../test-utils/expect-error.js';
import { emailWorld, NEW_PASSWORD, PASSWORD } from './account-email.test-world.js';

const VICTIM = 'victim@example.com';
const HOOK = 'http://127.0.0.1:9/hook';

/**
 * Issue 29.1: sign-up never proved the address, so whoever signed up with someone else's address could fill the
 * account with ways back in (an API token, a passkey, a linked provider, an authenticator app, a webhook, a request)
 * and keep them after the address's owner reset the password. A reset proves the address: every API token and every
 * session ends, and whatever was added while the address was unproven goes; what the proven owner added stays.
 */
describeEachDialect('what a password reset hands over', (dialect) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let provider: TestProvider;
  const open: { t: { close(): Promise<void> } }[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    provider = await startTestProvider({ clients: providerClients() });
  });
  afterAll(async () => {
    await sink.close();
    await provider.stop();
  });
  afterEach(async () => {
    // The instance that owns the database closes last.
    for (const world of open.splice(0).reverse()) await world.t.close();
    provider.accounts.clear();
  });

  /**
   * One instance, twice: before it could send email (anyone signs up with any address, unproven) and once it can
   * (HUSH_SMTP_URL set later), on the same database and clock.
   */
  async function instance() {
    const clock = createTestClock(Date.now());
    const config = oidcConfig(provider, { webhookAllowPrivate: true });
    const before = await emailWorld(dialect, null, { clock, config });
    open.push(before);
    const after = await emailWorld(dialect, sink, { clock, config, database: before.t.database });
    open.push(after);
    return { clock, before, after };
  }

  /** The owner of the address asks for a reset link and sets a new password with it: the confirm answer. */
  async function resetByOwner(world: Awaited<ReturnType<typeof emailWorld>>, login = VICTIM) {
    const after = sink.received.length;
    const asked = await world.call({ method: 'POST', url: '/authentication/password-reset', payload: { login } });
    expect(asked.statusCode, asked.body).toBe(202);
    const { token } = await mailedLink(
      sink.received,
      login.includes('@') ? login : `${login}@example.com`,
      'reset_password',
      {
        after,
      },
    );
    const done = await world.call({
      method: 'POST',
      url: '/authentication/password-reset/confirm',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json<Record<string, unknown>>();
  }

  it('a reset revokes every API token: whoever signed up with the address first keeps none', async () => {
    const { before, after } = await instance();
    const mallory = oidcBrowser(before.t);
    const made = await mallory.inject({
      method: 'POST',
      url: '/api/v1/authentication/signup',
      payload: { username: 'mallory', email: VICTIM, password: PASSWORD },
    });
    expect(made.statusCode, made.body).toBe(201);
    const minted = await mallory.inject({ method: 'POST', url: '/api/v1/account/tokens', payload: { name: 'kept' } });
    expect(minted.statusCode, minted.body).toBe(201);
    const bearer = { authorization: `Bearer ${minted.json<{ token: string }>().token}` };
    expect((await after.call({ url: '/secret', headers: bearer })).statusCode).toBe(200);

    await resetByOwner(after);
    const owner = after.sessionOf(await after.signIn(VICTIM, NEW_PASSWORD));
    const secret = await after.call(
      { method: 'POST', url: '/secret', payload: { text: 'hush1.c2VjcmV0', ttl: 3600 } },
      owner,
    );
    expect(secret.statusCode, secret.body).toBe(201);

    const listed = await after.call({ url: '/secret', headers: bearer });
    expect(listed.statusCode, 'the token lists the owner’s secrets no more').toBe(401);
    const burned = await after.call({ method: 'POST', url: `/secret/${secret.json().id}/burn`, headers: bearer });
    expect(burned.statusCode, 'nor burns them').toBe(401);
    expect((await after.call({ url: '/account/tokens' }, owner)).json()).toEqual([]);
  });

  it('a reset removes the passkeys, providers, authenticator app, webhooks and requests added while the address was unproven', async () => {
    const { clock, before, after } = await instance();
    const mallory = oidcBrowser(before.t);
    const as = (options: Parameters<typeof mallory.inject>[0] & { url: string }) =>
      mallory.inject({ ...options, url: `/api/v1${options.url}` });
    const signedUp = await as({
      method: 'POST',
      url: '/authentication/signup',
      payload: { username: 'mallory', email: VICTIM, password: PASSWORD },
    });
    expect(signedUp.statusCode).toBe(201);

    const authenticator = newAuthenticator(HUSH_URL);
    const passkeys = passkeyCalls(as);
    expect((await passkeys.register('', authenticator)).statusCode).toBe(201);

    const enrol = await as({ method: 'POST', url: '/account/two-factor/totp', payload: { currentPassword: PASSWORD } });
    const { secret } = enrol.json<{ secret: string }>();
    const confirmed = await as({
      method: 'POST',
      url: '/account/two-factor/totp/confirm',
      payload: { code: totpCodeAt(secret, clock()) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    clock.advance(30_000);

    const hook = await as({ method: 'POST', url: '/account/webhooks', payload: { url: HOOK } });
    expect(hook.statusCode, hook.body).toBe(201);
    const request = await makeRequest();
    const asked = await as({ method: 'POST', url: '/requests', payload: request.body });
    expect(asked.statusCode, asked.body).toBe(201);

    // A provider linked from the account's security page; and a second link on its way through the provider when
    // the reset happens, its callback arriving after.
    provider.accounts.set('mallory-1', { sub: 'mallory-1', email: 'mallory@evil.example', email_verified: true });
    provider.loginAs('mallory-1');
    const linkStart = await as({ url: '/authentication/oidc/default/start?link=true' });
    expect(locationOf(await mallory.callback(await mallory.authorize(locationOf(linkStart))))).toBe('/account');
    provider.accounts.set('mallory-2', { sub: 'mallory-2', email: 'mallory2@evil.example', email_verified: true });
    provider.loginAs('mallory-2');
    const laterStart = await as({ url: '/authentication/oidc/default/start?link=true' });
    const laterCallback = await mallory.authorize(locationOf(laterStart));

    const answer = await resetByOwner(after);

    // The owner signs in with the new password alone: no second factor of someone else's stands in the way.
    const signedIn = await after.signIn(VICTIM, NEW_PASSWORD);
    expect(signedIn.json()).toMatchObject({ username: 'mallory' });
    const owner = after.sessionOf(signedIn);
    const listOf = async (url: string) => (await after.call({ url }, owner)).json<unknown[]>();
    expect(await listOf('/account/passkeys')).toEqual([]);
    expect(await listOf('/account/identities')).toEqual([]);
    expect(await listOf('/account/webhooks')).toEqual([]);
    expect(await listOf('/requests')).toMatchObject([{ id: request.id, state: 'revoked' }]);

    // None of them gets anyone in any more.
    const passkeySignin = passkeyCalls((o) => after.call(o));
    const assertion = authenticator.authenticate(await passkeySignin.options());
    expectError(await passkeySignin.signin(assertion), 401, 'passkey.unknown');
    provider.loginAs('mallory-1');
    const viaProvider = oidcBrowser(after.t);
    await viaProvider.signIn();
    const who = await viaProvider.inject({ url: '/api/v1/authentication/verify' });
    expect(who.statusCode === 200 ? who.json().username : null).not.toBe('mallory');
    const late = await mallory.callback(laterCallback);
    expect(locationOf(late)).toMatch(/error=/);
    expect(await listOf('/account/identities'), 'the link on its way when the reset came is not made').toEqual([]);
    // The answer says what went, for the page to tell.
    expect(answer).toMatchObject({
      reset: true,
      username: 'mallory',
      ended: { sessions: 1, apiTokens: 0 },
      unverified: { passkeys: 1, identities: 1, authenticatorApp: true, webhooks: 1, requests: 1 },
    });
  });

  it('what the owner added once the address was proven stays: a reset is no way around their second factor', async () => {
    const { clock, after } = await instance();
    const cookie = after.sessionOf(
      await (async () => {
        await after.t.services.auth.createUser(
          { username: 'olive', email: 'olive@example.com', password: PASSWORD },
          'user',
        );
        return after.signIn('olive', PASSWORD);
      })(),
    );
    const sent = sink.received.length;
    expect((await after.call({ method: 'POST', url: '/account/email/verification' }, cookie)).statusCode).toBe(202);
    const { token } = await mailedLink(sink.received, 'olive@example.com', 'verify_email', { after: sent });
    expect(
      (await after.call({ method: 'POST', url: '/authentication/verify-email', payload: { token } })).statusCode,
    ).toBe(200);
    clock.advance(1000);

    const as = (options: Parameters<typeof after.call>[0]) =>
      after.call({ ...options, headers: { ...options.headers, cookie } });
    const authenticator = newAuthenticator(HUSH_URL);
    expect((await passkeyCalls(as).register(cookie, authenticator)).statusCode).toBe(201);
    const enrol = await as({ method: 'POST', url: '/account/two-factor/totp', payload: { currentPassword: PASSWORD } });
    const { secret } = enrol.json<{ secret: string }>();
    await as({
      method: 'POST',
      url: '/account/two-factor/totp/confirm',
      payload: { code: totpCodeAt(secret, clock()) },
    });
    expect((await as({ method: 'POST', url: '/account/webhooks', payload: { url: HOOK } })).statusCode).toBe(201);
    const minted = await as({ method: 'POST', url: '/account/tokens', payload: { name: 'ci' } });
    const bearer = { authorization: `Bearer ${minted.json<{ token: string }>().token}` };

    const answer = await resetByOwner(after, 'olive');
    expect((await after.call({ url: '/secret', headers: bearer })).statusCode, 'tokens end at every reset').toBe(401);
    const signIn = await after.signIn('olive', NEW_PASSWORD);
    expect(signIn.json(), 'the second factor is still asked for').toEqual({
      secondFactor: { methods: expect.arrayContaining(['totp', 'passkey']) },
    });
    expect(answer).toMatchObject({
      ended: { sessions: 1, apiTokens: 1 },
      unverified: { passkeys: 0, identities: 0, authenticatorApp: false, webhooks: 0, requests: 0 },
    });
    const kept = await after.t.database.db.selectFrom('webhooks').select('url').execute();
    expect(kept, 'the webhook the owner added stays').toEqual([{ url: HOOK }]);
  });
});
