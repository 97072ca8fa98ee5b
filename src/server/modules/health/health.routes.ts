import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Database } from '../../db/database.js';
import { httpError } from '../../http/errors.js';
import type { BlobStorage } from '../files/storage/index.js';

/** Liveness, and readiness: the database answers and the file storage can be written. */
export function healthRoutes(database: Database, storage: Pick<BlobStorage, 'check'>) {
  return async (app: FastifyInstance) => {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (request) => {
      const [db, files] = await Promise.allSettled([pingDatabase(database), storage.check()]);
      const checks = {
        database: db.status === 'fulfilled' ? 'up' : 'down',
        storage: files.status === 'fulfilled' ? 'up' : 'down',
      };
      for (const result of [db, files]) {
        if (result.status === 'rejected') request.log.warn({ err: result.reason }, 'readiness check failed');
      }
      if (checks.database === 'down' || checks.storage === 'down') {
        throw httpError(503, 'server.unavailable', { checks });
      }
      return { status: 'ok', checks };
    });
  };
}
