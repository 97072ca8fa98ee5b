import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { alice, locationOf, oidcBrowser, oidcConfig, providerClients } from '../../test-utils/oidc-browser.js';
import { startTestProvider, type TestProvider } from '../../test-utils/oidc-provider.js';

const PASSWORD = 'correct horse';

describeEachDialect('providers linked to an account', (dialect) => {
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
  /** A browser signed up with a password (its session cookie in the jar). */
  const signedUp = async (t: TestApp, username: string, email: string) => {
    const browser = oidcBrowser(t);
    const made = await browser.inject({
      method: 'POST',
      url: '/api/v1/authentication/signup',
      payload: { username, email, password: PASSWORD },
    });
    expect(made.statusCode).toBe(201);
    return browser;
  };
  const identities = async (browser: ReturnType<typeof oidcBrowser>) =>
    (await browser.inject({ url: '/api/v1/account/identities' })).json<{ id: string; provider: string }[]>();

  it('a signed-in user links a provider from the security page and keeps their session; then signs in with it', async () => {
    const t = await app();
    const bob = await signedUp(t, 'bob_local', 'bob@example.com');
    const session = bob.cookies.get('hush_session');
    // Another email at the provider: linking from a signed-in session needs no email match.
    account({ sub: 'bob-at-idp', email: 'robert@elsewhere.example', preferred_username: 'robert' });
    const linkStart = await bob.inject({
      url: '/api/v1/authentication/oidc/default/start?link=true&next=%2Faccount%2Fsecurity',
    });
    const linked = await bob.callback(await bob.authorize(String(linkStart.headers.location)));
    expect(locationOf(linked)).toBe('/account/security');
    expect(bob.cookies.get('hush_session')).toBe(session);
    expect(await identities(bob)).toMatchObject([{ provider: 'Example SSO', email: 'robert@elsewhere.example' }]);
    const again = oidcBrowser(t);
    await again.signIn();
    expect((await again.inject({ url: '/api/v1/authentication/verify' })).json().username).toBe('bob_local');
  });

  it('an identity linked to someone else is not linked again', async () => {
    const t = await app();
    account();
    await oidcBrowser(t).signIn();
    const bob = await signedUp(t, 'bob_local', 'bob@example.com');
    const start = await bob.inject({
      url: '/api/v1/authentication/oidc/default/start?link=true&next=%2Faccount%2Fsecurity',
    });
    const refused = await bob.callback(await bob.authorize(String(start.headers.location)));
    expect(locationOf(refused)).toBe('/account/security?error=oidc.identity_taken');
    expect(await identities(bob)).toEqual([]);
  });

  it('unlinks a provider while the account has its password; never the only way into an account SSO made', async () => {
    const t = await app();
    const bob = await signedUp(t, 'bob_local', 'bob@example.com');
    account({ sub: 'bob-at-idp', email: 'bob@example.com', preferred_username: 'bob' });
    const start = await bob.inject({ url: '/api/v1/authentication/oidc/default/start?link=true' });
    await bob.callback(await bob.authorize(String(start.headers.location)));
    const [linked] = await identities(bob);
    const unlinked = await bob.inject({ method: 'DELETE', url: `/api/v1/account/identities/${linked!.id}` });
    expect(unlinked.json()).toEqual({ unlinked: true });
    expect(await identities(bob)).toEqual([]);

    account({ sub: 'carol-at-idp', email: 'carol@example.com', preferred_username: 'carol' });
    const carol = oidcBrowser(t);
    await carol.signIn();
    const [only] = await identities(carol);
    const refused = await carol.inject({ method: 'DELETE', url: `/api/v1/account/identities/${only!.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('oidc.last_method');
    // Someone else's identity is not theirs to unlink.
    const other = await bob.inject({ method: 'DELETE', url: `/api/v1/account/identities/${only!.id}` });
    expect(other.json().code).toBe('oidc.identity_not_found');
  });

  it('in SSO-only mode a user’s last provider stays', async () => {
    const t = await app({ ssoOnly: true });
    const bobUser = await t.services.auth.createUser(
      { username: 'bob_local', email: 'bob@example.com', password: PASSWORD },
      'user',
    );
    expect(bobUser.role).toBe('user');
    account({ sub: 'bob-at-idp', email: 'bob@example.com', preferred_username: 'bob' });
    const bob = oidcBrowser(t);
    expect(locationOf(await bob.signIn())).toBe('/signin/link');
    await bob.inject({ method: 'POST', url: '/api/v1/authentication/oidc/link', payload: { password: PASSWORD } });
    const [only] = await identities(bob);
    const refused = await bob.inject({ method: 'DELETE', url: `/api/v1/account/identities/${only!.id}` });
    expect(refused.json().code).toBe('oidc.last_method');
  });
});
