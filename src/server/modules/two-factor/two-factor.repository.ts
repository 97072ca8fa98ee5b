import type { Db } from '../../db/schema.js';
import { addressUnproven } from '../auth/users.repository.js';

/** The authenticator keys and backup codes of accounts (migration 0011). SQL only. */
export function createTwoFactorRepository(db: Db) {
  return {
    async find(userId: string) {
      return db.selectFrom('totp_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Starts (or starts again) an enrolment: a new key, not yet confirmed. */
    async startEnrolment(userId: string, secret: string, now: number): Promise<void> {
      await db
        .insertInto('totp_credentials')
        .values({ user_id: userId, secret, created_at: now, confirmed_at: null, last_step: null })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ secret, created_at: now, confirmed_at: null, last_step: null }),
        )
        .execute();
    },

    /**
     * Accepts the code of `step` once: only while no code of that step or a later one was accepted. One statement,
     * so that two requests with the same code cannot both pass.
     */
    async takeStep(userId: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('totp_credentials')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Confirms the enrolment and stores its backup codes (replacing any), in one transaction. */
    async confirm(userId: string, now: number, codeHashes: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Confirmed while the address is unproven: a password reset removes it (migration 0015).
        await trx
          .updateTable('totp_credentials')
          .set({ confirmed_at: now, added_unverified: addressUnproven(userId) })
          .where('user_id', '=', userId)
          .execute();
        await trx.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('backup_codes')
          .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
          .execute();
      });
    },

    async replaceBackupCodes(userId: string, now: number, codeHashes: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('backup_codes')
          .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
          .execute();
      });
    },

    /** Spends a backup code: true for the one request that marks it used, false if unknown or spent. */
    async spendBackupCode(userId: string, codeHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('backup_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async backupCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('backup_codes')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async remove(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
      });
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
