import type { Insertable, Selectable } from 'kysely';
import type { Db, SecretsTable } from '../../db/schema.js';
import { createBatcher } from '../../lib/batcher.js';

export type SecretRow = Selectable<SecretsTable>;
export type NewSecretRow = Insertable<SecretsTable>;

export interface PublicSecretRow {
  id: string;
  title: string | null;
  username: string | null;
  created_at: number;
  expires_at: number;
}

/** SQL only: every rule lives in the service. */
export function createSecretsRepository(db: Db) {
  // Creates arriving together are written by one multi-row INSERT; if that fails, each row is tried alone, so
  // one bad row never fails the others.
  const insertBatch = createBatcher<NewSecretRow, true>(async (rows) => {
    try {
      await db.insertInto('secrets').values(rows).execute();
      return new Map(rows.map((row) => [row, true]));
    } catch (error) {
      if (rows.length === 1) throw error;
      const results = await Promise.allSettled(rows.map((row) => db.insertInto('secrets').values(row).execute()));
      return new Map(rows.flatMap((row, i) => (results[i]!.status === 'fulfilled' ? [[row, true] as const] : [])));
    }
  });

  // Last views claimed together are taken by one DELETE … RETURNING: each row is deleted, and returned, once.
  // Expiry is judged by each caller (an expired row may go too: it is dead either way).
  const takeLastViews = createBatcher<string, SecretRow>(async (ids) => {
    const rows = await db
      .deleteFrom('secrets')
      .where('id', 'in', ids)
      .where('views_left', '=', 1)
      .where('ready', '=', 1)
      .returningAll()
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  });

  /** The secret while it has views left and has not expired. */
  const live = (id: string, now: number) =>
    db.selectFrom('secrets').selectAll().where('id', '=', id).where('views_left', '>', 0).where('expires_at', '>', now);

  return {
    async insert(row: NewSecretRow): Promise<void> {
      if (!(await insertBatch(row))) throw new Error('the secret could not be stored');
    },

    /** A secret that can still be opened (not expired, views left, its files uploaded), or undefined. */
    async findOpenable(id: string, now: number): Promise<SecretRow | undefined> {
      return live(id, now).where('ready', '=', 1).executeTakeFirst();
    },

    /** A secret that has not expired, whether its files are uploaded or not (burn, uploads). */
    async findLive(id: string, now: number): Promise<SecretRow | undefined> {
      return live(id, now).executeTakeFirst();
    },

    /** Makes a secret whose files are uploaded readable; false when it is gone, expired or ready already. */
    async markReady(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('secrets')
        .set({ ready: 1 })
        .where('id', '=', id)
        .where('ready', '=', 0)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes secrets whose upload was not completed by `createdBefore`; their files are left to the sweeper. */
    async deleteAbandoned(createdBefore: number): Promise<number> {
      const result = await db
        .deleteFrom('secrets')
        .where('ready', '=', 0)
        .where('created_at', '<=', createdBefore)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Claims one view in a single atomic statement: of N concurrent callers exactly `views_left` succeed.
     * Never read-then-write.
     */
    async claimView(id: string, now: number): Promise<SecretRow | undefined> {
      return db
        .updateTable('secrets')
        .set((eb) => ({ views_left: eb('views_left', '-', 1) }))
        .where('id', '=', id)
        .where('views_left', '>', 0)
        .where('expires_at', '>', now)
        .where('ready', '=', 1)
        .returningAll()
        .executeTakeFirst();
    },

    /** The last view: deletes the row and returns it in one statement (undefined when another reader was first). */
    async takeLastView(id: string, now: number): Promise<SecretRow | undefined> {
      const row = await takeLastViews(id);
      return row && row.expires_at > now ? row : undefined;
    },

    /** Deletes the secret when its last view is spent; true when a row went. */
    async deleteIfExhausted(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('secrets')
        .where('id', '=', id)
        .where('views_left', '<=', 0)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Counts a wrong password atomically and returns the new count (undefined when the secret is gone). */
    async registerFailedAttempt(id: string): Promise<number | undefined> {
      const row = await db
        .updateTable('secrets')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', id)
        .returning('failed_attempts')
        .executeTakeFirst();
      return row?.failed_attempts;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('secrets').where('id', '=', id).executeTakeFirst();
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
      return db
        .selectFrom('secrets')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('views_left', '>', 0)
        .where('expires_at', '>', now)
        .where('ready', '=', 1)
        .orderBy('created_at', 'desc')
        .limit(500)
        .execute();
    },

    /** Deletes expired and exhausted secrets; returns how many expired ones went. */
    async purge(now: number): Promise<{ expired: number; exhausted: number }> {
      const expired = await db.deleteFrom('secrets').where('expires_at', '<=', now).executeTakeFirst();
      const exhausted = await db.deleteFrom('secrets').where('views_left', '<=', 0).executeTakeFirst();
      return { expired: Number(expired.numDeletedRows), exhausted: Number(exhausted.numDeletedRows) };
    },
  };
}

export type SecretsRepository = ReturnType<typeof createSecretsRepository>;
