import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './app.js';
import { startRedisServer } from './services.js';

/**
 * Two instances of the app sharing one redis-server of the suite's own (each its own database), which a test can stop
 * and start under them (`world.server`). Made before the suite's tests, closed after them.
 */
export function useTwoInstancesOnRedis(options: Omit<TestAppOptions, 'redis'>) {
  const world = {
    server: undefined as unknown as Awaited<ReturnType<typeof startRedisServer>>,
    first: undefined as unknown as TestApp,
    second: undefined as unknown as TestApp,
    /** Each of `order` answers in turn (a request of `send`'s), and its statuses are listed. */
    async statuses(order: TestApp[], send: (t: TestApp) => Promise<{ statusCode: number }>) {
      const codes = [];
      for (const t of order) codes.push((await send(t)).statusCode);
      return codes;
    },
  };
  beforeAll(async () => {
    world.server = await startRedisServer();
    world.first = await createTestApp({ ...options, redis: await world.server.connect() });
    world.second = await createTestApp({ ...options, redis: await world.server.connect() });
  });
  afterAll(async () => {
    await world.first?.close();
    await world.second?.close();
    await world.server?.close();
  });
  return world;
}
