import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-utils/app.js';
import { parsePrometheus, sampleValue } from '../../test-utils/prometheus.js';
import { hasRedisServer } from '../../test-utils/services.js';
import { useTwoInstancesOnRedis } from '../../test-utils/two-instances.js';

/**
 * The sign-in throttle of two instances sharing a Redis of the test's own, which the test stops and starts again
 * under them: one count between them, each its own while Redis is gone (told once, in the same line and metric as
 * the rate limits'), one again once it is back.
 */

if (!hasRedisServer) console.warn('Sign-in throttle outage tests are SKIPPED: redis-server is not installed.');
describe.skipIf(!hasRedisServer)('the sign-in throttle of two instances sharing a Redis that goes away', () => {
  const lines: string[] = [];
  const world = useTwoInstancesOnRedis({
    config: { rateLimitEnabled: false, metrics: true, logLevel: 'warn' },
    logStream: { write: (line) => void lines.push(line) },
  });
  /** A wrong password for alice from this client: 401 while it may try, 429 while it must wait. */
  const wrong = (t: TestApp, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/signin',
      remoteAddress,
      payload: { username: 'alice', password: 'wrong password' },
    });
  const statuses = (ip: string, order: TestApp[]) => world.statuses(order, (t) => wrong(t, ip));
  const fallbacks = async (t: TestApp) => {
    const text = (await t.app.inject({ url: '/metrics' })).body;
    return sampleValue(parsePrometheus(text).samples, 'hush_rate_limit_memory_fallbacks_total');
  };

  it('count one client’s failures between them', async () => {
    const { first, second } = world;
    expect(await statuses('192.0.2.1', [first, second, first, second, first])).toEqual([401, 401, 401, 401, 401]);
    // Five failures in all: the sixth waits, on either instance.
    expect(await statuses('192.0.2.1', [second, first])).toEqual([429, 429]);
    expect(await fallbacks(world.first)).toBe(0);
  });

  it('while Redis is down, each instance counts in its own memory, and says so once', async () => {
    await world.server.stop();
    await world.server.clientsAre('down');
    expect(await statuses('192.0.2.2', Array<TestApp>(6).fill(world.first))).toEqual([401, 401, 401, 401, 401, 429]);
    // Not shared any more: the other instance has not seen this client fail.
    expect(await statuses('192.0.2.2', [world.second])).toEqual([401]);
    expect(await fallbacks(world.first)).toBe(6);
    const said = lines.filter((line) => line.includes('sign-in throttles are counted in memory'));
    expect(said).toHaveLength(2); // once per instance
  });

  it('once Redis is back the counts are shared again', async () => {
    await world.server.start();
    await world.server.clientsAre('up');
    const { first, second } = world;
    expect(await statuses('192.0.2.3', [second, first, second, first, second, first])).toEqual([
      ...[401, 401, 401, 401, 401],
      429,
    ]);
    expect(lines.filter((line) => line.includes('sign-in throttles are shared again'))).toHaveLength(2);
  });
});
