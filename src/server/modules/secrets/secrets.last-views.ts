import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB, Db } from '../../db/schema.js';
import { arg, type PreparedQueries } from '../../db/prepared.js';
import { createBatcher } from '../../lib/batcher.js';
import type { Executor, LastView, LastViewRecords, SecretRow } from './secrets.repository.js';

/**
 * The last view of a secret (secrets.repository.ts, takeLastView): deletes the row, with its records, and returns it
 * in one statement (undefined when another reader was first, or when it expired). `row`: the secret as this reader
 * found it, with one view left.
 */
export function createLastViewTaker(db: Db, prepared: PreparedQueries, records: LastViewRecords | undefined) {
  // Last views claimed together are taken by one DELETE … RETURNING: each row is deleted, and returned, once, and
  // their records are written by the same statement (PostgreSQL) or transaction (SQLite: no round trips to save).
  // Expiry is judged by each caller (an expired row may go too: it is dead either way, and its status says it
  // expired). Callers for one id are served in the order they came (the batcher never holds an id twice): `pending`
  // keeps each caller's row, time and address in that order.
  const pending = new Map<string, LastView[]>();
  const deleteLastViews = (ids: (eb: ExpressionBuilder<DB, 'secrets'>) => Expression<SqlBool>) =>
    db.deleteFrom('secrets').where(ids).where('views_left', '=', 1).where('ready', '=', 1).returningAll();
  const takeLastViews = createBatcher<string, SecretRow>(async (ids) => {
    const views = ids.map((id) => {
      const queue = pending.get(id)!;
      const view = queue.shift()!;
      if (queue.length === 0) pending.delete(id);
      return view;
    });
    const take = async (executor: Executor) => {
      const { rows } = await prepared.run(
        `takeLastViews:${ids.length}`,
        () =>
          deleteLastViews((eb) =>
            eb(
              'id',
              'in',
              ids.map((_, i) => arg<string>('ids', i)),
            ),
          ),
        { ids },
        executor,
      );
      if (records && rows.length > 0) {
        const byId = new Map(views.map((view) => [view.row.id, view]));
        await records.write(
          executor,
          rows.map((row) => ({ row, at: byId.get(row.id)!.at, ip: byId.get(row.id)!.ip })),
        );
      }
      return rows;
    };
    let rows: SecretRow[];
    const oneStatement = records?.oneStatement;
    if (oneStatement) {
      // One shape for every batch size: the ids go as one array.
      ({ rows } = await prepared.run(
        'takeLastViews:recorded',
        () => oneStatement.wrap(deleteLastViews((eb) => eb('id', '=', sql<string>`any(${arg<string[]>('ids')})`))),
        { ids, ...oneStatement.values(views) },
      ));
    } else rows = records ? await db.transaction().execute(take) : await take(db);
    return new Map(rows.map((row) => [row.id, row]));
  });

  return async (row: SecretRow, now: number, ip: string | null = null): Promise<SecretRow | undefined> => {
    const view = { row, at: now, ip };
    const queue = pending.get(row.id);
    if (queue) queue.push(view);
    else pending.set(row.id, [view]);
    const taken = await takeLastViews(row.id);
    return taken && taken.expires_at > now ? taken : undefined;
  };
}
