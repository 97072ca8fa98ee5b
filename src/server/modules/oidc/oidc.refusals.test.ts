import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import {
  alice,
  callbackOf,
  locationOf,
  oidcBrowser,
  oidcConfig,
  providerClients,
} from '../../test-utils/oidc-browser.js';
import { startTestProvider, type TestProvider } from '../../test-utils/oidc-provider.js';

/**
 * The "Bad input" of issue 16 for OpenID: a forged or replayed answer, a code for another user or another client, an
 * answer of another issuer, an expired ID token, the provider down. Each is refused with a clear code on the sign-in
 * page, logged as a security event `oidc.callback` (without the code or any token), counted toward throttling, and
 * starts no session.
 */
describeEachDialect('OpenID Connect refusals', (dialect) => {
  let provider: TestProvider;
  let other: TestProvider;
  let t: TestApp | undefined;
  let lines: string[] = [];
  /** Sessions started on purpose before the refusal a test is about. */
  let sessionsBefore = 0;
  beforeAll(async () => {
    const clients = providerClients(['default', 'two']);
    [provider, other] = await Promise.all([startTestProvider({ clients }), startTestProvider({ clients })]);
    for (const p of [provider, other]) {
      p.accounts.set(alice.sub, alice);
      p.loginAs(alice.sub);
    }
  });
  afterAll(() => Promise.all([provider.stop(), other.stop()]));
  afterEach(async () => {
    await t?.close();
    t = undefined;
    lines = [];
    sessionsBefore = 0;
  });

  const app = async (overrides: Partial<Config> = {}, clock?: () => number) => {
    t = await createTestApp({
      dialect,
      config: { ...oidcConfig(provider), logLevel: 'warn', ...overrides },
      logStream: { write: (line) => void lines.push(line) },
      ...(clock && { clock }),
    });
    return t;
  };
  const securityEvents = () =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.security);
  /** Refused, logged without secrets, and no session. */
  const expectRefused = async (
    browser: ReturnType<typeof oidcBrowser>,
    response: Awaited<ReturnType<ReturnType<typeof oidcBrowser>['callback']>>,
    code: string,
    reason?: RegExp,
  ) => {
    expect(locationOf(response)).toBe(`/signin?error=${code}`);
    expect(browser.cookies.has('hush_session')).toBe(false);
    expect((await browser.inject({ url: '/api/v1/authentication/verify' })).statusCode).toBe(401);
    const event = securityEvents().at(-1);
    expect(event).toMatchObject({ security: 'oidc.callback', provider: 'default' });
    if (reason) expect(`${String(event?.reason)} ${String(event?.detail)}`).toMatch(reason);
    expect(await t!.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(sessionsBefore);
  };
  const withParams = (url: string, change: (params: URLSearchParams) => void) => {
    const parsed = new URL(url);
    change(parsed.searchParams);
    return parsed.href;
  };

  it('a tampered state', async () => {
    await app();
    const browser = oidcBrowser(t!);
    const back = await browser.authorize(await browser.start());
    const tampered = withParams(back, (params) => params.set('state', `${params.get('state')}x`));
    await expectRefused(browser, await browser.callback(tampered), 'oidc.refused', /state|comparison|invalid/);
    // The code is not in the log.
    expect(lines.join('\n')).not.toContain(new URL(back).searchParams.get('code')!);
  });

  it('a replayed answer: the same callback twice, and the old code in a new flow', async () => {
    await app();
    const browser = oidcBrowser(t!);
    const back = await browser.authorize(await browser.start());
    expect(locationOf(await browser.callback(back))).toBe('/account');
    sessionsBefore = 1;
    const replay = oidcBrowser(t!);
    replay.cookies.set('hush_oidc', 'a-stolen-or-guessed-flow-cookie');
    await expectRefused(replay, await replay.callback(back), 'oidc.expired', /flow_unknown_or_used/);
    // A new flow of the attacker's, with the victim's used code under the new flow's state.
    const attacker = oidcBrowser(t!);
    const state = new URL(await attacker.start()).searchParams.get('state')!;
    const spliced = withParams(back, (params) => params.set('state', state));
    await expectRefused(attacker, await attacker.callback(spliced), 'oidc.refused', /token:invalid_grant/);
  });

  it('a code for another user (another browser’s flow)', async () => {
    await app();
    const victim = oidcBrowser(t!);
    const attacker = oidcBrowser(t!);
    const victimBack = await victim.authorize(await victim.start());
    const attackerState = new URL(await attacker.start()).searchParams.get('state')!;
    // The victim's code under the attacker's state: PKCE ties the code to the victim's verifier.
    const injected = withParams(victimBack, (params) => params.set('state', attackerState));
    await expectRefused(attacker, await attacker.callback(injected), 'oidc.refused', /token:invalid_grant/);
  });

  it('a code issued to another client', async () => {
    await app();
    const browser = oidcBrowser(t!);
    const start = await browser.start();
    const forOther = withParams(start, (params) => params.set('client_id', 'other-app'));
    const back = await browser.authorize(forOther);
    expect(new URL(back).searchParams.get('code')).toBeTruthy();
    await expectRefused(browser, await browser.callback(back), 'oidc.refused', /token:invalid_(grant|client)/);
  });

  it('an answer from another issuer (a mix-up)', async () => {
    await app({
      oidcProviders: [
        ...oidcConfig(provider).oidcProviders!,
        { ...oidcConfig(other).oidcProviders![0]!, id: 'two', name: 'Other' },
      ],
    });
    const browser = oidcBrowser(t!);
    const start = new URL(await browser.start());
    // The same request, answered by the other provider, comes back to the first one's callback.
    const back = await browser.authorize(
      `${other.issuer}${start.pathname.replace(/^.*\/auth/, '/auth')}${start.search}`,
    );
    expect(new URL(back).searchParams.get('iss')).toBe(other.issuer);
    await expectRefused(browser, await browser.callback(back), 'oidc.refused', /"iss"/);
  });

  it('an expired ID token (the server’s clock is two hours past the provider’s)', async () => {
    await app({}, () => Date.now() + 2 * 3_600_000);
    const browser = oidcBrowser(t!);
    await expectRefused(browser, await browser.signIn(), 'oidc.refused', /timestamp/);
  });

  it('the provider down: at the start, and between the start and the callback', async () => {
    const down = await startTestProvider({ clients: providerClients() });
    down.accounts.set(alice.sub, alice);
    down.loginAs(alice.sub);
    await app(oidcConfig(down));
    const browser = oidcBrowser(t!);
    const back = await browser.authorize(await browser.start());
    await down.stop();
    await expectRefused(browser, await browser.callback(back), 'oidc.unavailable', /unreachable/);
    // A fresh instance has not discovered it: the button leads back to the sign-in page, saying so.
    await t!.close();
    await app(oidcConfig(down));
    const fresh = oidcBrowser(t!);
    expect(await fresh.start()).toBe('/signin?error=oidc.unavailable');
    expect(fresh.cookies.has('hush_oidc')).toBe(false);
  });

  it('a callback without its flow cookie, or for another provider', async () => {
    await app();
    const browser = oidcBrowser(t!);
    const back = await browser.authorize(await browser.start());
    browser.cookies.delete('hush_oidc');
    await expectRefused(browser, await browser.callback(back), 'oidc.expired', /no_flow_cookie/);
    expect(await oidcBrowser(t!).start('nope')).toBe('/signin?error=oidc.unknown_provider');
  });

  it('an error from the provider (the user cancelled)', async () => {
    await app();
    const browser = oidcBrowser(t!);
    const state = new URL(await browser.start()).searchParams.get('state')!;
    const cancelled = `${callbackOf('default')}?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`;
    await expectRefused(browser, await browser.callback(cancelled), 'oidc.cancelled', /access_denied/);
  });

  it('refused callbacks from one client are throttled', async () => {
    await app();
    const browser = oidcBrowser(t!);
    const forged = `${callbackOf('default')}?code=forged&state=forged`;
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) codes.push(locationOf(await browser.callback(forged)));
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('/signin?error=oidc.expired'));
    expect(codes.at(-1)).toBe('/signin?error=auth.too_many_attempts');
    // Even a genuine answer waits now.
    expect(locationOf(await browser.signIn())).toBe('/signin?error=auth.too_many_attempts');
  });
});
