import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test-utils/database.js';
import { followDatabaseClock } from './database-clock.js';

describe.skipIf(!TEST_DATABASE_URL)('the database’s clock, followed by an instance [postgres]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.cleanup());

  const databaseNow = async () =>
    Number(
      (
        await sql<{ now: number }>`select (extract(epoch from clock_timestamp()) * 1000)::bigint as now`.execute(
          database.db,
        )
      ).rows[0]!.now,
    );

  for (const skew of [2000, -2000, 0]) {
    it(`a machine clock ${skew} ms off tells the database’s time, to within a few milliseconds`, async () => {
      const clock = await followDatabaseClock(database, () => Date.now() + skew);
      try {
        const before = await databaseNow();
        const told = clock.now();
        const after = await databaseNow();
        expect(told).toBeGreaterThanOrEqual(before - 5);
        expect(told).toBeLessThanOrEqual(after + 5);
      } finally {
        clock.stop();
      }
    });
  }
});
