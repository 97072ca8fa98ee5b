import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore as Store,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** Set on the options the plugin passes to a store (its typings leave them out). */
type StoreFlags = { continueExceeding?: boolean; exponentialBackoff?: boolean };

const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => Store;

export interface FallbackEvents {
  /** Redis failed and memory answered: once per outage, with the error. */
  down(error: Error): void;
  /** Redis answered again after an outage. */
  up(): void;
  /** Every check memory answered for Redis. */
  fallback(): void;
}

/**
 * A rate-limit store that counts in Redis while Redis answers and in this process's memory while it does not, so
 * an unreachable Redis costs the limits their sharing across instances for a while, never the service. It never
 * waits for a Redis that is not connected: the server's client queues nothing offline and gives up on a command
 * after a second (createRedisClient), so such a check fails at once and memory answers it.
 */
export function fallbackStore(redis: Redis, nameSpace: string, events: FallbackEvents): FastifyRateLimitStoreCtor {
  let healthy = true;
  const markDown = (error: Error) => {
    if (healthy) events.down(error);
    healthy = false;
  };

  const wrap = (remote: Store, local: Store): Store => ({
    incr(key, callback, timeWindow, max) {
      const fromMemory = () => {
        events.fallback();
        local.incr(key, callback, timeWindow, max);
      };
      remote.incr(
        key,
        (error, result) => {
          if (error) {
            markDown(error);
            return fromMemory();
          }
          if (!healthy) events.up();
          healthy = true;
          callback(null, result);
        },
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => wrap(remote.child(routeOptions), local.child(routeOptions)),
  });

  // The plugin calls `new Store(options)`: a constructor may return the object it builds.
  return function FallbackStore(options: FastifyRateLimitOptions & StoreFlags) {
    const continueExceeding = options.continueExceeding ?? false;
    const exponentialBackoff = options.exponentialBackoff ?? false;
    return wrap(
      new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
      new LocalStore(continueExceeding, exponentialBackoff),
    );
  } as unknown as FastifyRateLimitStoreCtor;
}
