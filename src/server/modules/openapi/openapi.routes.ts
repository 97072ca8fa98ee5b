import type { FastifyInstance } from 'fastify';
import type { RouteContract } from '../../../shared/api/contract.js';
import { buildOpenApi } from './openapi.js';

export function openApiRoutes(routes: RouteContract[], version: string) {
  const document = buildOpenApi(routes, version);
  return async (app: FastifyInstance) => {
    app.get('/openapi.json', async () => document);
  };
}
