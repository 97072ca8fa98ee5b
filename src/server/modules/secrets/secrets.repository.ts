import type { Insertable, Selectable, Transaction } from 'kysely';
import type { DB, Db, SecretsTable } from '../../db/schema.js';
import { arg, createPreparedQueries } from '../../db/prepared.js';
import { createBatcher } from '../../lib/batcher.js';

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

/** SQL only: every rule lives in the service. */
export function createSecretsRepository(db: Db) {
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

  // Creates arriving together are written by one multi-row INSERT; if that fails, each row is tried alone, so
  // one bad row never fails the others.
  const insertBatch = createBatcher<NewSecretRow, true>(async (rows) => {
    try {
      await insertRows(rows);
      return new Map(rows.map((row) => [row, true]));
    } catch (error) {
      if (rows.length === 1) throw error;
      const results = await Promise.allSettled(rows.map((row) => insertRows([row])));
      return new Map(rows.flatMap((row, i) => (results[i]!.status === 'fulfilled' ? [[row, true] as const] : [])));
    }
  });

  // Last views claimed together are taken by one DELETE … RETURNING: each row is deleted, and returned, once.
  // Expiry is judged by each caller (an expired row may go too: it is dead either way).
  const takeLastViews = createBatcher<string, SecretRow>(async (ids) => {
    const { rows } = await prepared.run(
      `takeLastViews:${ids.length}`,
      () =>
        db
          .deleteFrom('secrets')
          .where(
            'id',
            'in',
            ids.map((_, i) => arg<string>('ids', i)),
          )
          .where('views_left', '=', 1)
          .where('ready', '=', 1)
          .returningAll(),
      { ids },
    );
    return new Map(rows.map((row) => [row.id, row]));
  });

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
      if (!(await insertBatch(row))) throw new Error('the secret could not be stored');
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
    async claimView(id: string, now: number): Promise<SecretRow | undefined> {
      const { rows } = await prepared.run(
        'claimView',
        () =>
          db
            .updateTable('secrets')
            .set((eb) => ({ views_left: eb('views_left', '-', 1) }))
            .where('id', '=', arg<string>('id'))
            .where('views_left', '>', 0)
            .where('expires_at', '>', arg<number>('now'))
            .where('ready', '=', 1)
            .returningAll(),
        { id, now },
      );
      return rows[0];
    },

    /** The last view: deletes the row and returns it in one statement (undefined when another reader was first). */
    async takeLastView(id: string, now: number): Promise<SecretRow | undefined> {
      const row = await takeLastViews(id);
      return row && row.expires_at > now ? row : undefined;
    },

    /** Deletes the secret when its last view is spent; true when a row went. */
    async deleteIfExhausted(id: string): Promise<boolean> {
      const result = await prepared.run(
        'deleteIfExhausted',
        () => db.deleteFrom('secrets').where('id', '=', arg<string>('id')).where('views_left', '<=', 0),
        { id },
      );
      return (result.numAffectedRows ?? 0n) > 0n;
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

    /** A reserved verification failed: its place becomes a failed attempt. The new count, or undefined when gone. */
    async failAttempt(id: string): Promise<number | undefined> {
      const row = await db
        .updateTable('secrets')
        .set((eb) => ({
          pending_attempts: eb('pending_attempts', '-', 1),
          failed_attempts: eb('failed_attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where('pending_attempts', '>', 0)
        .returning('failed_attempts')
        .executeTakeFirst();
      return row?.failed_attempts;
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

    /** Deletes a secret and says what it was: whether it was ready, and the request of a response. */
    async deleteReturning(id: string, executor: Executor = db) {
      return executor.deleteFrom('secrets').where('id', '=', id).returning(['ready', 'request_id']).executeTakeFirst();
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

    /** Deletes expired and exhausted secrets; returns how many expired ones went. */
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

    async purge(now: number): Promise<{ expired: number; exhausted: number }> {
      const expired = await db.deleteFrom('secrets').where('expires_at', '<=', now).executeTakeFirst();
      const exhausted = await db.deleteFrom('secrets').where('views_left', '<=', 0).executeTakeFirst();
      return { expired: Number(expired.numDeletedRows), exhausted: Number(exhausted.numDeletedRows) };
    },
  };
}

export type SecretsRepository = ReturnType<typeof createSecretsRepository>;
