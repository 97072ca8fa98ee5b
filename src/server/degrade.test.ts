import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Database } from './db/database.js';
import { createRedisClient } from './lib/redis.js';
import { createSecret, createTestApp, type TestApp } from './test-utils/app.js';
import { parsePrometheus, sampleValue } from './test-utils/prometheus.js';
import { hasPostgresBinaries, hasRedisServer, startPostgresCluster, startRedisServer } from './test-utils/services.js';

/** Degrade, don't die (DESIGN.md §9): real servers of the test's own are stopped and started under a running app. */

const within = async <T>(ms: number, work: () => Promise<T>): Promise<T> => {
  const started = Date.now();
  const result = await work();
  expect(Date.now() - started).toBeLessThan(ms);
  return result;
};

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

if (!hasRedisServer) console.warn('Redis outage tests are SKIPPED: redis-server is not installed.');
describe.skipIf(!hasRedisServer)('when Redis goes away', () => {
  let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
  let redis: Redis;
  let t: TestApp;
  const lines: string[] = [];
  const MAX = 4;

  beforeAll(async () => {
    redisServer = await startRedisServer();
    redis = createRedisClient(redisServer.url);
    redis.on('error', () => {});
    await until('the client to connect', async () => redis.status === 'ready');
    t = await createTestApp({
      redis,
      config: { rateLimitEnabled: true, rateLimitMax: MAX, metrics: true, logLevel: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
    redis?.disconnect();
    await redisServer?.stop();
  });

  const list = (ip: string) => t.app.inject({ url: '/api/v1/secret/public/', remoteAddress: ip });

  it('counts in Redis while it is there', async () => {
    expect((await list('192.0.2.1')).statusCode).toBe(200);
    expect((await redis.keys('hush-rl:*')).length).toBeGreaterThan(0);
  });

  it('keeps serving with the limits counted in memory, says so once, and /readyz reports it at once', async () => {
    await redisServer.stop();
    await until('the client to notice', async () => redis.status !== 'ready');

    const client = '192.0.2.2';
    const statuses = [];
    for (let i = 0; i <= MAX; i++) statuses.push((await within(1000, () => list(client))).statusCode);
    expect(statuses).toEqual([...Array(MAX).fill(200), 429]);
    expect((await createSecretSafely(t)).statusCode).toBe(201);

    const ready = await within(2000, () => t.app.inject('/readyz'));
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'degraded',
      version: expect.any(String),
      checks: { database: 'up', storage: 'up', redis: 'down' },
    });
    expect((await within(2000, () => t.app.inject('/healthz'))).statusCode).toBe(200);

    const said = lines.filter((line) => line.includes('rate limits and sign-in throttles are counted in memory'));
    expect(said).toHaveLength(1);
    const metrics = parsePrometheus((await t.app.inject('/metrics')).body).samples;
    expect(sampleValue(metrics, 'hush_rate_limit_memory_fallbacks_total')).toBeGreaterThanOrEqual(MAX + 2);
  });

  it('shares the limits in Redis again once it is back, by itself', async () => {
    await redisServer.start();
    await until('the client to reconnect', async () => redis.status === 'ready');
    expect((await list('192.0.2.3')).statusCode).toBe(200);
    expect((await redis.keys('hush-rl:*')).length).toBeGreaterThan(0);
    expect((await t.app.inject('/readyz')).json()).toMatchObject({ status: 'ok', checks: { redis: 'up' } });
    expect(lines.filter((line) => line.includes('Redis is back'))).toHaveLength(1);
  });
});

/** A create through the API (its answer, whatever it is). */
const createSecretSafely = (t: TestApp) =>
  t.app.inject({ method: 'POST', url: '/api/v1/secret', payload: { text: 'hush1.c2VjcmV0', ttl: 3600 } });

if (!hasPostgresBinaries) console.warn('PostgreSQL outage tests are SKIPPED: PostgreSQL is not installed.');
describe.skipIf(!hasPostgresBinaries)('when PostgreSQL goes away', () => {
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  let database: Database;
  let t: TestApp;
  let before: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    database = openDatabase({ databaseUrl: cluster.url });
    await migrateToLatest(database);
    t = await createTestApp({ database });
    before = (await createSecret(t.app)).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.destroy();
    await cluster?.destroy();
  });

  it('answers a clear 503 from the API and /readyz, fast, while /healthz stays up', async () => {
    await cluster.stop();
    const create = await within(6000, () => createSecretSafely(t));
    expect(create.statusCode).toBe(503);
    expect(create.json()).toEqual({ code: 'server.unavailable', message: 'The service is temporarily unavailable' });
    expect(create.headers['retry-after']).toBe('5');
    const read = await within(6000, () =>
      t.app.inject({ method: 'POST', url: `/api/v1/secret/${before}`, payload: {} }),
    );
    expect(read.statusCode).toBe(503);

    const ready = await within(2000, () => t.app.inject('/readyz'));
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      code: 'server.unavailable',
      version: expect.any(String),
      checks: { database: 'down', storage: 'up' },
    });
    expect((await within(2000, () => t.app.inject('/healthz'))).statusCode).toBe(200);
  }, 30_000);

  it('recovers by itself once PostgreSQL is back: nothing was lost', async () => {
    await cluster.start();
    await until('the API to answer again', async () => (await createSecretSafely(t)).statusCode === 201);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    const read = await t.app.inject({ method: 'POST', url: `/api/v1/secret/${before}`, payload: {} });
    expect(read.statusCode).toBe(200);
  }, 30_000);
});
