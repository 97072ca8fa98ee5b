import { afterEach, expect, it } from 'vitest';
import { purgeOnce } from '../../jobs/purge.js';
import { createSecret, createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { callers, type CallerName } from '../analytics/analytics.test-utils.js';

/** GET /stats: exact numbers as secrets are created, read, burned and expire; admins only; never cached. */

describeEachDialect('statistics', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const stats = (app: TestApp, headers: Record<string, string>, prefix = '/api') =>
    app.app.inject({ url: `${prefix}/stats`, headers });

  it('counts created, active, expired, burned, public and password-protected secrets, and users', async () => {
    const clock = createTestClock();
    t = await createTestApp({ dialect, clock });
    const who = await callers(t);
    const expectStats = async (secrets: Record<string, number>) => {
      const response = await stats(t!, who.admin);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        secrets,
        requests: { created: 0, open: 0, responses: 0 },
        users: { total: 2, admins: 1 },
        files: { count: 0, bytes: 0 },
      });
    };
    await expectStats({ created: 0, active: 0, expired: 0, burned: 0, public: 0, withPassword: 0 });

    const readOnce = await createSecret(t.app, { isPublic: true, text: 'plain' });
    const protectedOne = await createSecret(t.app, { password: 'derived-password' });
    const shortLived = await createSecret(t.app, { ttl: 300, isPublic: true, text: 'plain too' });
    const twoViews = await createSecret(t.app, { maxViews: 2 });
    const toBurn = await createSecret(t.app);
    await createSecret(t.app, { isPublic: true, text: 'stays', password: 'p' });
    await expectStats({ created: 6, active: 6, expired: 0, burned: 0, public: 3, withPassword: 2 });

    expect((await t.app.inject({ method: 'POST', url: `/api/secret/${readOnce.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/secret/${twoViews.id}` })).statusCode).toBe(200);
    const burn = { method: 'POST' as const, payload: { deleteToken: toBurn.deleteToken } };
    expect((await t.app.inject({ ...burn, url: `/api/secret/${toBurn.id}/burn` })).statusCode).toBe(200);
    await expectStats({ created: 6, active: 4, expired: 0, burned: 2, public: 2, withPassword: 2 });

    // Past its lifetime a secret is no longer active, and counts as expired once the purge has deleted it.
    clock.advance(300_000);
    await expectStats({ created: 6, active: 3, expired: 0, burned: 2, public: 1, withPassword: 2 });
    await purgeOnce(t.services.secrets, t.database, t.services.analytics);
    await expectStats({ created: 6, active: 3, expired: 1, burned: 2, public: 1, withPassword: 2 });
    expect((await t.app.inject(`/api/secret/${shortLived.id}/exist`)).statusCode).toBe(404);

    expect((await t.app.inject({ method: 'POST', url: `/api/secret/${twoViews.id}` })).statusCode).toBe(200);
    await expectStats({ created: 6, active: 2, expired: 1, burned: 3, public: 1, withPassword: 2 });
    expect((await t.app.inject(`/api/secret/${protectedOne.id}/exist`)).statusCode).toBe(401);
  });

  it('is for admins only (401, 403 auth.admin_required), by session or token, and never cached', async () => {
    t = await createTestApp({ dialect });
    const who = await callers(t);
    const expected: Record<CallerName, number> = {
      anonymous: 401,
      user: 403,
      userToken: 403,
      admin: 200,
      adminToken: 200,
    };
    for (const prefix of ['/api', '/api/v1']) {
      for (const [caller, status] of Object.entries(expected)) {
        const response = await stats(t, who[caller as CallerName], prefix);
        expect(response.statusCode, `${prefix} ${caller}`).toBe(status);
        expect(response.headers['cache-control']).toBe('no-store');
        if (status === 403) expect(response.json().code).toBe('auth.admin_required');
        if (status === 401) expect(response.json().code).toBe('auth.not_signed_in');
        if (status === 200) expect(response.json().users).toEqual({ total: 2, admins: 1 });
      }
    }
    // A secret created since is counted at the next request: nothing is served from an earlier answer.
    const before = (await stats(t, who.adminToken)).json().secrets.created;
    await createSecret(t.app);
    expect((await stats(t, who.admin)).json().secrets.created).toBe(before + 1);
    expect((await stats(t, who.user)).statusCode).toBe(403);
  });
});
