import type { Selectable, Transaction } from 'kysely';
import type { EmailTokenPurpose } from '../../../shared/rules/account-email.js';
import type { DB, Db, EmailTokensTable } from '../../db/schema.js';
import { endAccess, type EndedAccess } from '../auth/sessions.repository.js';
import { countUnproven, removeUnproven, type Unproven } from './handover.js';

export type EmailTokenRow = Selectable<EmailTokensTable>;

/** A reset done: whose password it set, and what it took from whoever held the account before. */
export interface ResetDone {
  username: string;
  ended: EndedAccess;
  unverified: Unproven;
}

/** A link whose account no longer has the address it went to: its transaction is rolled back. */
class LinkStale extends Error {}
const staleAsNull = (error: unknown) => {
  if (error instanceof LinkStale) return null;
  throw error;
};

/**
 * Uses a link up: one statement marks it used only if it is unused and unexpired, and answers what it was for. Two
 * concurrent uses of one link cannot both get it: on PostgreSQL the second UPDATE waits for the first's row lock and
 * then finds `used_at` set; SQLite runs one write at a time. Never read-then-write.
 */
function consumeIn(executor: Db | Transaction<DB>, hash: string, purpose: EmailTokenPurpose, now: number) {
  return executor
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
}

/** The one-time emailed links (migration 0012): stored as the SHA-256 of their token only. SQL only. */
export function createEmailTokensRepository(db: Db) {
  return {
    /** A new link; older unused links of the same purpose for the user stop counting (only the newest works). */
    async replace(row: Omit<EmailTokenRow, 'used_at'>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('email_tokens')
          .where('user_id', '=', row.user_id)
          .where('purpose', '=', row.purpose)
          .execute();
        await trx
          .insertInto('email_tokens')
          .values({ ...row, used_at: null })
          .execute();
      });
    },

    /**
     * Uses a verification link and marks the address verified, in one transaction: only while the account's
     * address is still the one the link went to (else nothing changes, and the link stays unused). Answers the
     * verified address, or null.
     */
    async verify(hash: string, now: number): Promise<string | null> {
      return db
        .transaction()
        .execute(async (trx) => {
          const link = await consumeIn(trx, hash, 'verify_email', now);
          if (!link) return null;
          const marked = await trx
            .updateTable('users')
            .set({ email_verified_at: now })
            .where('id', '=', link.user_id)
            .where('email_lower', '=', link.email.toLowerCase())
            .executeTakeFirst();
          if (marked.numUpdatedRows === 0n) throw new LinkStale();
          return link.email;
        })
        .catch(staleAsNull);
    },

    /**
     * Uses a reset link and sets the new password (already hashed), in one transaction: the address is marked
     * verified (the link proved it); every way into the account that the old password opened ends (endAccess: its
     * sessions, API tokens, pending sign-ins and links on their way), and so does every other reset link; what was
     * added while the address was unproven goes (handover.ts). Only while the account's address is still the one the
     * link went to. Answers what it did, or null.
     */
    async resetPassword(hash: string, now: number, passwordHash: string): Promise<ResetDone | null> {
      return db
        .transaction()
        .execute(async (trx) => {
          const link = await consumeIn(trx, hash, 'reset_password', now);
          if (!link) return null;
          const user = await trx
            .selectFrom('users')
            .select(['id', 'username', 'email_verified_at'])
            .where('id', '=', link.user_id)
            .where('email_lower', '=', link.email.toLowerCase())
            .executeTakeFirst();
          if (!user) throw new LinkStale();
          await trx
            .updateTable('users')
            .set({ password_hash: passwordHash, generated: 0, email_verified_at: user.email_verified_at ?? now })
            .where('id', '=', user.id)
            .execute();
          // Whoever held the old password, or a way in it made, is out.
          const ended = await endAccess(trx, user.id);
          const unverified = await removeUnproven(trx, user.id, user.email_verified_at, now);
          await trx
            .deleteFrom('email_tokens')
            .where('user_id', '=', user.id)
            .where('purpose', '=', 'reset_password')
            .execute();
          return { username: user.username, ended, unverified };
        })
        .catch(staleAsNull);
    },

    /** What a reset of the account would remove now (its email says so). */
    async unproven(userId: string, now: number): Promise<Unproven> {
      const user = await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirst();
      return countUnproven(db, userId, user?.email_verified_at ?? null, now);
    },

    /** Links past their validity, used or not, are of no use to anyone: deleted by the purge job. */
    async purge(now: number): Promise<void> {
      await db.deleteFrom('email_tokens').where('expires_at', '<=', now).execute();
    },
  };
}

export type EmailTokensRepository = ReturnType<typeof createEmailTokensRepository>;
