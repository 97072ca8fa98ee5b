import { sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Db } from '../../db/schema.js';
import { createPreparedQueries } from '../../db/prepared.js';
import { STATUS_COLUMNS } from './status-rows.js';

/** Rows written by this process that start a move at once, rather than when the timer comes. */
export const MOVE_ROWS = 1_000;
/** How long a last view's status waits, at most, before it moves (while this process runs). */
export const MOVE_MS = 500;

/**
 * SQLite: last views' statuses wait in `secret_status_pending` (migration 0016), written by the transaction that
 * deletes their secrets, and move into `secret_status` a few hundred at a time, in one transaction that inserts them
 * in id order and empties the table. A status pending is as durable as one moved (receipts read both tables); the
 * move only keeps the random-keyed index of `secret_status` out of every burn's commit. Rows left by a process that
 * was killed move at the next start, or with anyone's next move (another process sharing the file moves them too).
 * PostgreSQL writes the status in the burn's own statement: nothing pends there.
 */
export function createPendingStatuses(deps: {
  db: Db;
  dialect: Dialect;
  log?: { error(object: object, message: string): void };
}) {
  const { db } = deps;
  const prepared = createPreparedQueries(db);
  let written = 0;
  let timer: NodeJS.Timeout | undefined;
  let queued: Promise<void> | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  let closed = false;

  async function move(): Promise<void> {
    written = 0;
    // The INSERT takes the write lock as it starts, so no row can be added between it and the DELETE: the DELETE
    // takes what the INSERT copied, and nothing more.
    await db.transaction().execute(async (trx) => {
      await prepared.run(
        'pending:move',
        () =>
          db
            .insertInto('secret_status')
            .columns(STATUS_COLUMNS)
            .expression(
              db
                .selectFrom('secret_status_pending')
                .select(STATUS_COLUMNS)
                // SQLite reads ON CONFLICT after a bare FROM as a join's: a WHERE settles it.
                .where(sql<boolean>`true`)
                .orderBy('id'),
            )
            .onConflict((conflict) => conflict.column('id').doNothing()),
        {},
        trx,
      );
      await prepared.run('pending:clear', () => db.deleteFrom('secret_status_pending'), {}, trx);
    });
  }

  /** Moves every status pending now (a move under way does not count: one more follows it). */
  function settle(): Promise<void> {
    if (deps.dialect === 'postgres') return Promise.resolve();
    clearTimeout(timer);
    timer = undefined;
    if (!queued) {
      const next = previous.then(() => {
        queued = undefined;
        return move();
      });
      queued = next;
      previous = next.catch(() => {});
    }
    return queued;
  }

  /** A move in the background: one that fails leaves the rows where they are and is tried again later. */
  function later(delay: number): void {
    if (closed) return;
    if (timer) {
      if (delay > 0) return;
      clearTimeout(timer);
    }
    timer = setTimeout(() => {
      timer = undefined;
      settle().catch((error: unknown) => {
        deps.log?.error({ err: error }, 'could not move the statuses of last views; trying again');
        later(MOVE_MS);
      });
    }, delay);
    timer.unref();
  }

  return {
    /** The table a last view's status goes to, in the transaction that takes the view. */
    table: deps.dialect === 'postgres' ? ('secret_status' as const) : ('secret_status_pending' as const),

    /** `count` statuses were written to the pending table (by a transaction of this process). */
    wrote(count: number): void {
      if (deps.dialect === 'postgres' || count === 0) return;
      written += count;
      later(written >= MOVE_ROWS ? 0 : MOVE_MS);
    },

    settle,

    /** Stops the timer and moves what waits (a shutdown: a failure is logged, the rows stay for the next start). */
    async close(): Promise<void> {
      closed = true;
      await settle().catch((error: unknown) =>
        deps.log?.error({ err: error }, 'could not move the statuses of last views; the next start moves them'),
      );
    },
  };
}

export type PendingStatuses = ReturnType<typeof createPendingStatuses>;
