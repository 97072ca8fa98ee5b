import { expect } from 'vitest';
import { randomToken } from '../../lib/tokens.js';
import { type Step, signIn } from './world.js';

/** Data as migration 0004-analytics left it, and how the latest app still reads it. */
export const stepAnalytics: Step = {
  async seed(db, { now }) {
    const day = new Date(now).toISOString().slice(0, 10);
    const views = ['a', 'b', 'a'].map((visitor) => ({ day, path: '/', visitor }));
    await db.insertInto('page_views').values(views).execute();
    await db
      .insertInto('analytics_salts')
      .values({ day, salt: randomToken(32) })
      .execute();
  },
  async check(t) {
    const daily = await t.app.inject({
      url: '/api/v1/analytics/data/aggregate/daily',
      headers: await signIn(t, 'root'),
    });
    expect(daily.json().totals).toEqual({ visits: 3, uniqueVisitors: 2 });
  },
};
