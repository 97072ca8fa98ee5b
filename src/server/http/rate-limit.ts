import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { normalizeIp } from '../../shared/ip.js';
import { httpError } from './errors.js';

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
  redis?: Redis | undefined;
}

/** `/api/v1/secret/:id` and `/api/secret/:id` are one route: alternating prefixes must not double the allowance. */
const routeKey = (request: FastifyRequest) =>
  (request.routeOptions.url ?? 'unmatched').replace(/^\/api(\/v1)?(?=\/)/, '/api');

/** Requests per client IP and route pattern, in memory or in Redis when several instances share the limit. */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowSeconds * 1000,
    ...(options.redis ? { redis: options.redis, nameSpace: 'hush-rl:' } : {}),
    keyGenerator: (request) => `${normalizeIp(request.ip) ?? 'unknown'}|${routeKey(request)}`,
    errorResponseBuilder: (_request, context) =>
      httpError(429, 'rate_limited', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });
}
