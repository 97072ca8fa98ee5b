import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { DB, Db, RequestsTable } from '../../db/schema.js';

export type RequestRow = Selectable<RequestsTable>;
export type NewRequestRow = Insertable<RequestsTable>;
type Executor = Db | Transaction<DB>;

/** A request with its counts of live responses: those that can still be opened, and those never opened. */
export interface RequestWithCounts extends RequestRow {
  unread: number;
}

const toNumber = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

/** SQL only: every rule lives in the service. */
export function createRequestsRepository(db: Db) {
  /** Responses that can still be opened and were never opened (views_left = max_views), per request. */
  const unreadOf = (now: number) =>
    db
      .selectFrom('secrets')
      .select((eb) => ['request_id', eb.fn.countAll<number | string>().as('unread')])
      .where('request_id', 'is not', null)
      .where('ready', '=', 1)
      .where('expires_at', '>', now)
      .where('views_left', '>', 0)
      .whereRef('views_left', '=', 'max_views');

  return {
    /** Inserts with the executor of the caller's transaction (the event of the creation goes with it). */
    async insert(executor: Executor, row: NewRequestRow): Promise<boolean> {
      const result = await executor
        .insertInto('requests')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async find(id: string): Promise<RequestRow | undefined> {
      return db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The owner's request with its unread count, or undefined. */
    async findOwned(id: string, ownerId: string, now: number): Promise<RequestWithCounts | undefined> {
      const row = await db
        .selectFrom('requests')
        .selectAll()
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      if (!row) return undefined;
      const counted = await unreadOf(now).where('request_id', '=', id).groupBy('request_id').executeTakeFirst();
      return { ...row, unread: toNumber(counted?.unread) };
    },

    /** A user's requests, newest first, with their unread counts. */
    async listOwned(ownerId: string, now: number, limit: number): Promise<RequestWithCounts[]> {
      // Responses are owned by their requester: the owner's unread responses, counted per request.
      const unread = unreadOf(now).where('owner_id', '=', ownerId).groupBy('request_id');
      const [rows, counts] = await Promise.all([
        db
          .selectFrom('requests')
          .selectAll()
          .where('owner_id', '=', ownerId)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(limit)
          .execute(),
        unread.execute(),
      ]);
      const byId = new Map(counts.map((row) => [row.request_id, toNumber(row.unread)]));
      return rows.map((row) => ({ ...row, unread: byId.get(row.id) ?? 0 }));
    },

    /** Responses never opened, over all of a user's requests (the account menu's count). */
    async countUnread(ownerId: string, now: number): Promise<number> {
      const row = await db
        .selectFrom('secrets')
        .select((eb) => eb.fn.countAll<number | string>().as('unread'))
        .where('owner_id', '=', ownerId)
        .where('request_id', 'is not', null)
        .where('ready', '=', 1)
        .where('expires_at', '>', now)
        .where('views_left', '>', 0)
        .whereRef('views_left', '=', 'max_views')
        .executeTakeFirstOrThrow();
      return toNumber(row.unread);
    },

    /**
     * Takes one response place in a single conditional UPDATE: only while the request is open (not revoked, not
     * expired, places left). Of responders racing for the last place exactly one gets it, on any instance.
     */
    async takePlace(executor: Executor, id: string, now: number): Promise<boolean> {
      const result = await executor
        .updateTable('requests')
        .set((eb) => ({ responses_used: eb('responses_used', '+', 1) }))
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .whereRef('responses_used', '<', 'max_responses')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Gives places back: responses whose upload was abandoned or taken back before it completed. */
    async givePlacesBack(executor: Executor, ids: readonly string[]): Promise<void> {
      for (const id of ids) {
        await executor
          .updateTable('requests')
          .set((eb) => ({ responses_used: eb('responses_used', '-', 1) }))
          .where('id', '=', id)
          .where('responses_used', '>', 0)
          .execute();
      }
    },

    /** Revokes once; false when it was revoked already (or is not the owner's). */
    async revoke(executor: Executor, id: string, ownerId: string, now: number): Promise<boolean> {
      const result = await executor
        .updateTable('requests')
        .set({ revoked_at: now, ended: 1 })
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the request and its responses (their files' rows are left to the sweeper, as for any secret). */
    async delete(id: string, ownerId: string): Promise<string[] | undefined> {
      return db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('requests')
          .where('id', '=', id)
          .where('owner_id', '=', ownerId)
          .executeTakeFirst();
        if (gone.numDeletedRows === 0n) return undefined;
        const responses = await trx
          .deleteFrom('secrets')
          .where('request_id', '=', id)
          .where('owner_id', '=', ownerId)
          .returning('id')
          .execute();
        await trx.deleteFrom('events').where('subject_id', '=', id).execute();
        return responses.map((row) => row.id);
      });
    },

    /**
     * Marks the requests whose link validity has passed as ended and returns them, once each: the conditional
     * UPDATE … RETURNING hands each row to one purge only, however many instances run it.
     */
    async endExpired(executor: Executor, now: number) {
      return executor
        .updateTable('requests')
        .set({ ended: 1 })
        .where('ended', '=', 0)
        .where('expires_at', '<=', now)
        .returning(['id', 'owner_id', 'responses_used', 'max_responses'])
        .execute();
    },

    /** A request's responses that can be opened, newest first. */
    async listResponses(id: string, ownerId: string, now: number) {
      return db
        .selectFrom('secrets')
        .select(['id', 'request_key', 'created_at', 'expires_at', 'max_views', 'views_left', 'file_count'])
        .where('request_id', '=', id)
        .where('owner_id', '=', ownerId)
        .where('ready', '=', 1)
        .where('views_left', '>', 0)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /** The requester: the username shown to responders, the role a read-only instance asks for. */
    async owner(ownerId: string): Promise<{ username: string; role: string } | undefined> {
      return db.selectFrom('users').select(['username', 'role']).where('id', '=', ownerId).executeTakeFirst();
    },

    /**
     * Deletes requests ended before `before` that have no response left to open: an inbox keeps a request while
     * something in it can still be read, and for a while after, then lets it go.
     */
    async deleteEnded(before: number): Promise<number> {
      const result = await db
        .deleteFrom('requests')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', before),
            eb.and([eb('revoked_at', 'is not', null), eb('revoked_at', '<=', before)]),
          ]),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('secrets')
                .select(sql`1`.as('one'))
                .whereRef('secrets.request_id', '=', 'requests.id'),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
