import { createRequire } from 'node:module';
import type * as ioredis from 'ioredis';
import type { Redis } from 'ioredis';
import { describeError } from '../startup-checks.js';
import type { Logger } from './logger.js';
import { withTimeout } from './timeout.js';

const require = createRequire(import.meta.url);

/**
 * The Redis client of a server. Redis only shares rate limits, so nothing may wait for it: commands fail at once
 * while it is disconnected (no offline queue) and after a second when it hangs, and the client reconnects in the
 * background every few seconds at most. Connection errors are the caller's to report (`on('error')`).
 */
export function createRedisClient(url: string): Redis {
  // Loaded only when Redis is configured: a tenth of a second less for every other start.
  const { Redis: Client } = require('ioredis') as typeof ioredis;
  return new Client(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 3000),
  });
}

/** Does Redis answer a PING within `timeoutMs`? */
export async function pingRedis(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status !== 'ready') throw new Error(`Redis is ${redis.status}`);
  await withTimeout(redis.ping(), timeoutMs, 'Redis did not answer');
}

/**
 * Says what happens to Redis, once per change: when it cannot be reached (with the error's words, not a stack) and
 * when it is back. The client retries every few seconds and fails each time; those attempts are not news. Also the
 * client's 'error' listener: without one, ioredis prints each error itself, as text.
 */
export function logRedisState(redis: Redis, log: Pick<Logger, 'info' | 'warn'>): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ error: describeError(error) }, 'Redis cannot be reached: trying again in the background');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is back');
  });
}
