import type { Selectable } from 'kysely';
import type { Db, PasskeysTable } from '../../db/schema.js';
import { addressUnproven } from '../auth/users.repository.js';

export type PasskeyRow = Selectable<PasskeysTable>;
export type ChallengePurpose = 'register' | 'signin';

export function createPasskeysRepository(db: Db) {
  return {
    async listOf(userId: string): Promise<PasskeyRow[]> {
      return db
        .selectFrom('passkeys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    async countOf(userId: string): Promise<number> {
      const row = await db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
    },

    /**
     * False when the credential is registered already (the unique index decides, also under a race). Whether the
     * account's address was proven is read in the same statement (migration 0015).
     */
    async insert(row: Omit<PasskeyRow, 'added_unverified'>): Promise<boolean> {
      const result = await db
        .insertInto('passkeys')
        .values({ ...row, added_unverified: addressUnproven(row.user_id) })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async rename(id: string, userId: string, name: string): Promise<PasskeyRow | undefined> {
      return db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Records a verified use. The counter moves only forward in the statement itself: of two sign-ins racing with
     * the same counter, the second finds nothing to update and is refused as a replay (false).
     */
    async used(id: string, counter: number, previous: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ counter, last_used_at: now })
        .where('id', '=', id)
        .where('counter', '=', previous)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async hasAny(userId: string): Promise<boolean> {
      const row = await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    async insertChallenge(hash: string, purpose: ChallengePurpose, userId: string | null, expiresAt: number) {
      await db
        .insertInto('passkey_challenges')
        .values({ challenge_hash: hash, purpose, user_id: userId, expires_at: expiresAt })
        .execute();
    },

    /**
     * Uses a challenge up: its row for the one caller that deletes it while valid, else undefined (unknown,
     * expired, used, or handed out for another purpose).
     */
    async takeChallenge(hash: string, purpose: ChallengePurpose, now: number) {
      return db
        .deleteFrom('passkey_challenges')
        .where('challenge_hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now)
        .returning(['user_id'])
        .executeTakeFirst();
    },

    /** Challenges nobody answered in time. */
    async purgeChallenges(now: number): Promise<void> {
      await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
    },
  };
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
