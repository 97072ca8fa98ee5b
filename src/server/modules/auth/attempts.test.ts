import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisFallback } from '../../lib/redis-fallback.js';
import { TEST_REDIS_URL } from '../../test-utils/database.js';
import {
  delayAfter,
  memoryThrottleStore,
  redisThrottleStore,
  SIGN_IN_THROTTLE,
  type ThrottleStore,
} from './attempts.js';

const RULES = SIGN_IN_THROTTLE;
const T0 = Date.UTC(2026, 0, 1);

it('the delay doubles after the free attempts and stops at its cap', () => {
  expect([0, 4, 5, 6, 7, 14, 15, 40].map((failures) => delayAfter(failures, RULES))).toEqual([
    0, 0, 1000, 2000, 4000, 512_000, 900_000, 900_000,
  ]);
});

/** The same behaviour from every store: counted attempts, waits, clearing and forgetting. */
function storeSuite(name: string, make: () => ThrottleStore) {
  describe(name, () => {
    it('counts five attempts, then answers how long to wait without counting the refused ones', async () => {
      const store = make();
      const key = `alice|${crypto.randomUUID()}`;
      for (let i = 0; i < 5; i++) expect(await store.take(key, T0)).toBe(0);
      expect(await store.take(key, T0)).toBe(1000);
      expect(await store.take(key, T0 + 400)).toBe(600);
      expect(await store.take(key, T0 + 1000)).toBe(0);
      expect(await store.take(key, T0 + 1000)).toBe(2000);
      await store.clear(key);
      expect(await store.take(key, T0 + 1000)).toBe(0);
    });

    it('keys are separate, and a count is forgotten a day after its last attempt', async () => {
      const store = make();
      const key = `bob|${crypto.randomUUID()}`;
      for (let i = 0; i < 5; i++) await store.take(key, T0);
      expect(await store.take(`${key}x`, T0)).toBe(0);
      expect(await store.take(key, T0 + RULES.forgetMs - 1)).toBe(0);
      expect(await store.take(key, T0 + RULES.forgetMs)).toBeGreaterThan(0);
      const later = T0 + RULES.forgetMs * 3;
      expect(await store.take(key, later)).toBe(0);
      expect(await store.take(key, later)).toBe(0);
    });

    it('numbers the attempts it lets go, the same way whoever asks: a waiting one gets no number', async () => {
      const store = make();
      const key = `fay|${crypto.randomUUID()}`;
      const counted = [];
      for (let i = 0; i < 6; i++) counted.push(await store.count(key, T0));
      expect(counted).toEqual(
        [1, 2, 3, 4, 5].map((attempts) => ({ wait: 0, attempts })).concat({ wait: 1000, attempts: 5 }),
      );
      expect(await store.count(key, T0 + 1000)).toEqual({ wait: 0, attempts: 6 });
      await store.clear(key);
      expect(await store.count(key, T0 + 1000)).toEqual({ wait: 0, attempts: 1 });
    });

    it('twenty attempts at once: exactly five go, numbered 1 to 5', async () => {
      const store = make();
      const key = `carol|${crypto.randomUUID()}`;
      const waits = await Promise.all(Array.from({ length: 20 }, () => store.take(key, T0)));
      expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
      const other = `${key}2`;
      const counted = await Promise.all(Array.from({ length: 20 }, () => store.count(other, T0)));
      const numbers = counted.filter((attempt) => attempt.wait === 0).map((attempt) => attempt.attempts);
      expect(numbers.sort()).toEqual([1, 2, 3, 4, 5]);
    });
  });
}

storeSuite('in memory', () => memoryThrottleStore(RULES));

if (!TEST_REDIS_URL)
  console.warn('Redis sign-in throttle suites are SKIPPED: set TEST_REDIS_URL=redis://… to run them.');

describe.skipIf(!TEST_REDIS_URL)('in Redis', () => {
  const prefix = `hush-test:${crypto.randomBytes(8).toString('hex')}:`;
  const clients: Redis[] = [];
  const connect = () => {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    clients.push(redis);
    return redis;
  };
  afterAll(async () => {
    const admin = connect();
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
  });

  storeSuite('one instance', () => redisThrottleStore(new RedisFallback(connect()), RULES, prefix));

  it('every instance sees the same counts', async () => {
    const first = redisThrottleStore(new RedisFallback(connect()), RULES, prefix);
    const second = redisThrottleStore(new RedisFallback(connect()), RULES, prefix);
    const key = `dave|${crypto.randomUUID()}`;
    for (let i = 0; i < 5; i++) expect(await (i % 2 ? first : second).take(key, T0)).toBe(0);
    expect(await first.take(key, T0)).toBe(1000);
    expect(await second.take(key, T0)).toBe(1000);
    await second.clear(key);
    expect(await first.take(key, T0)).toBe(0);
  });

  it('while Redis cannot be reached, counts go on in the process', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      enableOfflineQueue: false,
    });
    unreachable.on('error', () => {});
    clients.push(unreachable);
    let fallbacks = 0;
    const downs: Error[] = [];
    const fallback = new RedisFallback(unreachable, {
      fallback: () => fallbacks++,
      down: (error) => downs.push(error),
    });
    const store = redisThrottleStore(fallback, RULES, prefix);
    const key = `erin|${crypto.randomUUID()}`;
    for (let i = 0; i < 5; i++) expect(await store.take(key, T0)).toBe(0);
    expect(await store.take(key, T0)).toBe(1000);
    expect(fallbacks).toBeGreaterThanOrEqual(6);
    expect(downs).toHaveLength(1); // told once per outage
  });
});
