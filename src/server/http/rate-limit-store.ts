import type { FastifyRateLimitStore as Store, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisFallback } from '../lib/redis-fallback.js';

/**
 * The plugin decides against its own `max` and window: the limiter only counts, so its own allowance is never reached,
 * and each check names its window (`customDuration`).
 */
const COUNT_ONLY = { points: Number.MAX_SAFE_INTEGER, duration: 60 };

/** How many clients (keys) this process counts apart at once; past it, a new one counts with others (KeyCap). */
export const MAX_KEYS_IN_MEMORY = 100_000;

/**
 * Bounds the keys memory counts at once, which rate-limiter-flexible's memory limiter does not: a client with many
 * addresses (an IPv6 /48 holds 65,536 /64s) would otherwise grow it by one record and one timer per address and
 * window. While `max` keys are live, a new key counts in one shared bucket per route (`*|route`): new clients are
 * limited together until windows end, and nobody's count is dropped (an eviction would hand a client a fresh
 * allowance). Expired keys are let go at most once a second, so a full set costs no scan per request.
 */
export class KeyCap {
  private readonly ends = new Map<string, number>();
  private swept = 0;

  constructor(
    private readonly max = MAX_KEYS_IN_MEMORY,
    private readonly now: () => number = Date.now,
  ) {}

  key(key: string, windowMs: number): string {
    const now = this.now();
    const end = this.ends.get(key);
    if (end !== undefined && end > now) return key;
    this.ends.delete(key);
    if (this.ends.size >= this.max && now - this.swept >= 1000) {
      this.swept = now;
      for (const [live, liveEnd] of this.ends) if (liveEnd <= now) this.ends.delete(live);
    }
    if (this.ends.size >= this.max) return `*|${key.slice(key.lastIndexOf('|') + 1)}`;
    this.ends.set(key, now + windowMs);
    return key;
  }
}

/**
 * A rate-limit store (the plugin's documented `store` option) that counts with rate-limiter-flexible in Redis while
 * Redis answers and in this process's memory (its `insuranceLimiter`) while it does not, so an unreachable Redis
 * costs the limits their sharing across instances for a while, never the service, and never the limits themselves.
 * It never waits for a Redis that is not connected: the server's client queues nothing offline and gives up on a
 * command after a second (createRedisClient), so such a check fails at once and memory answers it.
 */
export function fallbackStore(
  fallback: RedisFallback,
  keyPrefix: string,
  cap = new KeyCap(),
): FastifyRateLimitStoreCtor {
  const fromMemory = new WeakSet<RateLimiterRes>();

  /** Memory answers only for Redis: each answer is marked, and told to the fallback. */
  class Insurance extends RateLimiterMemory {
    override consume(key: string | number, points?: number, options?: { [key: string]: unknown }) {
      fallback.failed();
      const mark = (res: unknown) => {
        if (res instanceof RateLimiterRes) fromMemory.add(res);
        return res;
      };
      const seconds = typeof options?.customDuration === 'number' ? options.customDuration : COUNT_ONLY.duration;
      return super.consume(cap.key(String(key), seconds * 1000), points, options).then(
        (res) => mark(res) as RateLimiterRes,
        (res: unknown) => Promise.reject(mark(res)),
      );
    }
  }

  const limiter = new RateLimiterRedis({
    storeClient: fallback.redis,
    keyPrefix,
    ...COUNT_ONLY,
    insuranceLimiter: new Insurance({ keyPrefix, ...COUNT_ONLY }),
  });
  return limiterStore(limiter, (res) => {
    if (!fromMemory.has(res)) fallback.answered();
  });
}

/** This process's own counts (no Redis): the same store on rate-limiter-flexible's memory limiter. */
export const memoryStore = (cap = new KeyCap()): FastifyRateLimitStoreCtor =>
  limiterStore(new RateLimiterMemory(COUNT_ONLY), () => {}, cap);

function limiterStore(
  limiter: RateLimiterRedis | RateLimiterMemory,
  onCounted: (res: RateLimiterRes) => void,
  /** Memory's bound on keys (Redis keeps its own, each with its window's expiry). */
  cap?: KeyCap,
): FastifyRateLimitStoreCtor {
  const store: Store = {
    incr(key, callback, timeWindow) {
      // Resolved while under the limiter's (unreached) allowance, rejected with the same result past it, or an error.
      const counted = (res: unknown) => {
        if (!(res instanceof RateLimiterRes)) return callback(res as Error, { current: 0, ttl: 0 });
        onCounted(res);
        callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
      };
      const seconds = Math.ceil(timeWindow / 1000);
      limiter.consume(cap ? cap.key(key, seconds * 1000) : key, 1, { customDuration: seconds }).then(counted, counted);
    },
    // Keys already name their route (both API prefixes as one) or keyed limit, and `incr` is told each window.
    child: () => store,
  };
  // The plugin calls `new Store(options)`: a constructor may return the object it builds.
  return function LimiterStore() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}
