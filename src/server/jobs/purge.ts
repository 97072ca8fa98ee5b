import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { SecretsService } from '../modules/secrets/secrets.service.js';

/** Deletes expired secrets, then compacts the database so their bytes do not linger on disk. */
export async function purgeOnce(secrets: SecretsService, database: Database): Promise<number> {
  const expired = await secrets.purge();
  await database.compact();
  return expired;
}

export function startPurgeJob(options: {
  secrets: SecretsService;
  database: Database;
  intervalMs: number;
  log: FastifyBaseLogger;
}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    purgeOnce(options.secrets, options.database)
      .then((expired) => {
        if (expired > 0) options.log.info({ expired }, 'purged expired secrets');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'purge failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
