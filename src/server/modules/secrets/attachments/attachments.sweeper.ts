import type { Clock } from '../../lib/clock.js';
import type { FilesRepository } from './files.repository.js';
import type { FilesService } from './files.service.js';

const BATCH = 200;
const MINUTE = 60_000;

export interface SweepResult {
  /** Secrets deleted because their upload was not completed in time. */
  abandoned: number;
  /** Files deleted (blob, then row). */
  files: number;
  expiredKeys: number;
}

/**
 * Deletes what no one can reach any more: uploads abandoned past HUSH_UPLOAD_ABANDON_MINUTES (the secret row; its
 * files follow), expired download keys, and the files whose secret is gone and that no live key opens (after the
 * last view, once the reader's keys expire; after expiry or anything that failed to delete at once).
 *
 * Idempotent and safe with several instances at once: each decision is one statement, deleting a blob twice is
 * harmless, and a row goes only after its blob.
 */
export function createSweeper(deps: {
  repository: FilesRepository;
  files: Pick<FilesService, 'deleteFiles'>;
  deleteAbandoned(createdBefore: number): Promise<number>;
  clock: Clock;
  uploadAbandonMinutes: number;
}) {
  return async function sweep(): Promise<SweepResult> {
    const now = deps.clock();
    const abandoned = await deps.deleteAbandoned(now - deps.uploadAbandonMinutes * MINUTE);
    const expiredKeys = await deps.repository.deleteExpiredKeys(now);
    let files = 0;
    for (;;) {
      const ids = await deps.repository.unneeded(now, BATCH);
      const deleted = await deps.files.deleteFiles(ids);
      files += deleted;
      // A full batch means there may be more; one that could not all be deleted (storage down) ends this round.
      if (ids.length < BATCH || deleted < ids.length) break;
    }
    return { abandoned, files, expiredKeys };
  };
}

export type Sweeper = ReturnType<typeof createSweeper>;
