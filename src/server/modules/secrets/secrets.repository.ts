import {
  sql,
  type Compilable,
  type Insertable,
  type OperationNodeSource,
  type Selectable,
  type Transaction,
} from 'kysely';
import type { DB, Db, SecretsTable } from '../../db/schema.js';
import { arg, createPreparedQueries } from '../../db/prepared.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { batchFailure, createBatcher } from '../../lib/batcher.js';
import { createLastViewTaker } from './secrets.last-views.js';

export type SecretRow = Selectable<SecretsTable>;
export type NewSecretRow = Insertable<SecretsTable>;
/** The database, or a transaction on it: statements that must go with another change take one. */
export type Executor = Db | Transaction<DB>;

export interface PublicSecretRow {
  id: string;
  title: string | null;
  username: string | null;
  created_at: number;
  expires_at: number;
}

/** A last view: the row as its reader found it (or, taken, as it was deleted), when, and the address kept of its reader. */
export interface LastView {
  row: SecretRow;
  at: number;
  ip: string | null;
}

/** The records a last view leaves (its status and events, modules/receipts), written with the delete of its secret. */
export interface LastViewRecords {
  /** Writes the records of the rows `taken`, with the transaction that deletes them. */
  write(executor: Executor, taken: readonly LastView[]): Promise<void>;
  /**
   * Where one statement can delete and record (PostgreSQL): `wrap` gives `deleting` (a DELETE … RETURNING *) with
   * the records' inserts, answering the rows deleted; `values` its values, from the rows as their readers found them.
   */
  oneStatement?: {
    wrap(deleting: Compilable<SecretRow> & OperationNodeSource): Compilable<SecretRow>;
    values(views: readonly LastView[]): Record<string, unknown>;
  };
}

export interface SecretsRepositoryHooks {
  /** Told of last views taken (modules/receipts): their records go with the delete, never after it. */
  lastViews?: LastViewRecords;
}

/** `list || ',' || item` in SQL, for a list that may be null (view and wrong-password times, readers' addresses). */
const appendTo = (column: 'view_times' | 'failed_times' | 'reader_ips', item: unknown) =>
  sql<string>`coalesce(${sql.ref(column)} || ',', '') || ${item}`;

/** SQL only: every rule lives in the service. */
export function createSecretsRepository(db: Db, hooks: SecretsRepositoryHooks = {}) {
  // The statements every create and read runs are compiled once (db/prepared.ts).
  const prepared = createPreparedQueries(db);
  const insertRows = (rows: NewSecretRow[]) => {
    const columns = rows.map((row) => Object.keys(row));
    return prepared.run(
      `insert:${columns.map((names) => names.join(',')).join('|')}`,
      () =>
        db
          .insertInto('secrets')
          .values(
            columns.map(
              (names, i) => Object.fromEntries(names.map((name) => [name, arg('rows', i, name)])) as NewSecretRow,
            ),
          ),
      { rows },
    );
  };

  // Creates arriving together are written by one multi-row INSERT. If the database is out of reach, every create of
  // the batch fails with its error (503); any other failure is a row's own, so each row is tried alone and a bad row
  // fails only its create, with the database's error for it.
  const insertBatch = createBatcher<NewSecretRow, true>(async (rows) => {
    try {
      await insertRows(rows);
      return new Map(rows.map((row) => [row, true]));
    } catch (error) {
      if (rows.length === 1 || isDatabaseUnavailable(error)) throw error;
      const results = await Promise.allSettled(rows.map((row) => insertRows([row])));
      return new Map(
        rows.map((row, i) => {
          const result = results[i]!;
          return [row, result.status === 'fulfilled' ? true : batchFailure(result.reason)];
        }),
      );
    }
  });

  const takeLastView = createLastViewTaker(db, prepared, hooks.lastViews);

  /** The secret while it has views left and has not expired. */
  const live = () =>
    db
      .selectFrom('secrets')
      .selectAll()
      .where('id', '=', arg<string>('id'))
      .where('views_left', '>', 0)
      .where('expires_at', '>', arg<number>('now'));

  return {
    async insert(row: NewSecretRow): Promise<void> {
      await insertBatch(row);
    },

    /** One row with the caller's executor, not batched: a response goes in the transaction that takes its place. */
    async insertWith(executor: Executor, row: NewSecretRow): Promise<void> {
      await executor.insertInto('secrets').values(row).execute();
    },

    /** Runs `work` in one transaction. */
    transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> => db.transaction().execute(work),

    /** A secret that can still be opened (not expired, views left, its files uploaded), or undefined. */
    async findOpenable(id: string, now: number): Promise<SecretRow | undefined> {
      const { rows } = await prepared.run('findOpenable', () => live().where('ready', '=', 1), { id, now });
      return rows[0];
    },

    /** A secret that has not expired, whether its files are uploaded or not (burn, uploads). */
    async findLive(id: string, now: number): Promise<SecretRow | undefined> {
      const { rows } = await prepared.run('findLive', live, { id, now });
      return rows[0];
    },

    /** Makes a secret whose files are uploaded readable; false when it is gone, expired or ready already. */
    async markReady(id: string, now: number, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable('secrets')
        .set({ ready: 1 })
        .where('id', '=', id)
        .where('ready', '=', 0)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Deletes secrets whose upload was not completed by `createdBefore` and returns them (the requests of responses
     * among them get their places back); their files are left to the sweeper.
     */
    async deleteAbandoned(
      createdBefore: number,
      executor: Executor = db,
    ): Promise<{ id: string; request_id: string | null }[]> {
      return executor
        .deleteFrom('secrets')
        .where('ready', '=', 0)
        .where('created_at', '<=', createdBefore)
        .returning(['id', 'request_id'])
        .execute();
    },

    /**
     * Claims one view in a single atomic statement: of N concurrent callers exactly `views_left` succeed.
     * Never read-then-write.
     */
    async claimView(
      id: string,
      now: number,
      ip: string | null = null,
      executor: Executor = db,
    ): Promise<SecretRow | undefined> {
      const { rows } = await prepared.run(
        ip === null ? 'claimView' : 'claimView:ip',
        () =>
          db
            .updateTable('secrets')
            .set((eb) => ({
              views_left: eb('views_left', '-', 1),
              view_times: appendTo('view_times', arg<string>('at')),
              ...(ip !== null && { reader_ips: appendTo('reader_ips', arg<string>('ip')) }),
            }))
            .where('id', '=', arg<string>('id'))
            .where('views_left', '>', 0)
            .where('expires_at', '>', arg<number>('now'))
            .where('ready', '=', 1)
            .returningAll(),
        { id, now, at: String(now), ip },
        executor,
      );
      return rows[0];
    },

    /** A view of a secret that never burns: only its record changes. */
    async recordView(id: string, now: number, ip: string | null, executor: Executor = db): Promise<void> {
      await executor
        .updateTable('secrets')
        .set({
          view_times: appendTo('view_times', String(now)),
          ...(ip !== null && { reader_ips: appendTo('reader_ips', ip) }),
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The last view: deletes the row, with its records, and returns it in one statement (undefined when another
     * reader was first). `row`: the secret as this reader found it, with one view left.
     */
    takeLastView,

    /** Deletes the secret when its last view is spent, and returns it (undefined when it had gone already). */
    async deleteIfExhausted(id: string, executor: Executor = db): Promise<SecretRow | undefined> {
      return executor
        .deleteFrom('secrets')
        .where('id', '=', id)
        .where('views_left', '<=', 0)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Reserves a place in the attempt budget for one password verification, atomically: true while
     * `failed_attempts + pending_attempts` was below `budget`, false when the budget is spent or held by
     * verifications in flight (or the secret is gone). Never read-then-write.
     */
    async reserveAttempt(id: string, budget: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('secrets')
        .set((eb) => ({ pending_attempts: eb('pending_attempts', '+', 1), attempts_reserved_at: now }))
        .where('id', '=', id)
        .where((eb) => eb(eb('failed_attempts', '+', eb.ref('pending_attempts')), '<', budget))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * A reserved verification failed: its place becomes a failed attempt, its time is recorded. The row after, or
     * undefined when gone.
     */
    async failAttempt(id: string, now: number, executor: Executor = db): Promise<SecretRow | undefined> {
      return executor
        .updateTable('secrets')
        .set((eb) => ({
          pending_attempts: eb('pending_attempts', '-', 1),
          failed_attempts: eb('failed_attempts', '+', 1),
          failed_times: appendTo('failed_times', String(now)),
        }))
        .where('id', '=', id)
        .where('pending_attempts', '>', 0)
        .returningAll()
        .executeTakeFirst();
    },

    /** A reserved verification succeeded (or never finished): its place goes back to the budget. */
    async releaseAttempt(id: string): Promise<void> {
      await db
        .updateTable('secrets')
        .set((eb) => ({ pending_attempts: eb('pending_attempts', '-', 1) }))
        .where('id', '=', id)
        .where('pending_attempts', '>', 0)
        .execute();
    },

    /** Deletes a secret and returns it (undefined when it had gone). */
    async deleteReturning(id: string, executor: Executor = db): Promise<SecretRow | undefined> {
      return executor.deleteFrom('secrets').where('id', '=', id).returningAll().executeTakeFirst();
    },

    async delete(id: string, executor: Executor = db): Promise<boolean> {
      const result = await executor.deleteFrom('secrets').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async listPublic(now: number, limit: number, username?: string): Promise<PublicSecretRow[]> {
      let query = db
        .selectFrom('secrets')
        .leftJoin('users', 'users.id', 'secrets.owner_id')
        .select(['secrets.id', 'secrets.title', 'users.username', 'secrets.created_at', 'secrets.expires_at'])
        .where('secrets.is_public', '=', 1)
        .where('secrets.views_left', '>', 0)
        .where('secrets.expires_at', '>', now)
        .where('secrets.ready', '=', 1)
        .orderBy('secrets.created_at', 'desc')
        .orderBy('secrets.id')
        .limit(limit);
      if (username !== undefined) query = query.where('users.username_lower', '=', username.toLowerCase());
      return query.execute();
    },

    /** A user's secrets that can still be opened, newest first. */
    async listOwned(ownerId: string, now: number): Promise<SecretRow[]> {
      return (
        db
          .selectFrom('secrets')
          .selectAll()
          .where('owner_id', '=', ownerId)
          // Responses to the user's requests are in the requests inbox, not among the secrets they made.
          .where('request_id', 'is', null)
          .where('views_left', '>', 0)
          .where('expires_at', '>', now)
          .where('ready', '=', 1)
          .orderBy('created_at', 'desc')
          .limit(500)
          .execute()
      );
    },

    /**
     * Gives back the places of verifications reserved before `before` and never finished: only a process killed
     * mid-verification leaves one. Returns how many secrets had places given back.
     */
    async releaseStaleAttempts(before: number): Promise<number> {
      const result = await db
        .updateTable('secrets')
        .set({ pending_attempts: 0 })
        .where('pending_attempts', '>', 0)
        .where('attempts_reserved_at', '<', before)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * A page of secrets the purge ends: expired (`expires_at <= now`) or, left by a crash between a claim and its
     * delete, used up. Deleted and returned in one statement, with `executor` (the transaction that records them).
     */
    async takeEnded(now: number, limit: number, executor: Executor = db): Promise<SecretRow[]> {
      const expired = await executor
        .deleteFrom('secrets')
        .where('id', 'in', db.selectFrom('secrets').select('id').where('expires_at', '<=', now).limit(limit))
        .returningAll()
        .execute();
      if (expired.length >= limit) return expired;
      const exhausted = await executor
        .deleteFrom('secrets')
        .where(
          'id',
          'in',
          db
            .selectFrom('secrets')
            .select('id')
            .where('views_left', '<=', 0)
            .limit(limit - expired.length),
        )
        .returningAll()
        .execute();
      return [...expired, ...exhausted];
    },
  };
}

export type SecretsRepository = ReturnType<typeof createSecretsRepository>;
