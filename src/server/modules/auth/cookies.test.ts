import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';

/** The Secure flag of the session cookies follows the request's HTTPS, as a trusted proxy reports it. */

const PROXY = '10.0.0.1';
const PASSWORD = 'correct horse';

describe('Secure session cookies behind a reverse proxy', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(config: Partial<Config>) {
    t = await createTestApp({ config });
    await t.services.auth.createUser({ username: 'alice', email: 'alice@example.com', password: PASSWORD }, 'user');
    return t;
  }
  const signIn = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/signin',
      remoteAddress,
      headers,
      payload: { username: 'alice', password: PASSWORD },
    });
  /**
   * The Secure flag of each session cookie the response sets, by name. A sign-in also sets the device cookie
   * (hush_device, for "sign-in from a new device"): its flag is always that of the session cookie.
   */
  function secureFlags(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(200);
    const flags = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.secure === true]));
    const { hush_device: device, ...session } = flags;
    if (device !== undefined) expect(device).toBe(session.hush_session);
    return session;
  }
  const allSecure = { hush_session: true, hush_login: true };
  const noneSecure = { hush_session: false, hush_login: false };

  it('X-Forwarded-Proto: https from the trusted proxy makes both cookies Secure; http does not', async () => {
    const app = await start({ trustedProxies: [PROXY] });
    expect(secureFlags(await signIn(app, PROXY, { 'x-forwarded-proto': 'https' }))).toEqual(allSecure);
    expect(secureFlags(await signIn(app, PROXY, { 'x-forwarded-proto': 'http' }))).toEqual(noneSecure);
    expect(secureFlags(await signIn(app, PROXY))).toEqual(noneSecure);
  });

  it('signing out over HTTPS clears the cookies with Secure too (a browser would ignore the clearing otherwise)', async () => {
    const app = await start({ trustedProxies: [PROXY] });
    const session = (await signIn(app, PROXY, { 'x-forwarded-proto': 'https' })).cookies.find(
      (cookie) => cookie.name === 'hush_session',
    )!;
    const signedOut = await app.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/signout',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-proto': 'https', cookie: `hush_session=${session.value}` },
    });
    expect(secureFlags(signedOut)).toEqual(allSecure);
  });

  it('X-Forwarded-Proto: https from a client that is not a trusted proxy does not make them Secure', async () => {
    const app = await start({ trustedProxies: [PROXY] });
    const spoofed = { 'x-forwarded-proto': 'https', 'x-forwarded-for': PROXY };
    expect(secureFlags(await signIn(app, '198.51.100.7', spoofed))).toEqual(noneSecure);
  });

  it('without trusted proxies the header is never believed', async () => {
    const app = await start({});
    expect(secureFlags(await signIn(app, PROXY, { 'x-forwarded-proto': 'https' }))).toEqual(noneSecure);
  });

  it('an https public URL makes them Secure even when the proxy says http or nothing', async () => {
    const app = await start({ publicUrl: 'https://hush.example.org', trustedProxies: [PROXY] });
    expect(secureFlags(await signIn(app, PROXY, { 'x-forwarded-proto': 'http' }))).toEqual(allSecure);
    expect(secureFlags(await signIn(app, '198.51.100.7'))).toEqual(allSecure);
  });
});
