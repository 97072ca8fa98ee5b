import { describe, expect, it } from 'vitest';
import type { TestApp } from '../test-utils/app.js';
import { until } from '../test-utils/load.js';
import { hasRedisServer } from '../test-utils/services.js';
import { useTwoInstancesOnRedis } from '../test-utils/two-instances.js';

/** Two instances share one Redis of the test's own, which the test stops and starts again under them. */

const MAX = 3;
if (!hasRedisServer) console.warn('Rate-limit outage tests are SKIPPED: redis-server is not installed.');
describe.skipIf(!hasRedisServer)('rate limits of two instances sharing a Redis that goes away', () => {
  const world = useTwoInstancesOnRedis({
    config: { rateLimitEnabled: true, rateLimitMax: MAX, logLevel: 'silent' },
  });
  const list = (ip: string) => (t: TestApp) => t.app.inject({ url: '/api/v1/secret/public/', remoteAddress: ip });
  const statuses = (ip: string, order: TestApp[]) => world.statuses(order, list(ip));

  it('count one allowance between them, with one Redis command per request', async () => {
    const monitor = await (await world.server.connect()).monitor();
    const commands: string[][] = [];
    // What the clients send: the commands a script runs inside Redis are listed too, from `lua`.
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (!source.includes('lua')) commands.push(args);
    });
    expect(await statuses('192.0.2.1', [world.second, world.first, world.second, world.first])).toEqual([
      200, 200, 200, 429,
    ]);
    await until('the monitor to see the commands', () => commands.length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // One script call each (EVAL the first time on a connection, then EVALSHA), as with the plugin's own store.
    expect(commands.map(([name]) => name!.toLowerCase())).toEqual(['eval', 'eval', 'evalsha', 'evalsha']);
    monitor.disconnect();
  });

  it('while Redis is down, each instance counts in its own memory and still refuses past the limit', async () => {
    await world.server.stop();
    await world.server.clientsAre('down');
    expect(await statuses('192.0.2.2', [world.first, world.first, world.first, world.first])).toEqual([
      200, 200, 200, 429,
    ]);
    // Not shared any more: the other instance has its own allowance, and its own limit.
    expect(await statuses('192.0.2.2', [world.second, world.second, world.second, world.second])).toEqual([
      200, 200, 200, 429,
    ]);
    const limited = await list('192.0.2.2')(world.second);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('once Redis is back the allowance is shared again', async () => {
    await world.server.start();
    await world.server.clientsAre('up');
    expect(await statuses('192.0.2.3', [world.first, world.second, world.first, world.second])).toEqual([
      200, 200, 200, 429,
    ]);
  });
});
