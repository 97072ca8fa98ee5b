import type { Insertable, Selectable } from 'kysely';
import type { Db, SecretsTable } from '../../db/schema.js';

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
  return {
    async insert(row: NewSecretRow): Promise<void> {
      await db.insertInto('secrets').values(row).execute();
    },

    /** A secret that can still be opened, or undefined. */
    async findOpenable(id: string, now: number): Promise<SecretRow | undefined> {
      return db
        .selectFrom('secrets')
        .selectAll()
        .where('id', '=', id)
        .where('views_left', '>', 0)
        .where('expires_at', '>', now)
        .executeTakeFirst();
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
        .returningAll()
        .executeTakeFirst();
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
        .orderBy('secrets.created_at', 'desc')
        .orderBy('secrets.id')
        .limit(limit);
      if (username !== undefined) query = query.where('users.username_lower', '=', username.toLowerCase());
      return query.execute();
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
