import { sql } from 'kysely';
import type { Db } from '../../db/schema.js';

/** 1 for rows matching the condition, else 0: summed, it counts them in the same scan as COUNT(*). */
const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number | string | null>`sum(case when ${condition} then 1 else 0 end)`;
const toNumber = (value: number | string | bigint | null) => Number(value ?? 0);

/** What is stored now, counted in SQL: one query each for the secrets, the files and the users. */
export function createCountsRepository(db: Db) {
  return {
    /** Secrets that can still be opened (not expired, views left, files uploaded), and how many of them are public or protected. */
    async secrets(now: number): Promise<{ active: number; public: number; withPassword: number }> {
      const row = await db
        .selectFrom('secrets')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('active'),
          countWhere(sql`is_public = 1`).as('public'),
          countWhere(sql`password_hash is not null`).as('withPassword'),
        ])
        .where('expires_at', '>', now)
        .where('views_left', '>', 0)
        .where('ready', '=', 1)
        .executeTakeFirstOrThrow();
      return { active: toNumber(row.active), public: toNumber(row.public), withPassword: toNumber(row.withPassword) };
    },

    /** Stored files (uploading, or waiting for their deletion, included) and their encrypted bytes. */
    async files(): Promise<{ count: number; bytes: number }> {
      const row = await db
        .selectFrom('files')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.sum<number | string | null>('size').as('bytes'),
        ])
        .executeTakeFirstOrThrow();
      return { count: toNumber(row.count), bytes: toNumber(row.bytes) };
    },

    /** Requests whose fill link can still be answered (not revoked, not expired, places left). */
    async openRequests(now: number): Promise<number> {
      const row = await db
        .selectFrom('requests')
        .select((eb) => eb.fn.countAll<number | string>().as('open'))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .whereRef('responses_used', '<', 'max_responses')
        .executeTakeFirstOrThrow();
      return toNumber(row.open);
    },

    async users(): Promise<{ total: number; admins: number }> {
      const row = await db
        .selectFrom('users')
        .select((eb) => [eb.fn.countAll<number | string>().as('total'), countWhere(sql`role = 'admin'`).as('admins')])
        .executeTakeFirstOrThrow();
      return { total: toNumber(row.total), admins: toNumber(row.admins) };
    },
  };
}

export type CountsRepository = ReturnType<typeof createCountsRepository>;
