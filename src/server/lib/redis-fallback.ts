import type { Redis } from 'ioredis';

export interface FallbackEvents {
  /** Redis failed and memory answered: once per outage, with the reason. */
  down(error: Error): void;
  /** Redis answered again after an outage. */
  up(): void;
  /** Every check memory answered for Redis. */
  fallback(): void;
}

/**
 * Counting in Redis, and in this process's memory while Redis cannot be reached: the one way the rate limits
 * (http/rate-limit-store.ts, on rate-limiter-flexible's insurance limiter) and the sign-in throttles
 * (modules/auth/attempts.ts) share their counts between instances. One per Redis client: each check that memory
 * answered is counted, and the first of an outage and the first answer after it are told once, whichever of them
 * saw it, so the operator reads one line and one metric for both.
 */
export class RedisFallback {
  private healthy = true;

  constructor(
    readonly redis: Redis,
    private readonly events: Partial<FallbackEvents> = {},
  ) {}

  /** Memory answered a check, as Redis failed (`error`, when known). */
  failed(error?: unknown): void {
    this.events.fallback?.();
    if (!this.healthy) return;
    this.healthy = false;
    this.events.down?.(
      error instanceof Error
        ? error
        : new Error(this.redis.status === 'ready' ? 'Redis did not answer' : `Redis is ${this.redis.status}`),
    );
  }

  /** Redis answered a check. */
  answered(): void {
    if (this.healthy) return;
    this.healthy = true;
    this.events.up?.();
  }
}

/**
 * The server's: an outage and its end are logged once each (`log` is asked when it happens: the app's logger is made
 * after its services), and each check memory answers is counted (`fallbacks`: a metric).
 */
export const serverFallback = (
  redis: Redis,
  log: () => { warn(...args: unknown[]): void },
  fallbacks: { inc(): void },
) =>
  new RedisFallback(redis, {
    down: (error) =>
      log().warn(
        { err: error },
        'Redis cannot be reached: rate limits and sign-in throttles are counted in memory until it is back',
      ),
    up: () => log().warn('Redis is back: rate limits and sign-in throttles are shared again'),
    fallback: () => fallbacks.inc(),
  });
