import type { FastifyRateLimitStore as Store, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface FallbackEvents {
  /** Redis failed and memory answered: once per outage, with the reason. */
  down(error: Error): void;
  /** Redis answered again after an outage. */
  up(): void;
  /** Every check memory answered for Redis. */
  fallback(): void;
}

/**
 * The plugin decides against its own `max` and window: the limiter only counts, so its own allowance is never reached,
 * and each check names its window (`customDuration`).
 */
const COUNT_ONLY = { points: Number.MAX_SAFE_INTEGER, duration: 60 };

/**
 * A rate-limit store (the plugin's documented `store` option) that counts with rate-limiter-flexible in Redis while
 * Redis answers and in this process's memory (its `insuranceLimiter`) while it does not, so an unreachable Redis
 * costs the limits their sharing across instances for a while, never the service, and never the limits themselves.
 * It never waits for a Redis that is not connected: the server's client queues nothing offline and gives up on a
 * command after a second (createRedisClient), so such a check fails at once and memory answers it.
 */
export function fallbackStore(redis: Redis, keyPrefix: string, events: FallbackEvents): FastifyRateLimitStoreCtor {
  const fromMemory = new WeakSet<RateLimiterRes>();
  let healthy = true;

  /** Memory answers only for Redis: each answer is marked, and the first of an outage says so. */
  class Insurance extends RateLimiterMemory {
    override consume(key: string | number, points?: number, options?: { [key: string]: unknown }) {
      events.fallback();
      if (healthy)
        events.down(new Error(redis.status === 'ready' ? 'Redis did not answer' : `Redis is ${redis.status}`));
      healthy = false;
      const mark = (res: unknown) => {
        if (res instanceof RateLimiterRes) fromMemory.add(res);
        return res;
      };
      return super.consume(key, points, options).then(
        (res) => mark(res) as RateLimiterRes,
        (res: unknown) => Promise.reject(mark(res)),
      );
    }
  }

  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    ...COUNT_ONLY,
    insuranceLimiter: new Insurance({ keyPrefix, ...COUNT_ONLY }),
  });
  return limiterStore(limiter, (res) => {
    if (fromMemory.has(res) || healthy) return;
    healthy = true;
    events.up();
  });
}

/** This process's own counts (no Redis): the same store on rate-limiter-flexible's memory limiter. */
export const memoryStore = (): FastifyRateLimitStoreCtor => limiterStore(new RateLimiterMemory(COUNT_ONLY), () => {});

function limiterStore(
  limiter: RateLimiterRedis | RateLimiterMemory,
  onCounted: (res: RateLimiterRes) => void,
): FastifyRateLimitStoreCtor {
  const store: Store = {
    incr(key, callback, timeWindow) {
      // Resolved while under the limiter's (unreached) allowance, rejected with the same result past it, or an error.
      const counted = (res: unknown) => {
        if (!(res instanceof RateLimiterRes)) return callback(res as Error, { current: 0, ttl: 0 });
        onCounted(res);
        callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
      };
      limiter.consume(key, 1, { customDuration: Math.ceil(timeWindow / 1000) }).then(counted, counted);
    },
    // Keys already name their route (both API prefixes as one) or keyed limit, and `incr` is told each window.
    child: () => store,
  };
  // The plugin calls `new Store(options)`: a constructor may return the object it builds.
  return function LimiterStore() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}
