import type { Db } from '../../db/schema.js';
import { recordEvents, type NewEvent } from '../events/events.repository.js';

/** Correct passwords waiting for their second factor (migration 0011), keyed by the SHA-256 of the cookie. SQL only. */
export function createPendingSigninsRepository(db: Db) {
  return {
    async insert(row: { id: string; user_id: string; created_at: number; expires_at: number }): Promise<void> {
      await db.insertInto('pending_signins').values(row).execute();
    },

    async find(id: string, now: number, maxFailures: number) {
      return db
        .selectFrom('pending_signins')
        .select(['user_id', 'failures'])
        .where('id', '=', id)
        .where('expires_at', '>', now)
        .where('failures', '<', maxFailures)
        .executeTakeFirst();
    },

    /**
     * Consumes it for this user: one statement, so that of two requests finishing the same sign-in (a code and a
     * passkey, or the same backup code twice) exactly one gets the session.
     */
    async take(id: string, userId: string, now: number, maxFailures: number): Promise<boolean> {
      const result = await db
        .deleteFrom('pending_signins')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .where('failures', '<', maxFailures)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Counts a wrong code; at `maxFailures` it is gone. */
    async fail(id: string, maxFailures: number): Promise<void> {
      await db
        .updateTable('pending_signins')
        .set((eb) => ({ failures: eb('failures', '+', 1) }))
        .where('id', '=', id)
        .execute();
      await db.deleteFrom('pending_signins').where('id', '=', id).where('failures', '>=', maxFailures).execute();
    },

    /** Ends every pending sign-in of the account (its password is asked again), with the events that report it. */
    async endAll(userId: string, events: readonly NewEvent[] = []): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('pending_signins').where('user_id', '=', userId).execute();
        await recordEvents(trx, events);
      });
    },

    async purge(now: number): Promise<void> {
      await db.deleteFrom('pending_signins').where('expires_at', '<=', now).execute();
    },
  };
}

export type PendingSigninsRepository = ReturnType<typeof createPendingSigninsRepository>;
