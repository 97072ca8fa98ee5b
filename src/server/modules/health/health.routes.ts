import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { pingDatabase, type Database } from '../../db/database.js';
import { serverUnavailable } from '../../http/errors.js';
import { pingRedis } from '../../lib/redis.js';
import { withTimeout } from '../../lib/timeout.js';
import { StorageFull, type BlobStorage } from '../../storage/index.js';
import { VERSION } from '../../version.js';

/** Each check gets this long: /readyz answers within two seconds whatever hangs. */
const CHECK_TIMEOUT_MS = 1500;

export interface HealthDeps {
  database: Database;
  storage: Pick<BlobStorage, 'check'>;
  redis?: Redis | undefined;
}

type Check = 'up' | 'down' | 'full';

/**
 * Liveness, and readiness: the database answers and the file storage can be written (503 otherwise). Redis only
 * shares rate limits: without it the service works on ("degraded", still 200), so an outage of Redis never takes
 * every instance out of a load balancer at once. A full file storage is "degraded" too: text secrets and downloads
 * still work, and every instance shares that storage. Health checks are never rate limited. /readyz also says the
 * version that runs (package.json's), so a rollout can be watched from the load balancer's side.
 */
export function healthRoutes(deps: HealthDeps) {
  // Monitors may ask with HEAD: both checks change nothing.
  const noLimit = { config: { rateLimit: false }, exposeHeadRoute: true };
  return async (app: FastifyInstance) => {
    app.get('/healthz', noLimit, async () => ({ status: 'ok' }));
    app.get('/readyz', noLimit, async (request) => {
      const probes = {
        database: withTimeout(pingDatabase(deps.database), CHECK_TIMEOUT_MS, 'the database did not answer'),
        storage: withTimeout(deps.storage.check(), CHECK_TIMEOUT_MS, 'the file storage did not answer'),
        ...(deps.redis && { redis: pingRedis(deps.redis, CHECK_TIMEOUT_MS) }),
      };
      const checks: Record<string, Check> = {};
      await Promise.all(
        Object.entries(probes).map(async ([name, probe]) => {
          try {
            await probe;
            checks[name] = 'up';
          } catch (error) {
            checks[name] = error instanceof StorageFull ? 'full' : 'down';
            request.log.warn({ err: error, check: name }, 'readiness check failed');
          }
        }),
      );
      if (checks.database === 'down' || checks.storage === 'down') {
        throw serverUnavailable({ checks, version: VERSION });
      }
      const status = checks.redis === 'down' || checks.storage === 'full' ? 'degraded' : 'ok';
      return { status, version: VERSION, checks };
    });
  };
}
