import type { FastifyInstance } from 'fastify';
import { httpError } from './errors.js';

const SHUTTING_DOWN = httpError(503, 'server.unavailable', {}, 'This server is shutting down: try again');

/**
 * A draining app (SIGTERM: server.ts, or app.close()) lets the requests it is serving finish, and serves no new one.
 * A request that arrives meanwhile on a connection kept alive is answered 503 server.unavailable, in the API's shape,
 * before any hook or handler of ours runs: nothing of it was done, so a proxy may send it to another instance
 * (docs/nginx.conf does, POSTs included; http/draining.test.ts checks that no row or file changes). Every answer from
 * then on says `Connection: close`, so clients open their next connection elsewhere instead of reusing this one as it
 * closes. Registered right after the security headers, ahead of the rate limits, the session lookup and every route.
 */
export function registerDraining(app: FastifyInstance): () => void {
  let draining = false;
  const drain = () => {
    draining = true;
  };
  app.addHook('preClose', async () => drain());
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    return reply.code(503).header('retry-after', '1').send(SHUTTING_DOWN.toBody());
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return drain;
}
