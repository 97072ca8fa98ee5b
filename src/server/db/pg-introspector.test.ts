import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test-utils/database.js';
import { migrateToLatest } from './database.js';

/**
 * Kysely's migrator introspects before each run. Its stock PostgreSQL introspector read every schema and failed with
 * 'schema … does not exist' when another schema was dropped meanwhile (seen as random failures of concurrent test
 * runs); ours reads only Hush's schema.
 */
describe.skipIf(!TEST_DATABASE_URL)('the PostgreSQL introspection the migrator uses [postgres]', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  const other = `hush_introspect_${crypto.randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    // Another schema with a table named like the migrator's: it must be neither seen nor taken for ours.
    await admin.query(
      `create schema ${other}; create table ${other}.kysely_migration (name text); create table ${other}.secrets (id text)`,
    );
  });
  afterAll(async () => {
    await admin.query(`drop schema if exists ${other} cascade`);
    await admin.end();
    await database.cleanup();
  });

  it('sees only its own schema: its tables with their columns, the migrator’s only when asked', async () => {
    const tables = await database.db.introspection.getTables();
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([database.schema]));
    const names = tables.map((table) => table.name);
    expect(names).toContain('secrets');
    expect(names).not.toContain('kysely_migration');
    const secrets = tables.find((table) => table.name === 'secrets')!;
    expect(secrets.columns.find((column) => column.name === 'id')).toMatchObject({ isNullable: false });
    const withKysely = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withKysely.map((table) => table.name)).toEqual(expect.arrayContaining(['kysely_migration', 'secrets']));
    expect(await database.db.introspection.getSchemas()).toEqual([{ name: database.schema }]);
  });

  it('migrates again while other schemas are created and dropped beside it', async () => {
    let churning = true;
    const churn = (async () => {
      for (let round = 0; churning; round += 1) {
        const name = `${other}_${round}`;
        await admin.query(`create schema ${name}; create table ${name}.t (id serial primary key, v text)`);
        await admin.query(`drop schema ${name} cascade`);
      }
    })();
    try {
      for (let run = 0; run < 15; run += 1) await migrateToLatest(database);
    } finally {
      churning = false;
      await churn;
    }
  });
});
