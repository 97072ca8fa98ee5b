import crypto from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { migrateToLatest, openDatabase, type Database, type Dialect } from '../db/database.js';

/** PostgreSQL for the scale-out suites; CI sets it, a machine without PostgreSQL skips those suites and says so. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? '';

export interface TestDatabase extends Database {
  /** Opens another pool on the same database, as a second server instance would. */
  openSibling(): Promise<Database>;
  cleanup(): Promise<void>;
}

/** A fresh, migrated database (`migrate: false`: empty): in-memory or file SQLite, or a throwaway PostgreSQL schema. */
export async function createTestDatabase(
  dialect: Dialect,
  options: { sqliteFile?: string; migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate === false ? async () => {} : migrateToLatest;
  if (dialect === 'sqlite') {
    const database = openDatabase({ sqlitePath: options.sqliteFile ?? ':memory:' });
    await migrate(database);
    return {
      ...database,
      openSibling: async () => openDatabase({ sqlitePath: options.sqliteFile ?? ':memory:' }),
      cleanup: () => database.destroy(),
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  // Named with the database's clock, not Date.now(): a suite under fake timers would date its schema years back,
  // and a run starting beside it would drop it as stale (global-setup.ts).
  const { rows } = await admin.query<{ now: string }>('select floor(extract(epoch from now()))::bigint as now');
  const schema = `hush_test_${rows[0]!.now}_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`create schema ${schema}`);
  const database = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 20 });
  try {
    await migrate(database);
  } catch (error) {
    await database.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
    throw error;
  }
  const siblings: Database[] = [];
  return {
    ...database,
    async openSibling() {
      const sibling = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 20 });
      siblings.push(sibling);
      return sibling;
    },
    async cleanup() {
      await Promise.all(siblings.map((sibling) => sibling.destroy()));
      await database.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

let warned = false;

/** Runs a suite on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (otherwise it is skipped, loudly). */
export function describeEachDialect(name: string, suite: (dialect: Dialect) => void): void {
  describe(`${name} [sqlite]`, () => suite('sqlite'));
  if (!TEST_DATABASE_URL && !warned) {
    warned = true;
    console.warn('PostgreSQL suites are SKIPPED: set TEST_DATABASE_URL=postgres://… to run them.');
  }
  describe.skipIf(!TEST_DATABASE_URL)(`${name} [postgres]`, () => suite('postgres'));
}
