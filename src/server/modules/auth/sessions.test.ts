import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../app.js';
import type { Config } from '../../config.js';
import { sha256 } from '../../lib/tokens.js';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';

/** The session behind the cookies: their attributes, sliding refresh, and every way a session ends. */

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'correct horse';

/** `name=value; Attr; Attr=x` → its value and attributes (names lower-cased). */
function parseSetCookie(header: string) {
  const [pair, ...parts] = header.split(/;\s*/);
  const [name, ...value] = pair!.split('=');
  const attributes = new Map(
    parts.map((part) => {
      const [key, ...rest] = part.split('=');
      return [key!.toLowerCase(), rest.join('=')] as const;
    }),
  );
  return { name: name!, value: value.join('='), attributes };
}

function setCookies(response: LightMyRequestResponse) {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return Object.fromEntries(list.map((header) => [parseSetCookie(header).name, parseSetCookie(header)]));
}

const sessionOf = (response: LightMyRequestResponse) => `hush_session=${setCookies(response).hush_session!.value}`;

describeEachDialect('sessions', (dialect) => {
  let t: TestApp;
  let open: TestApp | undefined;
  let clock: ReturnType<typeof createTestClock>;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  async function start(config: Partial<Config> = {}) {
    clock = createTestClock();
    t = open = await createTestApp({ dialect, clock, config });
  }
  const inject = (options: InjectOptions & { url: string }) =>
    t.app.inject({ ...options, url: `/api/v1${options.url}` } as InjectOptions);
  const signUp = (username = 'alice') =>
    inject({
      method: 'POST',
      url: '/authentication/signup',
      payload: { username, email: `${username}@example.com`, password: PASSWORD },
    });
  const signIn = (username = 'alice', password = PASSWORD) =>
    inject({ method: 'POST', url: '/authentication/signin', payload: { username, password } });
  const get = (url: string, cookie: string) => inject({ url, headers: { cookie } });

  function expectSessionCookies(response: LightMyRequestResponse, options: { secure: boolean }) {
    const { hush_session: session, hush_login: login } = setCookies(response);
    const { expirationDate } = response.json<{ expirationDate: string }>();
    for (const cookie of [session!, login!]) {
      expect(cookie.attributes.get('samesite')).toBe('Strict');
      expect(cookie.attributes.get('path')).toBe('/');
      expect(cookie.attributes.has('domain'), 'host-only: no Domain attribute').toBe(false);
      expect(cookie.attributes.has('secure')).toBe(options.secure);
      expect(new Date(cookie.attributes.get('expires')!).toISOString()).toBe(expirationDate);
    }
    expect(session!.attributes.has('httponly')).toBe(true);
    expect(login!.attributes.has('httponly'), 'the page reads the login cookie').toBe(false);
    return { session: session!, login: login! };
  }

  it('signing up sets an httpOnly, SameSite=Strict, host-only session cookie and a readable login cookie', async () => {
    await start();
    const response = await signUp();
    expect(response.statusCode).toBe(201);
    const { login, session } = expectSessionCookies(response, { secure: false });
    expect(JSON.parse(Buffer.from(login.value, 'base64').toString('utf8'))).toEqual({
      username: 'alice',
      expirationDate: new Date(clock() + 7 * DAY).toISOString(),
    });
    // The cookie holds a random token; the database only its hash.
    const rows = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(rows.map((row) => row.id)).toEqual([sha256(session.value)]);
  });

  it('under an https public URL both cookies are Secure, on sign-up, sign-in and refresh', async () => {
    await start({ publicUrl: 'https://hush.example.com' });
    expectSessionCookies(await signUp(), { secure: true });
    const signedIn = await signIn();
    expectSessionCookies(signedIn, { secure: true });
    expectSessionCookies(await get('/authentication/refresh', sessionOf(signedIn)), { secure: true });
  });

  it('refresh slides the session forward, never past its absolute maximum of 30 days', async () => {
    await start();
    const started = clock();
    const cookie = sessionOf(await signUp());
    for (const day of [6, 12, 18]) {
      clock.advance(6 * DAY);
      const refreshed = await get('/authentication/refresh', cookie);
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().expirationDate).toBe(new Date(started + (day + 7) * DAY).toISOString());
      const { login } = expectSessionCookies(refreshed, { secure: false });
      expect(JSON.parse(Buffer.from(login.value, 'base64').toString()).expirationDate).toBe(
        refreshed.json().expirationDate,
      );
    }
    clock.advance(6 * DAY); // day 24: seven more days would pass the maximum
    const capped = await get('/authentication/refresh', cookie);
    expect(capped.json().expirationDate).toBe(new Date(started + 30 * DAY).toISOString());

    clock.advance(6 * DAY); // day 30: the session is over whatever the refreshes
    expect((await get('/account', cookie)).statusCode).toBe(401);
    expect((await get('/authentication/refresh', cookie)).statusCode).toBe(401);
  });

  it('a session not refreshed ends after 7 days', async () => {
    await start();
    const cookie = sessionOf(await signUp());
    clock.advance(7 * DAY - 1);
    expect((await get('/account', cookie)).statusCode).toBe(200);
    clock.advance(1);
    expect((await get('/account', cookie)).statusCode).toBe(401);
  });

  it('refresh answers 401 when the session is gone, and clears both cookies', async () => {
    await start();
    const cookie = sessionOf(await signUp());
    clock.advance(8 * DAY);
    const response = await get('/authentication/refresh', cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth.not_signed_in');
    const cleared = setCookies(response);
    for (const name of ['hush_session', 'hush_login']) {
      expect(cleared[name]!.value).toBe('');
      expect(new Date(cleared[name]!.attributes.get('expires')!).getTime()).toBeLessThanOrEqual(0);
      expect(cleared[name]!.attributes.get('path')).toBe('/');
    }
  });

  it('sign-out ends the session on the server: the old cookie, replayed, no longer works', async () => {
    await start();
    const cookie = sessionOf(await signUp());
    const other = sessionOf(await signIn());
    const out = await inject({ method: 'POST', url: '/authentication/signout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(setCookies(out).hush_session!.value).toBe('');
    for (const url of ['/account', '/authentication/verify', '/authentication/refresh']) {
      expect((await get(url, cookie)).statusCode, url).toBe(401);
    }
    expect(
      (await inject({ method: 'POST', url: '/account/tokens', headers: { cookie }, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect((await get('/account', other)).statusCode, 'another device stays signed in').toBe(200);
  });

  it('a password change ends the other sessions and keeps the current one', async () => {
    await start();
    const current = sessionOf(await signUp());
    const laptop = sessionOf(await signIn());
    const phone = sessionOf(await signIn('alice@example.com'));
    const bob = sessionOf(await signUp('bob_1'));
    const changed = await inject({
      method: 'PUT',
      url: '/account/update',
      headers: { cookie: current },
      payload: { currentPassword: PASSWORD, newPassword: 'battery staple', confirmNewPassword: 'battery staple' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/account', current)).statusCode).toBe(200);
    expect((await get('/account', laptop)).statusCode).toBe(401);
    expect((await get('/account', phone)).statusCode).toBe(401);
    expect((await get('/account', bob)).statusCode, 'other users are untouched').toBe(200);
    expect((await signIn('alice', PASSWORD)).statusCode).toBe(401);
    expect((await signIn('alice', 'battery staple')).statusCode).toBe(200);
  });

  it('an email change alone ends no session', async () => {
    await start();
    const current = sessionOf(await signUp());
    const other = sessionOf(await signIn());
    const changed = await inject({
      method: 'PUT',
      url: '/account/update',
      headers: { cookie: current },
      payload: { currentPassword: PASSWORD, email: 'alice@example.org' },
    });
    expect(changed.json().email).toBe('alice@example.org');
    expect((await get('/account', other)).statusCode).toBe(200);
  });

  it('deleting the account deletes its secrets, sessions and tokens, and nobody else’s', async () => {
    await start();
    const cookie = sessionOf(await signUp());
    const other = sessionOf(await signIn());
    const bob = sessionOf(await signUp('bob_1'));
    for (const who of [cookie, bob]) {
      await inject({ method: 'POST', url: '/secret', headers: { cookie: who }, payload: { text: 'x', ttl: 2419200 } });
      await inject({ method: 'POST', url: '/account/tokens', headers: { cookie: who }, payload: { name: 'ci' } });
    }
    const created = await inject({
      method: 'POST',
      url: '/account/tokens',
      headers: { cookie },
      payload: { name: 'x' },
    });
    const token = created.json().token as string;
    const alice = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();

    const wrong = await inject({
      method: 'POST',
      url: '/account/delete',
      headers: { cookie },
      payload: { currentPassword: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    const deleted = await inject({
      method: 'POST',
      url: '/account/delete',
      headers: { cookie },
      payload: { currentPassword: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(setCookies(deleted).hush_session!.value).toBe('');

    const { db } = t.database;
    const count = async (table: 'secrets' | 'sessions' | 'api_tokens', column: 'owner_id' | 'user_id', id: string) =>
      (await db.selectFrom(table).select(column).where(column, '=', id).execute()).length;
    expect(await db.selectFrom('users').select('id').where('id', '=', alice.id).execute()).toEqual([]);
    expect(await count('secrets', 'owner_id', alice.id)).toBe(0);
    expect(await count('sessions', 'user_id', alice.id)).toBe(0);
    expect(await count('api_tokens', 'user_id', alice.id)).toBe(0);
    expect((await get('/account', other)).statusCode).toBe(401);
    expect((await inject({ url: '/account', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expect((await signIn()).statusCode).toBe(401);

    expect((await get('/account/secrets', bob)).json()).toHaveLength(1);
    expect((await get('/account/tokens', bob)).json()).toHaveLength(1);
  });

  describe('a request from another site', () => {
    const UNSAFE = API_ROUTES.filter((route) => route.method !== 'GET');
    const urlOf = (path: string) => path.replace(/\{\w+\}/g, 'AAAAAAAAAAAAAAAAAAAAAA');
    const CROSS_SITE = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];

    it('covers every state-changing route', () => {
      expect(UNSAFE.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
        'DELETE /account/tokens/{id}',
        'DELETE /admin/users',
        'POST /account/delete',
        'POST /account/tokens',
        'POST /admin/users',
        'POST /analytics/track',
        'POST /authentication/setup',
        'POST /authentication/signin',
        'POST /authentication/signout',
        'POST /authentication/signup',
        'POST /download',
        'POST /secret',
        'POST /secret/{id}',
        'POST /secret/{id}/burn',
        'POST /secret/{id}/upload/complete',
        'PUT /account/update',
        'PUT /admin/settings',
        'PUT /admin/users',
        'PUT /secret/{id}/files/{fileId}/parts/{part}',
      ]);
    });

    it('is refused with 403 auth.cross_site on every state-changing route when it carries the session cookie', async () => {
      await start();
      const cookie = sessionOf(await signUp());
      for (const route of UNSAFE) {
        for (const site of CROSS_SITE) {
          const response = await inject({
            method: route.method,
            url: urlOf(route.path),
            headers: { cookie, ...site },
            payload: { currentPassword: PASSWORD, name: 'x', text: 'x', ttl: 3600 },
          });
          expect(response.statusCode, `${route.method} ${route.path} ${JSON.stringify(site)}`).toBe(403);
          expect(response.json().code).toBe('auth.cross_site');
        }
      }
      // Nothing happened: the session is live (no sign-out), the account exists (no delete), no token was made.
      expect((await get('/account', cookie)).statusCode).toBe(200);
      expect((await get('/account/tokens', cookie)).json()).toEqual([]);
      expect((await get('/account/secrets', cookie)).json()).toEqual([]);
    });

    it('is not refused for that reason without a cookie (API clients), nor from the same origin', async () => {
      await start();
      const cookie = sessionOf(await signUp());
      const token = (
        await inject({ method: 'POST', url: '/account/tokens', headers: { cookie }, payload: { name: 'ci' } })
      ).json().token as string;
      const sameOrigin = [
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
        { origin: 'http://hush.example.com', host: 'hush.example.com' },
      ];
      const callers = [
        ...CROSS_SITE.map((site) => ({ ...site })),
        ...CROSS_SITE.map((site) => ({ ...site, authorization: `Bearer ${token}` })),
        ...sameOrigin.map((site) => ({ ...site, cookie })),
      ];
      // Sign-out last: it would end the session the other requests need alive for the check to apply.
      const signoutLast = [...UNSAFE].sort(
        (a, b) => Number(a.path.endsWith('/signout')) - Number(b.path.endsWith('/signout')),
      );
      for (const route of signoutLast) {
        for (const headers of callers) {
          const response = await inject({
            method: route.method,
            url: urlOf(route.path),
            headers,
            payload: { currentPassword: 'wrong password', name: 'x', text: 'x', ttl: 3600 },
          });
          expect(response.json().code, `${route.method} ${route.path} ${JSON.stringify(headers)}`).not.toBe(
            'auth.cross_site',
          );
        }
      }
    });
  });
});
