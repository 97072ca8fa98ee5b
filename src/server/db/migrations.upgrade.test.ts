import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../test-utils/app.js';
import { scratchFolder } from '../test-utils/data-folder.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../test-utils/database.js';
import { SEEDS } from '../test-utils/migration-seeds.js';
import { createMigrator, migrateToLatest } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * Upgrades from every earlier schema: for each migration step, a database is built step by step up to it, with the
 * data of each step written as that step left its tables, then upgraded the way start-up does, and every row read
 * back through the API. A new migration is covered as soon as it is in the list (and must bring its seed).
 */

const NAMES = Object.keys(migrations);

it('every migration has data to seed and check in test-utils/migration-seeds.ts', () => {
  expect(Object.keys(SEEDS)).toEqual(NAMES);
});

describeEachDialect('upgrading the database', (dialect) => {
  let database: TestDatabase | undefined;
  let app: TestApp | undefined;
  let scratch: Awaited<ReturnType<typeof scratchFolder>> | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.cleanup();
    await scratch?.cleanup();
    [app, database, scratch] = [undefined, undefined, undefined];
  });

  describe.each(NAMES.map((name, index) => [name, NAMES.slice(0, index + 1)] as const))('from %s', (_name, steps) => {
    it(`keeps every row written at steps ${steps.join(', ')} readable after the upgrade`, async () => {
      scratch = await scratchFolder();
      const clock = createTestClock();
      const world = { now: clock(), dataDir: scratch.path('data') };
      database = await createTestDatabase(dialect, { migrate: false });
      const migrator = createMigrator(database);
      for (const step of steps) {
        const { error } = await migrator.migrateTo(step);
        if (error) throw error;
        await SEEDS[step]!.seed(database.db, world);
      }
      const applied = await migrator.getMigrations();
      expect(applied.filter((migration) => migration.executedAt).map((migration) => migration.name)).toEqual(steps);

      await migrateToLatest(database);
      app = await createTestApp({ database, clock, config: { dataDir: world.dataDir } });
      for (const step of steps) await SEEDS[step]!.check(app, world);
    });
  });
});
