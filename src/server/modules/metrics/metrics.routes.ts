import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import type { Metrics } from './metrics.js';
import { metricsTokenInvalid } from './metrics.errors.js';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** Compares `Authorization: Bearer <token>` with the configured token in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return presented !== undefined && crypto.timingSafeEqual(digest(presented), digest(token));
}

/**
 * `GET /metrics` in the Prometheus text format. Never rate limited (a scraper comes every few seconds from one
 * address); with a token configured, nothing is answered without it.
 */
export function metricsRoutes(metrics: Metrics, options: { token: string }) {
  return async (app: FastifyInstance) => {
    app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
      if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw metricsTokenInvalid();
      }
      const registry = metrics.registry!;
      const body = await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
    });
  };
}
