import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { createSecret, createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';

const TEXT = 'hush1.aXAtbG9jaw';
const ALLOWED = '192.0.2.5';
const STRANGER = '203.0.113.7';
const PROXY = '10.0.0.1';

describeEachDialect('IP-restricted secrets', (dialect) => {
  let t: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    // A second instance behind a reverse proxy; it shares the database so secrets can be made through either.
    const config: Partial<Config> = { trustedProxies: [PROXY] };
    proxied = await createTestApp({ database: t.database, config });
  });
  afterAll(async () => {
    await proxied?.close();
    await t?.close();
  });

  const read = (
    app: TestApp['app'],
    id: string,
    remoteAddress: string,
    headers: Record<string, string> = {},
    payload: object = {},
  ) => app.inject({ method: 'POST', url: `/api/v1/secret/${id}`, remoteAddress, headers, payload });
  const exist = (app: TestApp['app'], id: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/v1/secret/${id}/exist`, remoteAddress, headers });

  function expectRefused(response: { statusCode: number; body: string }) {
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'secret.ip_not_allowed' });
    expect(response.body).not.toContain(TEXT);
  }

  describe('matching the caller against the rule', () => {
    it('an exact IPv4 rule lets that address in and keeps its neighbours out', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED, maxViews: 2 });
      expectRefused(await read(t.app, id, '192.0.2.6'));
      expectRefused(await read(t.app, id, '192.0.2.50'));
      expectRefused(await read(t.app, id, '127.0.0.1'));
      const response = await read(t.app, id, ALLOWED);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ text: TEXT });
    });

    it('an IPv4 CIDR rule lets in the whole range and nothing outside it', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: '192.0.2.0/24', maxViews: 3 });
      expectRefused(await read(t.app, id, '192.0.3.1'));
      expectRefused(await read(t.app, id, '192.0.1.255'));
      for (const ip of ['192.0.2.0', '192.0.2.200', '192.0.2.255']) {
        expect((await read(t.app, id, ip)).statusCode).toBe(200);
      }
    });

    it('an IPv6 rule, exact or CIDR, matches whatever the spelling of the address', async () => {
      const range = await createSecret(t.app, { text: TEXT, allowedIp: '2001:db8:1234::/48', maxViews: 2 });
      expectRefused(await read(t.app, range.id, '2001:db8:1235::1'));
      expectRefused(await read(t.app, range.id, ALLOWED));
      expect((await read(t.app, range.id, '2001:db8:1234:5::9')).statusCode).toBe(200);
      expect((await read(t.app, range.id, '2001:0db8:1234:ffff:0:0:0:1')).statusCode).toBe(200);

      const exact = await createSecret(t.app, { text: TEXT, allowedIp: '2001:db8::5' });
      expectRefused(await read(t.app, exact.id, '2001:db8::6'));
      expect((await read(t.app, exact.id, '2001:0db8:0:0:0:0:0:5')).statusCode).toBe(200);
    });

    it('an IPv4-mapped IPv6 peer (::ffff:192.0.2.5) matches a 192.0.2.5 or 192.0.2.0/24 rule', async () => {
      for (const allowedIp of [ALLOWED, '192.0.2.0/24']) {
        const { id } = await createSecret(t.app, { text: TEXT, allowedIp });
        expectRefused(await read(t.app, id, '::ffff:198.51.100.5'));
        expect((await read(t.app, id, `::ffff:${ALLOWED}`)).statusCode).toBe(200);
      }
    });

    it('a rule written as IPv4-mapped IPv6 matches the plain IPv4 peer', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: '::ffff:192.0.2.0/120' });
      expectRefused(await read(t.app, id, '192.0.3.5'));
      expect((await read(t.app, id, ALLOWED)).statusCode).toBe(200);
    });

    it('a secret without a rule, or with an empty one, opens from anywhere', async () => {
      for (const allowedIp of [undefined, null, '']) {
        const { id } = await createSecret(t.app, { text: TEXT, ...(allowedIp !== undefined && { allowedIp }) });
        expect((await read(t.app, id, STRANGER)).statusCode).toBe(200);
      }
    });
  });

  describe('spoofed client-address headers', () => {
    const spoofs: [string, Record<string, string>][] = [
      ['X-Forwarded-For', { 'x-forwarded-for': ALLOWED }],
      ['X-Real-IP', { 'x-real-ip': ALLOWED }],
      ['Forwarded', { forwarded: `for=${ALLOWED}` }],
      ['all of them at once', { 'x-forwarded-for': ALLOWED, 'x-real-ip': ALLOWED, forwarded: `for="${ALLOWED}"` }],
    ];

    it.each(spoofs)(
      '%s from a peer that is not a trusted proxy does not get past the restriction',
      async (_, headers) => {
        const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED });
        expectRefused(await read(t.app, id, STRANGER, headers));
        expectRefused(await exist(t.app, id, STRANGER, headers));
        // Also not on the instance that does trust a proxy: the stranger is not that proxy.
        expectRefused(await read(proxied.app, id, STRANGER, headers));
        expect((await read(t.app, id, ALLOWED)).statusCode).toBe(200);
      },
    );

    it('without trusted proxies, not even the proxy address is believed', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED });
      expectRefused(await read(t.app, id, PROXY, { 'x-forwarded-for': ALLOWED }));
    });
  });

  describe('behind a trusted proxy', () => {
    it('X-Forwarded-For of the allowed address counts when the request comes from the trusted proxy', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED });
      const response = await read(proxied.app, id, PROXY, { 'x-forwarded-for': ALLOWED });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ text: TEXT });
    });

    it('the trusted proxy also works when its address arrives IPv4-mapped (a dual-stack listener)', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED });
      expect((await read(proxied.app, id, `::ffff:${PROXY}`, { 'x-forwarded-for': ALLOWED })).statusCode).toBe(200);
    });

    it('the same header from an untrusted peer does not count', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED });
      expectRefused(await read(proxied.app, id, '10.0.0.2', { 'x-forwarded-for': ALLOWED }));
      expectRefused(await read(proxied.app, id, STRANGER, { 'x-forwarded-for': ALLOWED }));
      expect((await read(proxied.app, id, PROXY, { 'x-forwarded-for': ALLOWED })).statusCode).toBe(200);
    });

    it('a client cannot prepend the allowed address: the proxy appends the real one, and that is what counts', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED });
      expectRefused(await read(proxied.app, id, PROXY, { 'x-forwarded-for': `${ALLOWED}, ${STRANGER}` }));
      expect((await read(proxied.app, id, PROXY, { 'x-forwarded-for': `${STRANGER}, ${ALLOWED}` })).statusCode).toBe(
        200,
      );
    });

    it('the proxy’s own address is what counts when it sends no X-Forwarded-For, and X-Real-IP is ignored', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED });
      expectRefused(await read(proxied.app, id, PROXY));
      expectRefused(await read(proxied.app, id, PROXY, { 'x-real-ip': ALLOWED, forwarded: `for=${ALLOWED}` }));
    });

    it('a trusted proxy given as a CIDR range is believed for every address in it', async () => {
      const ranged = await createTestApp({ database: t.database, config: { trustedProxies: ['10.0.0.0/24'] } });
      try {
        const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED, maxViews: 2 });
        expectRefused(await read(ranged.app, id, '10.0.1.1', { 'x-forwarded-for': ALLOWED }));
        expect((await read(ranged.app, id, '10.0.0.77', { 'x-forwarded-for': ALLOWED })).statusCode).toBe(200);
      } finally {
        await ranged.close();
      }
    });
  });

  describe('what the restriction covers', () => {
    it('exist honours the restriction: 403 secret.ip_not_allowed outside, 200 inside', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: '192.0.2.0/24' });
      expectRefused(await exist(t.app, id, STRANGER));
      const inside = await exist(t.app, id, ALLOWED);
      expect(inside.statusCode).toBe(200);
      expect(inside.json()).toMatchObject({ id, viewsLeft: 1 });
    });

    it('the compatibility GET honours the restriction too', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED });
      expectRefused(await t.app.inject({ url: `/api/secret/${id}`, remoteAddress: STRANGER }));
      expect((await t.app.inject({ url: `/api/secret/${id}`, remoteAddress: ALLOWED })).statusCode).toBe(200);
    });

    it('a refused request spends no view', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED, maxViews: 1 });
      for (let i = 0; i < 5; i++) expectRefused(await read(t.app, id, STRANGER));
      expect((await exist(t.app, id, ALLOWED)).json()).toMatchObject({ viewsLeft: 1 });
      const response = await read(t.app, id, ALLOWED);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ text: TEXT, viewsLeft: 0 });
    });

    it('a refused request spends no password attempt: the IP is checked before the password', async () => {
      const { id } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED, password: 'pw' });
      for (let i = 0; i < 6; i++) expectRefused(await read(t.app, id, STRANGER, {}, { password: 'wrong' }));
      const asked = await exist(t.app, id, ALLOWED);
      expect(asked.statusCode).toBe(401);
      expect(asked.json()).toMatchObject({ code: 'secret.password_required', attemptsLeft: 5 });
      expect((await read(t.app, id, ALLOWED, {}, { password: 'pw' })).statusCode).toBe(200);
    });

    it('burning with the key proof is refused outside the range, while the delete token works from anywhere', async () => {
      const keyProof = 'q'.repeat(43);
      const { id, deleteToken } = await createSecret(t.app, { text: TEXT, allowedIp: ALLOWED, keyProof });
      const burn = (remoteAddress: string, payload: object) =>
        t.app.inject({ method: 'POST', url: `/api/v1/secret/${id}/burn`, remoteAddress, payload });
      expectRefused(await burn(STRANGER, { keyProof }));
      expect((await exist(t.app, id, ALLOWED)).statusCode).toBe(200);
      expect((await burn(STRANGER, { deleteToken })).statusCode).toBe(200);
      expect((await exist(t.app, id, ALLOWED)).statusCode).toBe(404);
    });
  });

  describe('validating the rule at creation', () => {
    it.each([
      'not-an-ip',
      'localhost',
      '999.1.1.1',
      '192.0.2',
      '192.0.2.0/33',
      '2001:db8::/129',
      '192.0.2.5,192.0.2.6',
      '010.0.0.1',
      '10',
      '1'.repeat(80),
    ])('allowedIp %j is refused with 400 validation.allowedIp', async (allowedIp) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/secret',
        payload: { text: TEXT, ttl: 3600, allowedIp },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.allowedIp', field: 'allowedIp' });
    });

    it('a non-string allowedIp is refused with 400 validation.allowedIp', async () => {
      for (const allowedIp of [123, ['192.0.2.5'], { ip: ALLOWED }, true]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/secret',
          payload: { text: TEXT, ttl: 3600, allowedIp },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation.allowedIp' });
      }
    });
  });
});
