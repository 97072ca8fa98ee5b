import type { Db } from '../../db/schema.js';

/** An account's sessions as its sessions list sees them (the sessions table of modules/auth). SQL only. */
export function createAccountSessionsRepository(db: Db) {
  return {
    async listOf(userId: string, now: number) {
      return db
        .selectFrom('sessions')
        .select(['id', 'method', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .execute();
    },

    /** Its last call and browser; only written when they changed or a minute passed, not on every request. */
    async seen(id: string, now: number, userAgent: string | null): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now, user_agent: userAgent }).where('id', '=', id).execute();
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async deleteOthers(userId: string, keep: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id', '!=', keep)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AccountSessionsRepository = ReturnType<typeof createAccountSessionsRepository>;
