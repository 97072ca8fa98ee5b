import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { AnalyticsService } from '../modules/analytics/analytics.service.js';
import type { RequestsService } from '../modules/requests/requests.service.js';
import type { SweepResult } from '../modules/secrets/secrets.files.js';
import type { SecretsService } from '../modules/secrets/secrets.service.js';

/** Anything else that deletes what it keeps past its retention (receipts' statuses, events and deliveries). */
export interface Purgeable {
  purge(): Promise<unknown>;
}

/** The files sweeper (secrets.files.sweep; services.sweep of createApp). */
export type Sweep = () => Promise<SweepResult>;

/**
 * Deletes expired secrets, then the files nothing needs any more (their secret gone and no live download key:
 * expired, used up, abandoned uploads), page views past their retention and the analytics salts of past days, then
 * compacts the database so their bytes do not linger on disk. Requests past their link's validity are recorded as
 * expired (once each), and ended requests with nothing left to open are deleted after a while; statuses, events and
 * deliveries past their retention go (`retained`). Answers how many secrets expired.
 */
export async function purgeOnce(
  secrets: SecretsService,
  database: Database,
  analytics?: AnalyticsService,
  sweep?: Sweep,
  requests?: RequestsService,
  retained: readonly Purgeable[] = [],
): Promise<number> {
  const expired = await secrets.purge();
  await requests?.purge();
  for (const store of retained) await store.purge();
  await sweep?.();
  await analytics?.purge();
  await database.compact();
  return expired;
}

export function startPurgeJob(options: {
  secrets: SecretsService;
  analytics?: AnalyticsService;
  sweep?: Sweep;
  requests?: RequestsService;
  retained?: readonly Purgeable[];
  database: Database;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Purge once at once too (in the background: the server is serving meanwhile). */
  now?: boolean;
}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = purgeOnce(
      options.secrets,
      options.database,
      options.analytics,
      options.sweep,
      options.requests,
      options.retained,
    )
      .then((expired) => {
        if (expired > 0) options.log.info({ expired }, 'purged expired secrets');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'purge failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  if (options.now) run();
  /** Stops the job; resolves once a purge under way has finished (the database can then be closed). */
  return async () => {
    clearInterval(timer);
    await running;
  };
}
