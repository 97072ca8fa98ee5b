import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Database } from '../../db/database.js';
import { httpError } from '../../http/errors.js';

export function healthRoutes(database: Database) {
  return async (app: FastifyInstance) => {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (request) => {
      try {
        await pingDatabase(database);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw httpError(503, 'server.unavailable', { checks: { database: 'down' } });
      }
      return { status: 'ok', checks: { database: 'up' } };
    });
  };
}
