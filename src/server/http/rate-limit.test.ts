import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { createTestApp, type TestApp } from '../test-utils/app.js';
import { TEST_REDIS_URL } from '../test-utils/database.js';
import { keyedRateLimit } from './rate-limit.js';

const MAX = 3;
const LIMITED: Partial<Config> = { rateLimitEnabled: true, rateLimitMax: MAX, rateLimitWindowSeconds: 60 };
const CLIENT = '198.51.100.10';
const OTHER_CLIENT = '198.51.100.11';
const PROXY = '10.0.0.1';

type Inject = { url: string; method?: 'GET' | 'POST'; remoteAddress?: string; headers?: Record<string, string> };

/**
 * The suite runs twice: with the in-memory store, and with Redis. `setup` builds the apps for one test; each
 * Redis test works under a key prefix of its own and deletes only those keys.
 */
interface Backend {
  /** A fresh app; every app made within one test shares the same limit store (when the backend can share). */
  makeApp(config?: Partial<Config>): Promise<TestApp>;
  /** Keys the store holds for this test (Redis only). */
  keys?(): Promise<string[]>;
}

function rateLimitSuite(name: string, backend: () => { setup(): Promise<Backend>; teardown(): Promise<void> }) {
  describe(name, () => {
    let apps: TestApp[] = [];
    let current: Backend;
    let lifecycle: ReturnType<typeof backend>;

    beforeEach(async () => {
      lifecycle = backend();
      current = await lifecycle.setup();
    });
    afterEach(async () => {
      for (const app of apps.reverse()) await app.close();
      apps = [];
      await lifecycle.teardown();
    });

    async function app(config: Partial<Config> = {}) {
      const created = await current.makeApp({ ...LIMITED, ...config });
      apps.push(created);
      return created;
    }

    const send = (t: TestApp, request: Inject) =>
      t.app.inject({
        method: request.method ?? 'GET',
        url: request.url,
        remoteAddress: request.remoteAddress ?? CLIENT,
        headers: request.headers ?? {},
      });

    /** Status codes of `count` requests made one after another. */
    async function statuses(t: TestApp, requests: Inject[]): Promise<number[]> {
      const result = [];
      for (const request of requests) result.push((await send(t, request)).statusCode);
      return result;
    }
    const times = (count: number, request: Inject) => Array.from({ length: count }, () => request);
    const publicList: Inject = { url: '/api/v1/secret/public/' };

    it(`the request after the first ${MAX} from one IP to one route gets 429 rate_limited`, async () => {
      const t = await app();
      expect(await statuses(t, times(MAX, publicList))).toEqual(Array(MAX).fill(200));
      const limited = await send(t, publicList);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited', retryAfterSeconds: expect.any(Number) });
      expect(limited.json().retryAfterSeconds).toBeGreaterThan(0);
      expect(limited.json().retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.headers['cache-control']).toBe('no-store');
      expect(limited.headers['x-content-type-options']).toBe('nosniff');
      // It stays limited.
      expect((await send(t, publicList)).statusCode).toBe(429);
    });

    it('IPv6 clients are counted by their /64: new addresses of one network get no new allowance', async () => {
      const t = await app();
      const inNetwork = (i: number) => ({ ...publicList, remoteAddress: `2001:db8:77:1:${i.toString(16)}::${i}` });
      const answers = await statuses(
        t,
        Array.from({ length: 130 }, (_, i) => inNetwork(i + 1)),
      );
      expect(answers.slice(0, MAX)).toEqual(Array(MAX).fill(200));
      expect(answers.slice(MAX)).toEqual(Array(130 - MAX).fill(429));
      // The next /64 is another client.
      expect((await send(t, { ...publicList, remoteAddress: '2001:db8:77:2::1' })).statusCode).toBe(200);
    });

    it('another IP is not affected by a limited one', async () => {
      const t = await app();
      await statuses(t, times(MAX + 1, publicList));
      expect((await send(t, publicList)).statusCode).toBe(429);
      expect(await statuses(t, times(MAX, { ...publicList, remoteAddress: OTHER_CLIENT }))).toEqual([200, 200, 200]);
      expect((await send(t, { ...publicList, remoteAddress: OTHER_CLIENT })).statusCode).toBe(429);
    });

    it('another route is not affected, while different ids of one route share an allowance', async () => {
      const t = await app();
      await statuses(t, times(MAX + 1, publicList));
      expect((await send(t, publicList)).statusCode).toBe(429);
      // Reading secrets is a different route: its own allowance, shared across ids (guessing ids does not help).
      const reads = [
        'AAAAAAAAAAAAAAAAAAAAAA',
        'BBBBBBBBBBBBBBBBBBBBBB',
        'CCCCCCCCCCCCCCCCCCCCCC',
        'DDDDDDDDDDDDDDDDDDDDDD',
      ];
      expect(
        await statuses(
          t,
          reads.map((id) => ({ url: `/api/v1/secret/${id}`, method: 'POST' })),
        ),
      ).toEqual([404, 404, 404, 429]);
      expect((await send(t, { url: '/api/v1/secret/AAAAAAAAAAAAAAAAAAAAAA/exist' })).statusCode).toBe(404);
    });

    it('alternating the /api and /api/v1 prefixes (or a trailing slash) does not add to the allowance', async () => {
      const t = await app();
      const variants = ['/api/v1/secret/public/', '/api/secret/public/', '/api/v1/secret/public', '/api/secret/public'];
      const codes = await statuses(
        t,
        variants.concat(variants).map((url) => ({ url })),
      );
      expect(codes).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    });

    it('a spoofed X-Forwarded-For (or X-Real-IP) does not dodge the limit', async () => {
      const t = await app();
      const spoofed = Array.from({ length: MAX + 2 }, (_, i) => ({
        ...publicList,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}`, 'x-real-ip': `203.0.113.${i + 50}` },
      }));
      expect(await statuses(t, spoofed)).toEqual([200, 200, 200, 429, 429]);
    });

    it('the IPv4-mapped IPv6 form of an address shares its limit', async () => {
      const t = await app();
      const codes = await statuses(t, [
        publicList,
        { ...publicList, remoteAddress: `::ffff:${CLIENT}` },
        publicList,
        { ...publicList, remoteAddress: `::ffff:${CLIENT}` },
      ]);
      expect(codes).toEqual([200, 200, 200, 429]);
    });

    it('behind a trusted proxy each real client has its own limit, and the proxy is not limited as one client', async () => {
      const t = await app({ trustedProxies: [PROXY] });
      const viaProxy = (client: string) => ({
        ...publicList,
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': client },
      });
      expect(await statuses(t, times(MAX + 1, viaProxy(CLIENT)))).toEqual([200, 200, 200, 429]);
      expect(await statuses(t, times(MAX, viaProxy(OTHER_CLIENT)))).toEqual([200, 200, 200]);
      // A client connecting directly cannot pass itself off as someone else.
      const direct = { ...publicList, remoteAddress: '203.0.113.99', headers: { 'x-forwarded-for': OTHER_CLIENT } };
      expect(await statuses(t, times(MAX + 1, direct))).toEqual([200, 200, 200, 429]);
    });

    it('with rate limiting switched off nothing is limited', async () => {
      const t = await app({ rateLimitEnabled: false });
      expect(await statuses(t, times(MAX * 3, publicList))).toEqual(Array(MAX * 3).fill(200));
    });

    if (name.includes('Redis')) {
      it('two app instances sharing Redis share the limit', async () => {
        const first = await app();
        const second = await app();
        const codes = [
          (await send(first, publicList)).statusCode,
          (await send(second, publicList)).statusCode,
          (await send(first, publicList)).statusCode,
          (await send(second, publicList)).statusCode,
          (await send(first, publicList)).statusCode,
        ];
        expect(codes).toEqual([200, 200, 200, 429, 429]);
        expect((await send(second, { ...publicList, remoteAddress: OTHER_CLIENT })).statusCode).toBe(200);
      });

      it('a keyed limit (a user’s webhook tests) is one count across instances sharing Redis', async () => {
        const [first, second] = [await app(), await app()];
        // The check reads nothing of the request but what keyOf does.
        const of = (user: string) => ({ routeOptions: {}, headers: { user } }) as unknown as FastifyRequest;
        const keyed = (t: TestApp) =>
          keyedRateLimit(t.app, {
            name: 'keyed-test',
            max: MAX,
            windowSeconds: 60,
            keyOf: (request) => String(request.headers.user),
          })!;
        const outcome = (check: (r: FastifyRequest) => Promise<void>, user: string) =>
          check(of(user)).then(
            () => 'ok',
            (error: { status: number; code: string }) => `${error.status} ${error.code}`,
          );
        const codes = [];
        for (let i = 0; i <= MAX; i++) codes.push(await outcome(keyed(i % 2 ? second : first), 'u1'));
        expect(codes).toEqual([...Array(MAX).fill('ok'), '429 rate_limited']);
        expect(await outcome(keyed(second), 'u2')).toBe('ok');
      });

      it('the counters really live in Redis, keyed by client IP and route', async () => {
        const t = await app();
        await send(t, publicList);
        await send(t, { url: '/api/secret/AAAAAAAAAAAAAAAAAAAAAA', method: 'POST' });
        const keys = await current.keys!();
        expect(keys.length).toBe(2);
        expect(keys.some((key) => key.includes(`${CLIENT}|/api/secret/public/`))).toBe(true);
        expect(keys.some((key) => key.includes(`${CLIENT}|/api/secret/:id`))).toBe(true);
      });
    } else {
      it('without Redis each instance counts on its own (the limit is per process)', async () => {
        const first = await app();
        const second = await app();
        expect(await statuses(first, times(MAX + 1, publicList))).toEqual([200, 200, 200, 429]);
        expect((await send(second, publicList)).statusCode).toBe(200);
      });
    }
  });
}

rateLimitSuite('rate limits [memory]', () => ({
  async setup() {
    return { makeApp: (config) => createTestApp({ config }) };
  },
  async teardown() {},
}));

if (!TEST_REDIS_URL) console.warn('Redis rate-limit suites are SKIPPED: set TEST_REDIS_URL=redis://… to run them.');

describe.skipIf(!TEST_REDIS_URL)('with Redis', () => {
  rateLimitSuite('rate limits [Redis]', () => {
    // Every key this test writes starts with its own prefix: nothing else in the Redis database is touched.
    const prefix = `hush-test:${crypto.randomBytes(8).toString('hex')}:`;
    const clients: Redis[] = [];
    const client = (keyPrefix?: string) => {
      const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2, ...(keyPrefix && { keyPrefix }) });
      clients.push(redis);
      return redis;
    };
    let admin: Redis;
    const ownKeys = async () => {
      const found: string[] = [];
      let cursor = '0';
      do {
        const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        found.push(...keys);
        cursor = next;
      } while (cursor !== '0');
      return found;
    };
    return {
      async setup() {
        admin = client();
        return {
          // Each app gets its own connection, as separate instances would, all under this test's prefix.
          makeApp: (config) => createTestApp({ config, redis: client(prefix) }),
          keys: ownKeys,
        };
      },
      async teardown() {
        const keys = await ownKeys();
        if (keys.length > 0) await admin.del(...keys);
        await Promise.all(clients.map((redis) => redis.quit()));
      },
    };
  });
});
