import type { Insertable, Transaction } from 'kysely';
import type { DB, Db, SecretStatusTable } from '../../db/schema.js';
import { arg, createPreparedQueries } from '../../db/prepared.js';

type Executor = Db | Transaction<DB>;
export type StatusRow = Insertable<SecretStatusTable>;
/** Where a status row goes: its table, or the one it waits in on SQLite (status-pending.ts). */
export type StatusTable = 'secret_status' | 'secret_status_pending';

/** Every column of a status, in one order (the prepared inserts' placeholders follow it). */
export const STATUS_COLUMNS = [
  'id',
  'owner_id',
  'request_id',
  'delete_token_hash',
  'is_public',
  'prevent_burn',
  'file_count',
  'max_views',
  'views_used',
  'view_times',
  'failed_times',
  'reader_ips',
  'created_at',
  'expires_at',
  'ended_at',
  'end_reason',
] as const satisfies readonly (keyof SecretStatusTable)[];

/** Rows per INSERT of statuses: chunks of the largest size, then one of each smaller power of two (few shapes). */
const CHUNK = 64;

/** The sizes of the INSERTs that write `count` rows: 64, 64, …, then 32, 16, 8, 4, 2, 1 as the rest needs. */
export function chunkSizes(count: number): number[] {
  const sizes: number[] = [];
  let left = count;
  for (; left >= CHUNK; left -= CHUNK) sizes.push(CHUNK);
  for (let size = CHUNK >> 1; size >= 1; size >>= 1) if (left & size) sizes.push(size);
  return sizes;
}

/**
 * Writes status rows with the executor of the change that ends their secrets, in INSERTs of a few fixed shapes, each
 * compiled once (a last view's status is written with every read that burns a secret).
 */
export function createStatusInserts(db: Db) {
  const prepared = createPreparedQueries(db);
  const insertChunk = (table: StatusTable, executor: Executor, rows: StatusRow[]) =>
    prepared.run(
      `${table}:${rows.length}`,
      () => {
        const insert = db
          .insertInto(table)
          .values(
            rows.map(
              (_, i) =>
                Object.fromEntries(STATUS_COLUMNS.map((name) => [name, arg('rows', i, name)])) as unknown as StatusRow,
            ),
          );
        // A secret ends once; a second writer (a crash's replay) finds the row there and leaves it. The pending
        // table has no key to conflict on: its rows meet that rule as they move (status-pending.ts).
        return table === 'secret_status' ? insert.onConflict((conflict) => conflict.column('id').doNothing()) : insert;
      },
      { rows },
      executor,
    );
  return async (table: StatusTable, executor: Executor, rows: readonly StatusRow[]): Promise<void> => {
    let i = 0;
    for (const size of chunkSizes(rows.length)) {
      await insertChunk(table, executor, rows.slice(i, i + size));
      i += size;
    }
  };
}

export type StatusInserts = ReturnType<typeof createStatusInserts>;
