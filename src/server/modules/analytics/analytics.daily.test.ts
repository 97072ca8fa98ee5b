import { afterEach, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { callers, expectTracked, FIREFOX, type CallerName } from './analytics.test-utils.js';

/** The 30-day aggregate: exact numbers, zero days, the window, and who may read it. */

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 1, 8);

describeEachDialect('analytics: the daily aggregate', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(clock: ReturnType<typeof createTestClock>) {
    t = await createTestApp({ dialect, clock, config: { analytics: true } });
    return { t, who: await callers(t) };
  }
  const daily = (app: TestApp, headers: Record<string, string>, prefix = '/api') =>
    app.app.inject({ url: `${prefix}/analytics/data/aggregate/daily`, headers });

  it('counts visits and unique visitors per day and per page, with zeros for empty days', async () => {
    const clock = createTestClock(T0);
    t = await createTestApp({ dialect, clock, config: { analytics: true } });
    const one = { ip: '198.51.100.1' };
    const two = { ip: '198.51.100.2', userAgent: `${FIREFOX} two` };
    await expectTracked(t, '/', true, one); // 2026-01-01: outside the window by the end
    clock.advance(10 * DAY); // 2026-01-11
    await expectTracked(t, '/', true, one);
    await expectTracked(t, '/secret/abc#encryption_key=def', true, one);
    await expectTracked(t, '/', true, one);
    await expectTracked(t, '/', true, two);
    clock.advance(5 * DAY); // 2026-01-16
    await expectTracked(t, '/public', true, one);
    await expectTracked(t, '/', true, one);
    clock.advance(15 * DAY); // 2026-01-31: today
    await expectTracked(t, '/nowhere', true, two);

    const who = await callers(t); // signed in today: sessions last 7 days
    const response = await daily(t, who.admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{
      days: { date: string; visits: number; uniqueVisitors: number }[];
      paths: unknown[];
      totals: unknown;
    }>();
    expect(body.days).toHaveLength(30);
    expect(body.days[0]!.date).toBe('2026-01-02');
    expect(body.days[29]!.date).toBe('2026-01-31');
    const expected: Record<string, [number, number]> = {
      '2026-01-11': [4, 2],
      '2026-01-16': [2, 1],
      '2026-01-31': [1, 1],
    };
    body.days.forEach((day, index) => {
      expect(day.date).toBe(new Date(Date.UTC(2026, 0, 2 + index)).toISOString().slice(0, 10));
      const [visits, uniqueVisitors] = expected[day.date] ?? [0, 0];
      expect(day, day.date).toEqual({ date: day.date, visits, uniqueVisitors });
    });
    expect(body.paths).toEqual([
      // Visitor one on two days is two daily ids.
      { path: '/', visits: 4, uniqueVisitors: 3 },
      { path: '/404', visits: 1, uniqueVisitors: 1 },
      { path: '/public', visits: 1, uniqueVisitors: 1 },
      { path: '/secret', visits: 1, uniqueVisitors: 1 },
    ]);
    expect(body.totals).toEqual({ visits: 7, uniqueVisitors: 4 });
    expect((await daily(t, who.adminToken, '/api/v1')).json()).toEqual(body);
  });

  it('answers 30 zero days and no pages when nothing was recorded', async () => {
    const { t, who } = await start(createTestClock(Date.UTC(2024, 2, 1, 0, 0, 1)));
    const body = (await daily(t, who.adminToken)).json<{ days: { date: string }[] }>();
    expect(body).toMatchObject({ paths: [], totals: { visits: 0, uniqueVisitors: 0 } });
    // Over the leap day of 2024: 2024-02-01 … 2024-03-01.
    expect(body.days.map((day) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2024, 1, 1 + i)).toISOString().slice(0, 10)),
    );
    expect(body.days.at(-1)).toEqual({ date: '2024-03-01', visits: 0, uniqueVisitors: 0 });
  });

  it('is for admins only: 401 anonymous, 403 auth.admin_required for users, by session or token', async () => {
    const { t, who } = await start(createTestClock());
    await expectTracked(t, '/', true);
    const expected: Record<CallerName, [number, string | null]> = {
      anonymous: [401, 'auth.not_signed_in'],
      user: [403, 'auth.admin_required'],
      userToken: [403, 'auth.admin_required'],
      admin: [200, null],
      adminToken: [200, null],
    };
    for (const prefix of ['/api', '/api/v1']) {
      for (const [caller, [status, code]] of Object.entries(expected)) {
        const response = await daily(t, who[caller as CallerName], prefix);
        expect(response.statusCode, `${prefix} ${caller}`).toBe(status);
        expect(response.headers['cache-control']).toBe('no-store');
        if (code) expect(response.json()).toEqual({ code, message: expect.any(String) });
        else expect(response.json()).toMatchObject({ totals: { visits: 1, uniqueVisitors: 1 } });
      }
    }
  });
});
