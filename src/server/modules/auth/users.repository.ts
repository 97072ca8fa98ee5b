import { sql, type Insertable, type RawBuilder, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB, Db, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;
/** What a change guarded by the last-admin rule came to. */
export type GuardedChange = { outcome: 'done'; user: UserRow } | { outcome: 'not_found' } | { outcome: 'last_admin' };

/**
 * A user goes with their secrets, their statuses, events, webhooks and devices; sessions and tokens follow by the foreign keys' cascade. Their files' rows stay
 * (no foreign key) until the files service has deleted the blobs: the caller does that next.
 */
async function removeUser(executor: Db | Transaction<DB>, id: string): Promise<boolean> {
  await executor.deleteFrom('secrets').where('owner_id', '=', id).execute();
  await executor.deleteFrom('requests').where('owner_id', '=', id).execute();
  await executor.deleteFrom('events').where('user_id', '=', id).execute();
  await executor.deleteFrom('secret_status').where('owner_id', '=', id).execute();
  await executor.deleteFrom('secret_status_pending').where('owner_id', '=', id).execute();
  await executor.deleteFrom('deliveries').where('owner_id', '=', id).execute();
  await executor.deleteFrom('webhooks').where('owner_id', '=', id).execute();
  await executor.deleteFrom('user_devices').where('user_id', '=', id).execute();
  const result = await executor.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * 1 while the user's address is unproven, else 0, read in the statement that writes it (issue 29.1): a passkey,
 * linked provider or authenticator app added then is removed by a password reset (migration 0015). A user not found
 * counts as unproven.
 */
export const addressUnproven = (userId: string): RawBuilder<number> =>
  sql<number>`coalesce((select case when email_verified_at is null then 1 else 0 end from users where id = ${userId}), 1)`;

export function createUsersRepository(db: Db, dialect: Dialect) {
  /**
   * Runs `change` on the user unless it would leave the instance without an admin. On PostgreSQL the admin rows are
   * locked first (in id order, so two such changes cannot deadlock): a concurrent demotion or deletion waits for
   * this one to commit and then counts the admins that are left. SQLite runs one write transaction at a time.
   */
  async function guardLastAdmin(
    id: string,
    staysAdmin: boolean,
    change: (trx: Transaction<DB>, user: UserRow) => Promise<UserRow>,
  ): Promise<GuardedChange> {
    return db.transaction().execute(async (trx) => {
      const admins = trx.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id');
      const adminIds = await (dialect === 'postgres' ? admins.forUpdate() : admins).execute();
      const user = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!user) return { outcome: 'not_found' };
      if (user.role === 'admin' && !staysAdmin && adminIds.length <= 1) return { outcome: 'last_admin' };
      return { outcome: 'done', user: await change(trx, user) };
    });
  }

  return {
    async insert(row: Insertable<UsersTable>): Promise<void> {
      await db.insertInto('users').values(row).execute();
    },

    /** By username or email, case-insensitively. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const lower = login.toLowerCase();
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('username_lower', '=', lower), eb('email_lower', '=', lower)]))
        .executeTakeFirst();
    },

    async findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** By username only, case-insensitively. */
    async findByUsername(username: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
    },

    /** A page of users, oldest first (created in the same millisecond: by username, so pages never overlap). */
    async list(skip: number, take: number): Promise<UserRow[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .orderBy('created_at')
        .orderBy('username_lower')
        .limit(take)
        .offset(skip)
        .execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async taken(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
      const rows = await db
        .selectFrom('users')
        .select(['username_lower', 'email_lower'])
        .where((eb) =>
          eb.or([eb('username_lower', '=', username.toLowerCase()), eb('email_lower', '=', email.toLowerCase())]),
        )
        .execute();
      return {
        username: rows.some((row) => row.username_lower === username.toLowerCase()),
        email: rows.some((row) => row.email_lower === email.toLowerCase()),
      };
    },

    async update(id: string, values: Updateable<UsersTable>): Promise<void> {
      await db.updateTable('users').set(values).where('id', '=', id).execute();
    },

    /** Changes a user's email and role; the last admin cannot lose the role. */
    async updateGuarded(id: string, email: string, role: string): Promise<GuardedChange> {
      return guardLastAdmin(id, role === 'admin', async (trx, user) => {
        const values = {
          email,
          email_lower: email.toLowerCase(),
          role,
          // Another address is unproven until its owner opens a link sent to it (modules/account-email).
          email_verified_at: email.toLowerCase() === user.email_lower ? user.email_verified_at : null,
        };
        await trx.updateTable('users').set(values).where('id', '=', id).execute();
        return { ...user, ...values };
      });
    },

    /**
     * Deletes a user unless it is the last admin; their secrets, sessions and tokens go with them (foreign keys
     * cascade). Every deletion of a user goes through here.
     */
    async deleteGuarded(id: string): Promise<GuardedChange> {
      return guardLastAdmin(id, false, async (trx, user) => {
        await removeUser(trx, id);
        return user;
      });
    },

    /** Makes the user an admin if the instance has none (start-up with HUSH_ADMIN_*); true when it did. */
    async promoteIfNoAdmin(id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const admins = trx.selectFrom('users').select('id').where('role', '=', 'admin');
        if ((await (dialect === 'postgres' ? admins.forUpdate() : admins).execute()).length > 0) return false;
        const result = await trx.updateTable('users').set({ role: 'admin' }).where('id', '=', id).executeTakeFirst();
        return result.numUpdatedRows > 0n;
      });
    },

    async countAdmins(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
