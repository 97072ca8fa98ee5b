import type { Db } from '../../db/schema.js';

export type StatisticName = 'secrets_created' | 'secrets_burned' | 'secrets_expired';

/** Monotonic counters kept in the database, so they survive restarts and add up across instances. */
export function createStatsRepository(db: Db) {
  return {
    async increment(name: StatisticName, by = 1): Promise<void> {
      if (by <= 0) return;
      await db
        .insertInto('statistics')
        .values({ name, value: by })
        .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('statistics.value', '+', by) })))
        .execute();
    },

    async get(name: StatisticName): Promise<number> {
      const row = await db.selectFrom('statistics').select('value').where('name', '=', name).executeTakeFirst();
      return Number(row?.value ?? 0);
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
