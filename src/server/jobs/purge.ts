import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { AnalyticsService } from '../modules/analytics/analytics.service.js';
import type { SweepResult } from '../modules/files/files.sweeper.js';
import type { SecretsService } from '../modules/secrets/secrets.service.js';

/** The files sweeper (services.sweep of createApp). */
export type Sweep = () => Promise<SweepResult>;

/**
 * Deletes expired secrets, then the files nothing needs any more (their secret gone and no live download key:
 * expired, used up, abandoned uploads), page views past their retention and the analytics salts of past days, then
 * compacts the database so their bytes do not linger on disk. Answers how many secrets expired.
 */
export async function purgeOnce(
  secrets: SecretsService,
  database: Database,
  analytics?: AnalyticsService,
  sweep?: Sweep,
): Promise<number> {
  const expired = await secrets.purge();
  await sweep?.();
  await analytics?.purge();
  await database.compact();
  return expired;
}

export function startPurgeJob(options: {
  secrets: SecretsService;
  analytics?: AnalyticsService;
  sweep?: Sweep;
  database: Database;
  intervalMs: number;
  log: FastifyBaseLogger;
}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    purgeOnce(options.secrets, options.database, options.analytics, options.sweep)
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
