import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import {
  alice,
  HUSH_URL,
  locationOf,
  oidcBrowser,
  oidcConfig,
  providerClients,
} from '../../test-utils/oidc-browser.js';
import { startTestProvider, type TestProvider } from '../../test-utils/oidc-provider.js';
import type { Config } from '../../config.js';
import { sessionOf } from '../../test-utils/session-world.js';
import { totpCodeAt } from '../two-factor/totp.js';

const PASSWORD = 'correct horse';

describeEachDialect('OpenID Connect sign-in', (dialect) => {
  let provider: TestProvider;
  let t: TestApp | undefined;
  beforeAll(async () => {
    provider = await startTestProvider({ clients: providerClients() });
  });
  afterAll(() => provider.stop());
  afterEach(async () => {
    await t?.close();
    t = undefined;
    provider.accounts.clear();
  });

  const app = async (overrides: Partial<Config> = {}) => {
    t = await createTestApp({ dialect, config: oidcConfig(provider, overrides) });
    return t;
  };
  const account = (claims: Partial<typeof alice> = {}) => {
    const chosen = { ...alice, ...claims };
    provider.accounts.set(chosen.sub, chosen);
    provider.loginAs(chosen.sub);
    return chosen;
  };
  const signUpLocally = (t: TestApp, username: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/signup',
      payload: { username, email, password: PASSWORD },
    });

  it('offers the provider on the sign-in page', async () => {
    const t = await app();
    const methods = await t.app.inject({ url: '/api/v1/authentication/methods' });
    expect(methods.json()).toMatchObject({
      password: true,
      signup: true,
      providers: [{ id: 'default', name: 'Example SSO' }],
    });
  });

  it('a first sign-in creates the account, with the verified email, and goes where it was going', async () => {
    const t = await app();
    account();
    const browser = oidcBrowser(t);
    const authorize = new URL(await browser.start('default', '/account/secrets'));
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${HUSH_URL}/api/v1/authentication/oidc/default/callback`);
    const done = await browser.callback(await browser.authorize(authorize.href));
    expect(done.statusCode).toBe(302);
    expect(locationOf(done)).toBe('/account/secrets');
    const me = await browser.inject({ url: '/api/v1/authentication/verify' });
    expect(me.json()).toMatchObject({ username: 'alice', email: 'alice@example.com', role: 'user' });
    const user = await t.database.db.selectFrom('users').selectAll().where('username', '=', 'alice').executeTakeFirst();
    expect(user?.email_verified_at).not.toBeNull();
    // Its random password is no way in.
    const tried = await signUpLocally(t, 'alice', 'other@example.com');
    expect(tried.statusCode).toBe(409);
  });

  it('a returning user gets the same account, even under a changed name and email', async () => {
    const t = await app();
    account();
    expect(locationOf(await oidcBrowser(t).signIn())).toBe('/account');
    account({ preferred_username: 'alice.renamed', email: 'alice@new.example.com' });
    const again = oidcBrowser(t);
    expect(locationOf(await again.signIn())).toBe('/account');
    expect((await again.inject({ url: '/api/v1/authentication/verify' })).json().username).toBe('alice');
    const count = await t.database.db
      .selectFrom('users')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
  });

  it('a taken username gets a number; an invalid one is cleaned up', async () => {
    const t = await app();
    await signUpLocally(t, 'alice', 'someone@example.com');
    account({ sub: 'second', email: 'alice2@example.com', preferred_username: 'alice' });
    const browser = oidcBrowser(t);
    await browser.signIn();
    expect((await browser.inject({ url: '/api/v1/authentication/verify' })).json().username).toMatch(/^alice\d+$/);
    account({ sub: 'third', email: 'b@example.com', preferred_username: 'Bö b!' });
    const other = oidcBrowser(t);
    await other.signIn();
    expect((await other.inject({ url: '/api/v1/authentication/verify' })).json().username).toMatch(
      /^[A-Za-z0-9._-]{4,20}$/,
    );
  });

  it('maps the role claim at every sign-in: admin, creator, user', async () => {
    const t = await app();
    account({ groups: ['hush-admins'] });
    const first = oidcBrowser(t);
    await first.signIn();
    expect((await first.inject({ url: '/api/v1/authentication/verify' })).json().role).toBe('admin');
    // A second admin, so that the first may be demoted.
    account({ sub: 'bob', email: 'bob@example.com', preferred_username: 'bob', groups: ['hush-admins'] });
    await oidcBrowser(t).signIn();
    account({ groups: ['staff', 'hush-creators'] });
    const second = oidcBrowser(t);
    await second.signIn();
    expect((await second.inject({ url: '/api/v1/authentication/verify' })).json().role).toBe('creator');
    account({ groups: [] });
    const third = oidcBrowser(t);
    await third.signIn();
    expect((await third.inject({ url: '/api/v1/authentication/verify' })).json().role).toBe('user');
  });

  it('never demotes the last admin, and leaves roles alone without a role claim', async () => {
    const t = await app();
    account({ groups: ['hush-admins'] });
    await oidcBrowser(t).signIn();
    account({ groups: ['staff'] });
    const browser = oidcBrowser(t);
    await browser.signIn();
    expect((await browser.inject({ url: '/api/v1/authentication/verify' })).json().role).toBe('admin');
    await t.close();
    const plain = await app({ oidcRoleClaim: '' });
    account({ sub: 'carol', email: 'carol@example.com', preferred_username: 'carol', groups: ['hush-admins'] });
    const carol = oidcBrowser(plain);
    await carol.signIn();
    expect((await carol.inject({ url: '/api/v1/authentication/verify' })).json().role).toBe('user');
  });

  it('links an existing account by verified email once its password confirms it', async () => {
    const t = await app();
    await signUpLocally(t, 'alice_local', 'alice@example.com');
    account();
    const browser = oidcBrowser(t);
    const waiting = await browser.signIn('default', '/account/tokens');
    expect(locationOf(waiting)).toBe('/signin/link');
    expect((await browser.inject({ url: '/api/v1/authentication/verify' })).statusCode).toBe(401);
    const info = await browser.inject({ url: '/api/v1/authentication/oidc/link' });
    expect(info.json()).toEqual({ username: 'alice_local', email: 'alice@example.com', provider: 'Example SSO' });
    const wrong = await browser.inject({
      method: 'POST',
      url: '/api/v1/authentication/oidc/link',
      payload: { password: 'not it' },
    });
    expect(wrong.json()).toMatchObject({ code: 'auth.invalid_credentials' });
    const linked = await browser.inject({
      method: 'POST',
      url: '/api/v1/authentication/oidc/link',
      payload: { password: PASSWORD },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ username: 'alice_local', next: '/account/tokens' });
    // Used once: the ticket is gone.
    expect((await browser.inject({ url: '/api/v1/authentication/oidc/link' })).json().code).toBe('oidc.link_invalid');
    // Next time the identity goes straight in.
    const again = oidcBrowser(t);
    expect(locationOf(await again.signIn())).toBe('/account');
    expect((await again.inject({ url: '/api/v1/authentication/verify' })).json().username).toBe('alice_local');
  });

  it('does not link with the password alone an account that signs in with a second factor', async () => {
    const t = await app();
    const session = sessionOf(await signUpLocally(t, 'alice_local', 'alice@example.com'));
    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { cookie: session }, payload });
    const { secret } = (await post('/account/two-factor/totp', { currentPassword: PASSWORD })).json<{
      secret: string;
    }>();
    expect((await post('/account/two-factor/totp/confirm', { code: totpCodeAt(secret, Date.now()) })).statusCode).toBe(
      200,
    );
    account();
    const browser = oidcBrowser(t);
    expect(locationOf(await browser.signIn())).toBe('/signin/link');
    const link = (password: string) =>
      browser.inject({ method: 'POST', url: '/api/v1/authentication/oidc/link', payload: { password } });
    // A wrong password learns nothing about the second factor; the right one is told to sign in first.
    expect((await link('not it')).json()).toMatchObject({ code: 'auth.invalid_credentials' });
    const refused = await link(PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'oidc.link_needs_sign_in' });
    expect((await browser.inject({ url: '/api/v1/authentication/verify' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/account/identities', headers: { cookie: session } })).json()).toEqual(
      [],
    );
  });

  it('refuses to link an email the provider has not verified', async () => {
    const t = await app();
    await signUpLocally(t, 'alice_local', 'alice@example.com');
    account({ email_verified: false });
    const browser = oidcBrowser(t);
    expect(locationOf(await browser.signIn())).toBe('/signin?error=oidc.email_unverified');
    expect((await browser.inject({ url: '/api/v1/authentication/oidc/link' })).statusCode).toBe(404);
  });

  it('with auto-create off, an unknown identity is refused', async () => {
    const t = await app({ oidcAutoCreate: false });
    account();
    expect(locationOf(await oidcBrowser(t).signIn())).toBe('/signin?error=oidc.no_account');
    expect(await t.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('applies the organisation email domain to new accounts', async () => {
    const t = await app();
    await t.services.settings.update({ restrict_organization_email: 'corp.example' });
    account();
    expect(locationOf(await oidcBrowser(t).signIn())).toBe('/signin?error=auth.email_domain');
    account({ sub: 'dora', email: 'dora@corp.example', preferred_username: 'dora' });
    expect(locationOf(await oidcBrowser(t).signIn())).toBe('/account');
  });

  it('disabled users are refused like at the password sign-in, admins are not', async () => {
    const t = await app();
    await t.services.settings.update({ disable_users: true });
    account();
    expect(locationOf(await oidcBrowser(t).signIn())).toBe('/signin?error=auth.signin_disabled');
    account({ groups: ['hush-admins'] });
    expect(locationOf(await oidcBrowser(t).signIn())).toBe('/account');
  });

  it('signing out ends the session here and sends the browser to the provider’s end-session address', async () => {
    const t = await app();
    account();
    const browser = oidcBrowser(t);
    await browser.signIn();
    const out = await browser.inject({ method: 'POST', url: '/api/v1/authentication/signout' });
    const end = new URL(out.json().endSessionUrl);
    expect(end.origin).toBe(provider.issuer);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${HUSH_URL}/signin`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await browser.inject({ url: '/api/v1/authentication/verify' })).statusCode).toBe(401);
    // The provider accepts it: its sign-out page answers.
    expect((await fetch(end, { redirect: 'manual' })).status).toBe(200);
  });

  it('a password session signs out here only', async () => {
    const t = await app();
    const signup = await signUpLocally(t, 'plain', 'plain@example.com');
    const cookie = [signup.headers['set-cookie']]
      .flat()
      .map((line) => String(line).split(';')[0])
      .join('; ');
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/authentication/signout', headers: { cookie } });
    expect(out.json()).toEqual({ signedOut: true });
  });
});
