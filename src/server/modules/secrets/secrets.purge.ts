import type { Clock } from '../../lib/clock.js';
import type { StatsRepository } from '../stats/stats.repository.js';
import { expiryReason, type StatusRecorder } from '../receipts/status-record.js';
import type { Executor, SecretsRepository } from './secrets.repository.js';

/** Secrets the purge ends per transaction. */
const PURGE_PAGE = 500;

/**
 * A place in an attempt budget reserved this long ago belongs to a verification that will never finish (its process
 * was killed): argon2 takes well under a second, and a request has its whole body before the check starts.
 */
export const STALE_ATTEMPT_MS = 15 * 60_000;

interface PurgeDeps {
  repository: SecretsRepository;
  stats: StatsRepository;
  clock: Clock;
  recorder?: StatusRecorder;
}

/**
 * Deletes what has expired or been used up, a page at a time, each page's status (expired, read or unread; a crash's
 * used-up leftovers as last views) and events in the transaction that deletes it. Returns how many expired.
 */
export function createPurge({ repository, stats, clock, recorder }: PurgeDeps) {
  return async function purge(): Promise<number> {
    const now = clock();
    await repository.releaseStaleAttempts(now - STALE_ATTEMPT_MS);
    let expired = 0;
    for (;;) {
      const page = async (executor?: Executor) => {
        const rows = await repository.takeEnded(now, PURGE_PAGE, executor);
        await recorder?.ended(
          executor!,
          rows.map((row) => ({ row, at: now, reason: row.expires_at <= now ? expiryReason(row) : 'last_view' })),
        );
        return rows;
      };
      const ended = recorder ? await repository.transaction(page) : await page();
      expired += ended.filter((row) => row.expires_at <= now).length;
      if (ended.length < PURGE_PAGE) break;
    }
    stats.increment('secrets_expired', expired);
    return expired;
  };
}
