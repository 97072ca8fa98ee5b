import type { Selectable } from 'kysely';
import type { Db, SignupRequestsTable } from '../../db/schema.js';

export type SignupRequestRow = Selectable<SignupRequestsTable>;

/** Sign-ups waiting for the link emailed to their address (migration 0015). SQL only. */
export function createSignupRequestsRepository(db: Db) {
  return {
    async insert(row: SignupRequestRow): Promise<void> {
      await db.insertInto('signup_requests').values(row).execute();
    },

    /** The waiting sign-up of a link, while it is valid; it stays (a mistyped password may be tried again). */
    async find(hash: string, now: number): Promise<SignupRequestRow | undefined> {
      return db
        .selectFrom('signup_requests')
        .selectAll()
        .where('token_hash', '=', hash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Uses the link up: true only for the one caller that deletes it while it is valid (single use, also racing). */
    async take(hash: string, now: number): Promise<boolean> {
      const result = await db
        .deleteFrom('signup_requests')
        .where('token_hash', '=', hash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Sign-ups nobody confirmed in time, with their password hashes: deleted by the purge job. */
    async purge(now: number): Promise<void> {
      await db.deleteFrom('signup_requests').where('expires_at', '<=', now).execute();
    },
  };
}

export type SignupRequestsRepository = ReturnType<typeof createSignupRequestsRepository>;
