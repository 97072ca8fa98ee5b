import type { Db } from '../../db/schema.js';

export interface DayCount {
  day: string;
  visits: number;
  uniqueVisitors: number;
}

export interface PathCount {
  path: string;
  visits: number;
  uniqueVisitors: number;
}

/** Page views and the daily salts, in SQL that runs the same on SQLite and PostgreSQL. */
export function createAnalyticsRepository(db: Db) {
  return {
    async insertView(view: { day: string; path: string; visitor: string }): Promise<void> {
      await db.insertInto('page_views').values(view).execute();
    },

    /**
     * The day's salt: `candidate` if no salt exists for the day yet, else the one stored first. Insert-if-absent
     * then read, so every instance sharing the database agrees on it.
     */
    async daySalt(day: string, candidate: string): Promise<string> {
      await db
        .insertInto('analytics_salts')
        .values({ day, salt: candidate })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute();
      const row = await db
        .selectFrom('analytics_salts')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return row.salt;
    },

    /** Visits and distinct visitors per day with any, for days `from`..`to` (inclusive, YYYY-MM-DD). */
    async countByDay(from: string, to: string): Promise<DayCount[]> {
      const rows = await db
        .selectFrom('page_views')
        .select((eb) => [
          'day',
          eb.fn.countAll<number | string>().as('visits'),
          eb.fn.count<number | string>('visitor').distinct().as('uniqueVisitors'),
        ])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map((row) => ({
        day: row.day,
        visits: Number(row.visits),
        uniqueVisitors: Number(row.uniqueVisitors),
      }));
    },

    /** Visits and distinct visitor ids per path over days `from`..`to`, most visited first. */
    async countByPath(from: string, to: string): Promise<PathCount[]> {
      const rows = await db
        .selectFrom('page_views')
        .select((eb) => [
          'path',
          eb.fn.countAll<number | string>().as('visits'),
          eb.fn.count<number | string>('visitor').distinct().as('uniqueVisitors'),
        ])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('path')
        .orderBy('visits', 'desc')
        .orderBy('path')
        .execute();
      return rows.map((row) => ({
        path: row.path,
        visits: Number(row.visits),
        uniqueVisitors: Number(row.uniqueVisitors),
      }));
    },

    /** Deletes page views of days before `firstKeptDay` and salts of days before `today`. */
    async purge(firstKeptDay: string, today: string): Promise<{ views: number; salts: number }> {
      const views = await db.deleteFrom('page_views').where('day', '<', firstKeptDay).executeTakeFirst();
      const salts = await db.deleteFrom('analytics_salts').where('day', '<', today).executeTakeFirst();
      return { views: Number(views.numDeletedRows), salts: Number(salts.numDeletedRows) };
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
