import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisClient } from '../../lib/redis.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { parsePrometheus, sampleValue } from '../../test-utils/prometheus.js';
import { hasRedisServer, startRedisServer } from '../../test-utils/services.js';

/**
 * The sign-in throttle of two instances sharing a Redis of the test's own, which the test stops and starts again
 * under them: one count between them, each its own while Redis is gone (told once, in the same line and metric as
 * the rate limits'), one again once it is back.
 */

const until = async (what: string, check: () => boolean) => {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

if (!hasRedisServer) console.warn('Sign-in throttle outage tests are SKIPPED: redis-server is not installed.');
describe.skipIf(!hasRedisServer)('the sign-in throttle of two instances sharing a Redis that goes away', () => {
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  const clients: Redis[] = [];
  const lines: string[] = [];
  let first: TestApp;
  let second: TestApp;

  const instance = async () => {
    const redis = createRedisClient(server.url);
    redis.on('error', () => {});
    clients.push(redis);
    await until('the client to connect', () => redis.status === 'ready');
    return createTestApp({
      redis,
      config: { rateLimitEnabled: false, metrics: true, logLevel: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
    });
  };
  /** A wrong password for alice from this client: 401 while it may try, 429 while it must wait. */
  const wrong = async (t: TestApp, remoteAddress: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/signin',
        remoteAddress,
        payload: { username: 'alice', password: 'wrong password' },
      })
    ).statusCode;
  const statuses = async (ip: string, order: TestApp[]) => {
    const codes = [];
    for (const t of order) codes.push(await wrong(t, ip));
    return codes;
  };
  const fallbacks = async (t: TestApp) => {
    const text = (await t.app.inject({ url: '/metrics' })).body;
    return sampleValue(parsePrometheus(text).samples, 'hush_rate_limit_memory_fallbacks_total');
  };

  beforeAll(async () => {
    server = await startRedisServer();
    [first, second] = [await instance(), await instance()];
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    for (const redis of clients) redis.disconnect();
    await server?.stop();
  });

  it('count one client’s failures between them', async () => {
    const alternating = [first, second, first, second, first];
    expect(await statuses('192.0.2.1', alternating)).toEqual([401, 401, 401, 401, 401]);
    // Five failures in all: the sixth waits, on either instance.
    expect(await statuses('192.0.2.1', [second, first])).toEqual([429, 429]);
    expect(await fallbacks(first)).toBe(0);
  });

  it('while Redis is down, each instance counts in its own memory, and says so once', async () => {
    await server.stop();
    await until('the clients to notice', () => clients.every((redis) => redis.status !== 'ready'));
    expect(await statuses('192.0.2.2', [first, first, first, first, first, first])).toEqual([
      ...[401, 401, 401, 401, 401],
      429,
    ]);
    // Not shared any more: the other instance has not seen this client fail.
    expect(await statuses('192.0.2.2', [second])).toEqual([401]);
    expect(await fallbacks(first)).toBe(6);
    const said = lines.filter((line) => line.includes('sign-in throttles are counted in memory'));
    expect(said).toHaveLength(2); // once per instance
  });

  it('once Redis is back the counts are shared again', async () => {
    await server.start();
    await until('the clients to reconnect', () => clients.every((redis) => redis.status === 'ready'));
    expect(await statuses('192.0.2.3', [second, first, second, first, second, first])).toEqual([
      ...[401, 401, 401, 401, 401],
      429,
    ]);
    expect(lines.filter((line) => line.includes('sign-in throttles are shared again'))).toHaveLength(2);
  });
});
