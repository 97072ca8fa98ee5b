import type { Db } from '../../db/schema.js';
import type { UserRow } from './users.repository.js';

export interface SessionRow {
  id: string;
  user_id: string;
  expires_at: number;
  absolute_expires_at: number;
  /** How it started (0011): password, passkey, oidc or header; null before 0011 (a password). */
  method: string | null;
  /** Its last API call, at most a minute off (0011). */
  last_seen_at: number | null;
  user_agent: string | null;
}

export function createSessionsRepository(db: Db) {
  return {
    async insert(
      row: Omit<SessionRow, 'last_seen_at' | 'user_agent'> & { created_at: number; user_agent?: string | null },
    ): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    /** A live session and its user, or undefined. */
    async find(id: string, now: number): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select([
          'sessions.id as session_id',
          'sessions.expires_at as session_expires_at',
          'sessions.absolute_expires_at as session_absolute_expires_at',
          'sessions.method as session_method',
          'sessions.last_seen_at as session_last_seen_at',
          'sessions.user_agent as session_user_agent',
        ])
        .where('sessions.id', '=', id)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return undefined;
      const {
        session_id,
        session_expires_at,
        session_absolute_expires_at,
        session_method,
        session_last_seen_at,
        session_user_agent,
        ...user
      } = row;
      return {
        session: {
          id: session_id,
          user_id: user.id,
          expires_at: session_expires_at,
          absolute_expires_at: session_absolute_expires_at,
          method: session_method,
          last_seen_at: session_last_seen_at,
          user_agent: session_user_agent,
        },
        user,
      };
    },

    async extend(id: string, expiresAt: number): Promise<void> {
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    /** Ends every session of a user except `keep` (the one making the change, if any). */
    async deleteForUser(userId: string, keep?: string): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keep) query = query.where('id', '!=', keep);
      await query.execute();
    },

    async purge(now: number): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
