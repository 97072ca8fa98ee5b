import crypto from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { purgeOnce } from '../../jobs/purge.js';
import { createSecret, createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { expectTracked, FIREFOX, track } from './analytics.test-utils.js';
import { NOT_FOUND_PATH, PAGE_PATHS } from '../../../shared/rules/pages.js';

/** Recording page views: what is stored (and what never is), when, and for whom. */

const DAY = 24 * 60 * 60 * 1000;

describeEachDialect('analytics: recording page views', (dialect) => {
  const open: TestApp[] = [];
  afterEach(async () => {
    for (const app of open.splice(0).reverse()) await app.close();
  });
  async function start(config: Partial<Config> = {}, clock = createTestClock(), database?: TestApp['database']) {
    const t = await createTestApp({ dialect, clock, config: { analytics: true, ...config }, database });
    open.push(t);
    return t;
  }
  const views = (t: TestApp) => t.database.db.selectFrom('page_views').selectAll().orderBy('path').execute();
  const salts = (t: TestApp) => t.database.db.selectFrom('analytics_salts').selectAll().orderBy('day').execute();

  it('stores no IP, user agent, secret id or key: only the day, the page and a daily visitor id', async () => {
    const t = await start();
    const { id } = await createSecret(t.app);
    const key = crypto.randomBytes(32).toString('base64url');
    const ip = '203.0.113.77';
    const userAgent = `${FIREFOX} HushProbe/4242`;
    for (const path of [
      `/secret/${id}#encryption_key=${key}`,
      `/secret/${key}/${id}`,
      `/secret/${id}?key=${key}`,
      `/SECRET/${key}/${id}/`,
      `/public/${id}`,
      `/${key}`,
    ]) {
      await expectTracked(t, path, true, { ip, userAgent });
    }
    const rows = await views(t);
    expect(rows.map((row) => Object.keys(row).sort())).toEqual(Array(6).fill(['day', 'path', 'visitor']));
    expect(rows.map((row) => row.path).sort()).toEqual(['/404', '/public/:username', ...Array(4).fill('/secret')]);
    expect(new Set(rows.map((row) => row.day))).toEqual(new Set(['2026-01-01']));
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(1);

    const dump = JSON.stringify(await t.database.db.selectFrom('page_views').selectAll().execute());
    for (const secret of [ip, '203.0.113', userAgent, 'HushProbe', 'Firefox', id, key, key.slice(0, 16)]) {
      expect(dump, secret).not.toContain(secret);
    }
    // Not a bare hash of the address or agent either: the visitor id is keyed by the day's random salt.
    for (const input of [ip, userAgent, `${ip}\n${userAgent}`]) {
      const hash = crypto.createHash('sha256').update(input).digest();
      expect(dump).not.toContain(hash.subarray(0, 16).toString('base64url'));
      expect(dump).not.toContain(hash.toString('hex').slice(0, 32));
    }
  });

  it('the visitor id depends on address and agent, changes every UTC day, and old salts are purged', async () => {
    const clock = createTestClock(Date.UTC(2026, 2, 10, 23, 59));
    const t = await start({}, clock);
    await expectTracked(t, '/', true);
    await expectTracked(t, '/signin', true);
    await expectTracked(t, '/', true, { ip: '198.51.100.2' });
    await expectTracked(t, '/', true, { userAgent: `${FIREFOX} other` });
    clock.advance(2 * 60 * 1000); // past midnight UTC
    await expectTracked(t, '/', true);

    const rows = await t.database.db.selectFrom('page_views').selectAll().execute();
    const firstDay = rows.filter((row) => row.day === '2026-03-10');
    const secondDay = rows.filter((row) => row.day === '2026-03-11');
    expect(firstDay).toHaveLength(4);
    expect(secondDay).toHaveLength(1);
    expect(firstDay[0]!.visitor).toBe(firstDay[1]!.visitor);
    expect(new Set(firstDay.map((row) => row.visitor)).size).toBe(3);
    expect(firstDay.map((row) => row.visitor)).not.toContain(secondDay[0]!.visitor);

    expect((await salts(t)).map((row) => row.day)).toEqual(['2026-03-10', '2026-03-11']);
    const [old] = await salts(t);
    expect(Buffer.from(old!.salt, 'base64url')).toHaveLength(32);
    await purgeOnce(t.services.secrets, t.database, t.services.analytics);
    const left = await salts(t);
    expect(left.map((row) => row.day)).toEqual(['2026-03-11']);
    expect(JSON.stringify(left)).not.toContain(old!.salt);
    // Views are kept (retention), and today's id is still the same after the purge.
    expect(await views(t)).toHaveLength(5);
    await expectTracked(t, '/', true);
    const today = await t.database.db
      .selectFrom('page_views')
      .select('visitor')
      .where('day', '=', '2026-03-11')
      .execute();
    expect(new Set(today.map((row) => row.visitor)).size).toBe(1);
  });

  it('instances sharing the database agree on the day’s salt, so a visitor counts once', async () => {
    const clock = createTestClock();
    const first = await start({}, clock);
    const second = await start({}, clock, first.database);
    await Promise.all([expectTracked(first, '/', true), expectTracked(second, '/', true)]);
    await expectTracked(second, '/public', true);
    expect(await salts(first)).toHaveLength(1);
    expect(new Set((await views(first)).map((row) => row.visitor)).size).toBe(1);
  });

  it('skips bots, scripts and link previews, but counts browsers, HeadlessChrome included', async () => {
    const t = await start();
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'WhatsApp/2.23.20.0 A',
      'curl/8.5.0',
      'python-requests/2.31.0',
      'Go-http-client/1.1',
      'node',
      'axios/1.6.2',
      'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
      '   ',
    ];
    for (const userAgent of bots) await expectTracked(t, '/', false, { userAgent });
    expect(await views(t)).toEqual([]);

    const browsers = [
      FIREFOX,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 10; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    ];
    for (const userAgent of browsers) await expectTracked(t, '/', true, { userAgent });
    expect(await views(t)).toHaveLength(browsers.length);
  });

  it('respects Do Not Track and Global Privacy Control', async () => {
    const t = await start();
    await expectTracked(t, '/', false, { headers: { dnt: '1' } });
    await expectTracked(t, '/', false, { headers: { 'sec-gpc': '1' } });
    await expectTracked(t, '/', true, { headers: { dnt: '0' } });
    expect(await views(t)).toHaveLength(1);
  });

  it('records known pages as themselves and everything else as /404: the paths stay a bounded set', async () => {
    const t = await start();
    const known: [string, string][] = [
      ['/', '/'],
      ['/public/', '/public'],
      ['/public/alice', '/public/:username'],
      ['/SignIn', '/signin'],
      ['/account', '/account'],
      ['/account/users/', '/account/users'],
      ['/account/instance-settings?tab=1', '/account/instance-settings'],
      ['//privacy', '/privacy'],
      ['/api-docs#create', '/api-docs'],
    ];
    for (const [sent] of known) await expectTracked(t, sent, true);
    for (let i = 0; i < 40; i++) await expectTracked(t, `/${crypto.randomBytes(6).toString('hex')}/x${i}`, true);
    for (const odd of ['/account/nope', '/.env', '/%2e%2e/etc/passwd', `/${'a'.repeat(500)}`, '/\u0000', '/404']) {
      await expectTracked(t, odd, true);
    }

    const rows = await views(t);
    for (const row of rows) expect([...PAGE_PATHS, NOT_FOUND_PATH]).toContain(row.path);
    const distinct = [...new Set(rows.map((row) => row.path))].sort();
    expect(distinct).toEqual([...new Set([...known.map(([, path]) => path), NOT_FOUND_PATH])].sort());
    expect(rows.filter((row) => row.path === NOT_FOUND_PATH)).toHaveLength(46);
  });

  it('stores nothing when analytics are off, but still refuses bad bodies with 400', async () => {
    const t = await start({ analytics: false });
    await expectTracked(t, '/', false);
    await expectTracked(t, '/secret/abc#encryption_key=def', false);
    expect(await views(t)).toEqual([]);
    expect(await salts(t)).toEqual([]);
    for (const payload of [{}, { path: '' }, { path: 'secret' }, { path: 42 }, { path: `/${'a'.repeat(600)}` }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/analytics/track', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.path' });
    }
  });

  it('the purge deletes page views past the retention, even with analytics since switched off', async () => {
    const clock = createTestClock(Date.UTC(2026, 4, 1, 12));
    const t = await start({ analyticsRetentionDays: 3 }, clock);
    for (let day = 0; day < 5; day++) {
      await expectTracked(t, '/', true);
      if (day < 4) clock.advance(DAY);
    }
    expect((await views(t)).map((row) => row.day).sort()).toEqual([
      '2026-05-01',
      '2026-05-02',
      '2026-05-03',
      '2026-05-04',
      '2026-05-05',
    ]);
    const off = await start({ analytics: false, analyticsRetentionDays: 3 }, clock, t.database);
    await purgeOnce(off.services.secrets, off.database, off.services.analytics);
    expect((await views(t)).map((row) => row.day).sort()).toEqual(['2026-05-03', '2026-05-04', '2026-05-05']);
    expect((await salts(t)).map((row) => row.day)).toEqual(['2026-05-05']);
    expect(await track(off, '/').then((response) => response.json())).toEqual({ recorded: false });
  });
});
