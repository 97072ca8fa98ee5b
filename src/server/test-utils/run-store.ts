import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Dialect } from '../db/database.js';
import { TEST_DATABASE_URL } from './database.js';

/*
 * The data of a real server process's run (test-utils/server-process.ts) that is killed and started again on it:
 * crash-safety.test.ts and the outbox's crash test.
 */

/** Where a run's data lives: a new data folder (SQLite), and for PostgreSQL a new database of its own. */
export interface RunStore {
  env: Record<string, string>;
  dataDir: string;
  cleanup(): Promise<void>;
}

const CRASH_DATABASE_PREFIX = 'hush_crash_';

async function withAdmin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * The server takes no schema setting (and Kysely's migrator, without one, would take another schema's migration
 * table for its own), so each PostgreSQL run gets a database: hush_crash_<epoch seconds>_<random>.
 */
export async function createRunStore(dialect: Dialect): Promise<RunStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hush-crash-'));
  if (dialect === 'sqlite') return { env: {}, dataDir, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
  const name = `${CRASH_DATABASE_PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { HUSH_DATABASE_URL: url.toString() },
    dataDir,
    async cleanup() {
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Databases of runs that were themselves killed, over an hour old (younger ones may belong to a run going on). */
export async function dropStaleRunDatabases(): Promise<void> {
  await withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${CRASH_DATABASE_PREFIX.replaceAll('_', '\\_')}%`,
    ]);
    const now = Math.floor(Date.now() / 1000);
    for (const { datname } of rows) {
      const created = Number(new RegExp(`^${CRASH_DATABASE_PREFIX}(\\d+)_`).exec(datname)?.[1] ?? 0);
      if (now - created > 3600) await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}
