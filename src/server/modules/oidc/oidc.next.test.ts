import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { alice, locationOf, oidcBrowser, oidcConfig, providerClients } from '../../test-utils/oidc-browser.js';
import { startTestProvider, type TestProvider } from '../../test-utils/oidc-provider.js';

/**
 * Issue 29, point 4: `?next=` is stored at the start and becomes the callback's Location header. A value that
 * cannot be a header (non-Latin-1, control characters) made the callback answer 500 after the flow was spent.
 */
describeEachDialect('OpenID Connect: where the sign-in goes next', (dialect) => {
  let provider: TestProvider;
  let t: TestApp | undefined;
  beforeAll(async () => {
    provider = await startTestProvider({ clients: providerClients() });
    provider.accounts.set(alice.sub, alice);
    provider.loginAs(alice.sub);
  });
  afterAll(() => provider.stop());
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const signedIn = async (browser: ReturnType<typeof oidcBrowser>) =>
    (await browser.inject({ url: '/api/v1/authentication/verify' })).statusCode === 200;

  it('any next ends in a signed-in redirect to a safe path of this app, never in a 500', async () => {
    t = await createTestApp({ dialect, config: oidcConfig(provider) });
    const cases: [next: string, location: string][] = [
      ['/account/€', '/account/%E2%82%AC'],
      ['/account/é?q=ü#ß', '/account/%C3%A9?q=%C3%BC#%C3%9F'],
      ['/account/🔑', '/account/%F0%9F%94%91'],
      ['/account/%E2%82%AC', '/account/%E2%82%AC'],
      ['/account/a b', '/account/a%20b'],
      ['//evil.example', '/account'],
      ['\\\\evil.example', '/account'],
      ['/\\evil.example', '/account'],
      ['https://evil.example/', '/account'],
      ['/account\r\nSet-Cookie: x=1', '/account'],
      ['/account\u0000', '/account'],
      ['/account\u0085x', '/account'],
      [`/account/${'€'.repeat(200)}`, '/account'],
      [`/account/${'a'.repeat(2000)}`, '/account'],
    ];
    for (const [next, location] of cases) {
      const browser = oidcBrowser(t);
      const done = await browser.signIn('default', next);
      expect(done.statusCode, JSON.stringify(next)).toBe(302);
      expect(locationOf(done), JSON.stringify(next)).toBe(location);
      expect(await signedIn(browser), JSON.stringify(next)).toBe(true);
    }
  });

  it('a flow stored with a raw next (before this rule) still ends in a redirect', async () => {
    t = await createTestApp({ dialect, config: oidcConfig(provider) });
    const browser = oidcBrowser(t);
    const authorize = await browser.start('default', '/account');
    await t.database.db.updateTable('oidc_flows').set({ next: '/account/€' }).execute();
    const done = await browser.callback(await browser.authorize(authorize));
    expect(done.statusCode).toBe(302);
    expect(locationOf(done)).toBe('/account/%E2%82%AC');
    expect(await signedIn(browser)).toBe(true);
  });
});
