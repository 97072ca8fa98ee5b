import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisClient } from '../lib/redis.js';
import { createTestApp, type TestApp } from '../test-utils/app.js';
import { hasRedisServer, startRedisServer } from '../test-utils/services.js';

/** Two instances share one Redis of the test's own, which the test stops and starts again under them. */

const MAX = 3;
const until = async (what: string, check: () => boolean) => {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

if (!hasRedisServer) console.warn('Rate-limit outage tests are SKIPPED: redis-server is not installed.');
describe.skipIf(!hasRedisServer)('rate limits of two instances sharing a Redis that goes away', () => {
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  const clients: Redis[] = [];
  let first: TestApp;
  let second: TestApp;

  const connect = async () => {
    const redis = createRedisClient(server.url);
    redis.on('error', () => {});
    clients.push(redis);
    await until('the client to connect', () => redis.status === 'ready');
    return redis;
  };
  const instance = async () =>
    createTestApp({
      redis: await connect(),
      config: { rateLimitEnabled: true, rateLimitMax: MAX, logLevel: 'silent' },
    });
  const list = (t: TestApp, ip: string) => t.app.inject({ url: '/api/v1/secret/public/', remoteAddress: ip });
  const statuses = async (ip: string, order: TestApp[]) => {
    const codes = [];
    for (const t of order) codes.push((await list(t, ip)).statusCode);
    return codes;
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

  it('count one allowance between them, with one Redis command per request', async () => {
    const monitor = await (await connect()).monitor();
    const commands: string[][] = [];
    // What the clients send: the commands a script runs inside Redis are listed too, from `lua`.
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (!source.includes('lua')) commands.push(args);
    });
    expect(await statuses('192.0.2.1', [second, first, second, first])).toEqual([200, 200, 200, 429]);
    await until('the monitor to see the commands', () => commands.length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // One script call each (EVAL the first time on a connection, then EVALSHA), as with the plugin's own store.
    expect(commands.map(([name]) => name!.toLowerCase())).toEqual(['eval', 'eval', 'evalsha', 'evalsha']);
    monitor.disconnect();
  });

  it('while Redis is down, each instance counts in its own memory and still refuses past the limit', async () => {
    await server.stop();
    await until('the clients to notice', () => clients.every((redis) => redis.status !== 'ready'));
    expect(await statuses('192.0.2.2', [first, first, first, first])).toEqual([200, 200, 200, 429]);
    // Not shared any more: the other instance has its own allowance, and its own limit.
    expect(await statuses('192.0.2.2', [second, second, second, second])).toEqual([200, 200, 200, 429]);
    const limited = await list(second, '192.0.2.2');
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('once Redis is back the allowance is shared again', async () => {
    await server.start();
    await until('the clients to reconnect', () => clients.every((redis) => redis.status === 'ready'));
    expect(await statuses('192.0.2.3', [first, second, first, second])).toEqual([200, 200, 200, 429]);
  });
});
