import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { sha256 } from '../../lib/tokens.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { sessionOf, setCookies, useSessionWorld, PASSWORD } from '../../test-utils/session-world.js';

/** The session behind the cookies: their attributes, sliding refresh, and every way a session ends. */

const DAY = 24 * 60 * 60 * 1000;

describeEachDialect('sessions', (dialect) => {
  const w = useSessionWorld(dialect);
  const { start, inject, signUp, signIn, get } = w;

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
      expirationDate: new Date(w.clock() + 7 * DAY).toISOString(),
    });
    // The cookie holds a random token; the database only its hash.
    const rows = await w.t.database.db.selectFrom('sessions').select('id').execute();
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
    const started = w.clock();
    const cookie = sessionOf(await signUp());
    for (const day of [6, 12, 18]) {
      w.clock.advance(6 * DAY);
      const refreshed = await get('/authentication/refresh', cookie);
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().expirationDate).toBe(new Date(started + (day + 7) * DAY).toISOString());
      const { login } = expectSessionCookies(refreshed, { secure: false });
      expect(JSON.parse(Buffer.from(login.value, 'base64').toString()).expirationDate).toBe(
        refreshed.json().expirationDate,
      );
    }
    w.clock.advance(6 * DAY); // day 24: seven more days would pass the maximum
    const capped = await get('/authentication/refresh', cookie);
    expect(capped.json().expirationDate).toBe(new Date(started + 30 * DAY).toISOString());

    w.clock.advance(6 * DAY); // day 30: the session is over whatever the refreshes
    expect((await get('/account', cookie)).statusCode).toBe(401);
    expect((await get('/authentication/refresh', cookie)).statusCode).toBe(401);
  });

  it('a session not refreshed ends after 7 days', async () => {
    await start();
    const cookie = sessionOf(await signUp());
    w.clock.advance(7 * DAY - 1);
    expect((await get('/account', cookie)).statusCode).toBe(200);
    w.clock.advance(1);
    expect((await get('/account', cookie)).statusCode).toBe(401);
  });

  it('refresh answers 401 when the session is gone, and clears both cookies', async () => {
    await start();
    const cookie = sessionOf(await signUp());
    w.clock.advance(8 * DAY);
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

  it('a password change revokes every API token of the account, and ends its sign-ins waiting for a second factor', async () => {
    await start();
    const current = sessionOf(await signUp());
    const bob = sessionOf(await signUp('bob_1'));
    const mint = async (cookie: string) => {
      const made = await inject({
        method: 'POST',
        url: '/account/tokens',
        headers: { cookie },
        payload: { name: 'x' },
      });
      return { authorization: `Bearer ${made.json<{ token: string }>().token}` };
    };
    const [script, ci, bobs] = [await mint(current), await mint(current), await mint(bob)];
    const alice = await w.t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    await w.t.database.db
      .insertInto('pending_signins')
      .values({ id: 'pending-alice', user_id: alice.id, created_at: w.clock(), expires_at: w.clock() + 300_000 })
      .execute();

    const changed = await inject({
      method: 'PUT',
      url: '/account/update',
      headers: { cookie: current },
      payload: { currentPassword: PASSWORD, newPassword: 'battery staple', confirmNewPassword: 'battery staple' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const headers of [script, ci]) {
      expect((await inject({ url: '/secret', headers })).statusCode, 'whoever held a token is out').toBe(401);
    }
    expect((await get('/account/tokens', current)).json()).toEqual([]);
    expect(await w.t.database.db.selectFrom('pending_signins').selectAll().execute()).toEqual([]);
    expect((await inject({ url: '/secret', headers: bobs })).statusCode, 'other users’ tokens are untouched').toBe(200);
    expect((await get('/account', current)).statusCode, 'the session that changed it goes on').toBe(200);
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
    const alice = await w.t.database.db
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

    const { db } = w.t.database;
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
});
