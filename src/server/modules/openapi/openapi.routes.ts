import type { FastifyInstance } from 'fastify';
import type { RouteContract } from '../../../shared/api/contract.js';
import { buildOpenApi } from './openapi.js';

/** The document is built at its first request, once: building it at start-up cost every start a tenth of a second. */
export function openApiRoutes(routes: RouteContract[], version: string) {
  let document: ReturnType<typeof buildOpenApi> | undefined;
  return async (app: FastifyInstance) => {
    app.get('/openapi.json', async () => (document ??= buildOpenApi(routes, version)));
  };
}
