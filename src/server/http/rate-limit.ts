import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientGroup } from '../../shared/rules/ip.js';
import type { Config } from '../config.js';
import type { RedisFallback } from '../lib/redis-fallback.js';
import { rateLimited } from './errors.js';
import { fallbackStore, memoryStore } from './rate-limit-store.js';

export interface RateLimitOptions {
  /** The allowance: `rateLimitMax` requests per `rateLimitWindowSeconds` (the configuration's). */
  limits: Pick<Config, 'rateLimitMax' | 'rateLimitWindowSeconds'>;
  /** Redis, shared by every instance (with memory while it cannot be reached); else this process's memory. */
  redis?: RedisFallback | undefined;
  /** Every refusal (metrics). */
  limited?(): void;
}

/** `/api/v1/secret/:id` and `/api/secret/:id` are one route: alternating prefixes must not double the allowance. */
const routeKey = (request: FastifyRequest) =>
  (request.routeOptions.url ?? 'unmatched').replace(/^\/api(\/v1)?(?=\/)/, '/api');

/**
 * Requests per client (IPv4 address, IPv6 /64) and route pattern, in memory, or in Redis when several instances share the limit (in
 * memory again while Redis cannot be reached).
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.limits.rateLimitMax,
    timeWindow: options.limits.rateLimitWindowSeconds * 1000,
    store: options.redis ? fallbackStore(options.redis, 'hush-rl') : memoryStore(),
    // IPv6 clients are counted by their /64: one machine can use any address of it.
    keyGenerator: (request) => `${clientGroup(request.ip) ?? 'unknown'}|${routeKey(request)}`,
    errorResponseBuilder: (_request, context) => {
      options.limited?.();
      return rateLimited(Math.ceil(context.ttl / 1000));
    },
  });
}

type KeyedCheck = (request: FastifyRequest) => Promise<void>;
/** The keyed limits by name, per rate limiter (one per app): routes registered under each prefix share one count. */
const keyedLimits = new WeakMap<object, Map<string, KeyedCheck>>();

/**
 * A limit of its own for some routes, counted per key that `keyOf` gives (a user id: the caller is known by then) and
 * shared by every route that asks for the same `name`, under both API prefixes, on top of the limit per client;
 * in the same store (Redis when configured). Null when rate limits are off. The check throws 429 `rate_limited`.
 */
export function keyedRateLimit(
  app: FastifyInstance,
  options: { name: string; max: number; windowSeconds: number; keyOf: (request: FastifyRequest) => string },
): KeyedCheck | null {
  if (!app.hasDecorator('createRateLimit')) return null;
  const limits = keyedLimits.get(app.createRateLimit) ?? new Map<string, KeyedCheck>();
  keyedLimits.set(app.createRateLimit, limits);
  const known = limits.get(options.name);
  if (known) return known;
  const limit = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowSeconds * 1000,
    keyGenerator: (request) => `${options.name}|${options.keyOf(request)}`,
  });
  const check: KeyedCheck = async (request) => {
    const counted = await limit(request);
    if (!counted.isAllowed && counted.isExceeded) throw rateLimited(counted.ttlInSeconds);
  };
  limits.set(options.name, check);
  return check;
}
