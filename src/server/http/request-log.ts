import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../modules/metrics/metrics.js';

/** Routes of our own; anything else that has a route is a file of the built client. */
const OWN_ROUTE = /^\/(api|healthz|readyz|metrics)(\/|$)/;

/**
 * The route of a request as a pattern (`/api/v1/secret/:id`), never its path: paths hold secret ids, and the
 * spec's `/secret/{key}/{id}` page even a key. Client files are one label and pages another, so the set of
 * values stays bounded whatever is requested.
 */
export function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return reply.statusCode === 404 ? '(not found)' : '(page)';
  return OWN_ROUTE.test(pattern) ? pattern : '(static)';
}

/**
 * Request ids: a random prefix per process and a counter, so lines of several instances never share one. Drawing
 * random bytes for every request cost a twelfth of a read's time.
 */
const ID_PREFIX = `${randomBytes(6).toString('hex')}-`;
let requestCount = 0;
export const newRequestId = () => ID_PREFIX + (requestCount++).toString(36);

/**
 * One log line per request (DESIGN.md §9): id, method, route pattern, status, duration and size. No URL, header,
 * body, address or id of ours is ever logged. The same hook times requests for the metrics when they are on.
 */
export function registerRequestLog(app: FastifyInstance, metrics: Metrics): void {
  const logging = ['info', 'debug', 'trace'].includes(app.log.level);
  if (!logging && !metrics.enabled) return;
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request, reply);
    const ms = reply.elapsedTime;
    if (metrics.enabled) metrics.observeRequest(route, request.method, reply.statusCode, ms / 1000);
    if (!logging) return;
    const length = reply.getHeader('content-length');
    request.log.info(
      {
        method: request.method,
        route,
        status: reply.statusCode,
        ms: Math.round(ms * 10) / 10,
        bytes: length === undefined ? null : Number(length),
      },
      'request',
    );
  });
}
