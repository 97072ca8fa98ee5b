import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { createTestDatabase, TEST_DATABASE_URL } from './database.js';

/** The parked schemas (database.ts): a suite gets a migrated, empty schema, whoever had it before. */
describe.skipIf(!TEST_DATABASE_URL)('test schemas on PostgreSQL, parked and taken again', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(() => admin?.end());

  const exists = async (schema: string) =>
    (await admin.query('select 1 from pg_namespace where nspname = $1', [schema])).rowCount === 1;

  it('a schema used and cleaned up is parked empty, and taken by a later suite under a new name', async () => {
    const first = await createTestDatabase('postgres');
    const firstName = first.schema!;
    await sql`insert into analytics_salts (day, salt) values ('2026-01-01', 'salt')`.execute(first.db);
    await first.cleanup();
    expect(await exists(firstName)).toBe(false);
    const { rows: parked } = await admin.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'hush\\_test\\_%\\_idle\\_%'",
    );
    expect(parked.length).toBeGreaterThan(0);

    const second = await createTestDatabase('postgres');
    try {
      expect(second.schema).not.toBe(firstName);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from analytics_salts`.execute(second.db);
      expect(rows[0]!.n).toBe(0);
      const migrations = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(second.db);
      expect(migrations.rows[0]!.n).toBeGreaterThan(10);
    } finally {
      await second.cleanup();
    }
  });

  it('a schema whose shape a suite changed is dropped, never parked', async () => {
    const database = await createTestDatabase('postgres');
    const name = database.schema!;
    await sql`alter table analytics_salts add column changed_by_a_suite text`.execute(database.db);
    await database.cleanup();
    expect(await exists(name)).toBe(false);
    const { rowCount } = await admin.query(
      "select 1 from information_schema.columns where table_schema like 'hush\\_test\\_%' and column_name = $1",
      ['changed_by_a_suite'],
    );
    expect(rowCount).toBe(0);
  });

  it('a database closed while its listener is still connecting closes at once', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const opened = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: database.schema!, poolSize: 2 });
      const closed = opened.destroy().then(() => 'closed');
      const late = new Promise((resolve) => setTimeout(() => resolve('still open after 5 s'), 5000).unref());
      expect(await Promise.race([closed, late])).toBe('closed');
    } finally {
      await database.cleanup();
    }
  });
});
