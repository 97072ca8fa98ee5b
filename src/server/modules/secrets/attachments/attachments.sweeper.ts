import type { Clock } from '../../../lib/clock.js';
import type { FilesRepository } from './attachments.repository.js';

const BATCH = 200;

export interface FileSweepResult {
  /** Files deleted (blob, then row). */
  files: number;
  expiredKeys: number;
}

/**
 * Deletes what no one can reach any more: expired download keys, and the files whose secret is gone and that no
 * live key opens (after the last view, once the reader's keys expire; after expiry, an abandoned upload, or
 * anything that failed to delete at once). The secrets service deletes abandoned uploads' secrets first.
 *
 * Idempotent and safe with several instances at once: each decision is one statement, deleting a blob twice is
 * harmless, and a row goes only after its blob.
 */
export function createSweeper(deps: {
  repository: FilesRepository;
  deleteFiles(ids: string[]): Promise<number>;
  clock: Clock;
}) {
  return async function sweep(): Promise<FileSweepResult> {
    const now = deps.clock();
    const expiredKeys = await deps.repository.deleteExpiredKeys(now);
    let files = 0;
    for (;;) {
      const ids = await deps.repository.unneeded(now, BATCH);
      const deleted = await deps.deleteFiles(ids);
      files += deleted;
      // A full batch means there may be more; one that could not all be deleted (storage down) ends this round.
      if (ids.length < BATCH || deleted < ids.length) break;
    }
    return { files, expiredKeys };
  };
}
