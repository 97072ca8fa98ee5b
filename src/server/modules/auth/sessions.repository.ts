import type { Transaction } from 'kysely';
import type { DB, Db } from '../../db/schema.js';
import type { UserRow } from './users.repository.js';

/** What a password change or reset ended: the counts the reset page shows. */
export interface EndedAccess {
  sessions: number;
  apiTokens: number;
}

/**
 * Ends every way into an account that does not ask for its password again (issue 29.1): its API tokens, its
 * sessions (but `keep`, the one changing the password), its sign-ins waiting for a second factor, and what is on its
 * way to becoming a way in: OpenID links started from a session (their callback needs no session) or waiting for the
 * password, and passkey registrations. Whoever held any of these with the old password is out. In the caller's
 * transaction.
 */
export async function endAccess(executor: Db | Transaction<DB>, userId: string, keep?: string): Promise<EndedAccess> {
  let sessions = executor.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep) sessions = sessions.where('id', '!=', keep);
  const endedSessions = await sessions.executeTakeFirst();
  const tokens = await executor.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst();
  await executor.deleteFrom('pending_signins').where('user_id', '=', userId).execute();
  await executor.deleteFrom('oidc_flows').where('user_id', '=', userId).execute();
  await executor.deleteFrom('oidc_link_tickets').where('user_id', '=', userId).execute();
  await executor.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
  return { sessions: Number(endedSessions.numDeletedRows), apiTokens: Number(tokens.numDeletedRows) };
}

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

    /** After a password change: every way in but the session `keep` ends, in one transaction (endAccess). */
    async endAccess(userId: string, keep?: string): Promise<EndedAccess> {
      return db.transaction().execute((trx) => endAccess(trx, userId, keep));
    },

    async purge(now: number): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
