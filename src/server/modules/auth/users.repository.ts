import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export function createUsersRepository(db: Db) {
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

    /** Deletes the user; their secrets, sessions and tokens go with them (foreign keys cascade). */
    async delete(id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('secrets').where('owner_id', '=', id).execute();
        const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
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
