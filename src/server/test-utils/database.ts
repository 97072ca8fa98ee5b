import crypto from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { migrateToLatest, openDatabase, type Database, type Dialect } from '../db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's id (global-setup.ts): the PostgreSQL schemas its suites park for each other are named with it. */
    testRun: string;
  }
}

/** PostgreSQL for the scale-out suites; CI sets it, a machine without PostgreSQL skips those suites and says so. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? '';

export interface TestDatabase extends Database {
  /** Opens another pool on the same database, as a second server instance would. */
  openSibling(): Promise<Database>;
  cleanup(): Promise<void>;
}

let sqliteImage: Promise<Buffer> | undefined;

/**
 * A migrated SQLite database file's bytes, made once per test file: an in-memory database opened from them starts
 * migrated in about a millisecond, where running the migrations takes 20 ms (thousands of test apps a run).
 */
function migratedSqliteImage(): Promise<Buffer> {
  sqliteImage ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hush-sqlite-image-'));
    try {
      const database = openDatabase({ sqlitePath: join(folder, 'image.db') });
      await migrateToLatest(database);
      // A WAL database's image names a WAL file, which an in-memory copy cannot open.
      await sql`PRAGMA journal_mode = DELETE`.execute(database.db);
      await database.destroy();
      return readFileSync(join(folder, 'image.db'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  })();
  return sqliteImage;
}

/** A fresh, migrated database (`migrate: false`: empty): in-memory or file SQLite, or a throwaway PostgreSQL schema. */
export async function createTestDatabase(
  dialect: Dialect,
  options: { sqliteFile?: string; migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const database =
      options.sqliteFile || options.migrate === false
        ? openDatabase({ sqlitePath: options.sqliteFile ?? ':memory:' })
        : openDatabase({ sqliteImage: await migratedSqliteImage() });
    if (options.sqliteFile && options.migrate !== false) await migrateToLatest(database);
    return {
      ...database,
      openSibling: async () => openDatabase({ sqlitePath: options.sqliteFile ?? ':memory:' }),
      cleanup: () => database.destroy(),
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const admin = adminPool();
  const schema =
    (options.migrate !== false && (await claimIdleSchema(admin))) || (await createSchema(admin, options.migrate));
  const database = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 20 });
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
      if (options.migrate === false || !(await parkSchema(admin, schema))) {
        await admin.query(`drop schema ${schema} cascade`);
      }
    },
  };
}

/*
 * A migrated PostgreSQL schema costs about 450 ms to make (17 migrations, each a transaction of its own) and 150 ms
 * to drop: most of a PostgreSQL suite's time where each test has an app of its own (the HTTP contract's 1,900 cases
 * were CI's longest step). So a migrated schema whose suite is done is emptied (a DELETE of each table, a few ms)
 * and parked under an idle name, and the next suite of this run, in any worker, takes it by renaming it (one
 * rename wins a race). A schema whose shape a suite changed is dropped, never parked: the fingerprint of its
 * tables, columns, indexes, constraints and migrations, taken when it was migrated, is kept as its comment.
 */
const RUN = inject('testRun') ?? 'none';

let bookkeeping: pg.Pool | undefined;
/**
 * The schemas' bookkeeping runs on a pool of this test file's own: its connections keep their catalog caches between
 * suites (a new connection spends a few hundred ms reading the catalog for the fingerprint and the DELETEs), and an
 * idle one keeps no process alive.
 */
const adminPool = () => {
  if (!bookkeeping) {
    bookkeeping = new pg.Pool({
      connectionString: TEST_DATABASE_URL,
      max: 2,
      idleTimeoutMillis: 60_000,
      allowExitOnIdle: true,
    });
    bookkeeping.on('error', () => {});
  }
  return bookkeeping;
};
const IDLE = `_idle_${RUN}_`;

const newSchemaName = async (admin: pg.Pool, idle = false) => {
  // Named with the database's clock, not Date.now(): a suite under fake timers would date its schema years back,
  // and a run starting beside it would drop it as stale (global-setup.ts).
  const { rows } = await admin.query<{ now: string }>('select floor(extract(epoch from now()))::bigint as now');
  return `hush_test_${rows[0]!.now}${idle ? IDLE : '_'}${crypto.randomBytes(4).toString('hex')}`;
};

async function createSchema(admin: pg.Pool, migrate = true): Promise<string> {
  const schema = await newSchemaName(admin);
  await admin.query(`create schema ${schema}`);
  if (!migrate) return schema;
  const database = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, poolSize: 2 });
  try {
    await migrateToLatest(database);
  } catch (error) {
    await admin.query(`drop schema ${schema} cascade`);
    throw error;
  } finally {
    await database.destroy();
  }
  await admin.query(`comment on schema ${schema} is '${await fingerprint(admin, schema)}'`);
  return schema;
}

async function claimIdleSchema(admin: pg.Pool): Promise<string | null> {
  const { rows } = await admin.query<{ nspname: string }>(
    "select nspname from pg_namespace where nspname like 'hush\\_test\\_%' and strpos(nspname, $1) > 0 order by random()",
    [IDLE],
  );
  for (const { nspname } of rows) {
    const schema = await newSchemaName(admin);
    try {
      await admin.query(`alter schema ${nspname} rename to ${schema}`);
      return schema;
    } catch (error) {
      if ((error as { code?: string }).code !== '3F000') throw error; // taken by another suite: try the next
    }
  }
  return null;
}

/** Each shape's tables in the order they are emptied, and its sequences: found once per suite. */
const emptying = new Map<string, string[]>();

/** Empties a schema and parks it for the next suite; false (and nothing changed) when its shape is not as migrated. */
async function parkSchema(admin: pg.Pool, schema: string): Promise<boolean> {
  const { rows } = await admin.query<{ comment: string | null }>(
    'select obj_description($1::regnamespace, $2) as comment',
    [schema, 'pg_namespace'],
  );
  const shape = rows[0]?.comment;
  if (!shape || shape !== (await fingerprint(admin, schema))) return false;
  if (!emptying.has(shape)) emptying.set(shape, await emptyingStatements(admin, schema));
  const idle = await newSchemaName(admin, true);
  const client = await admin.connect();
  try {
    await client.query(
      [
        'begin',
        `set local search_path = ${schema}`,
        // A connection a suite left open would hold a lock: then the schema is dropped instead.
        "set local lock_timeout = '5s'",
        ...emptying.get(shape)!,
        `alter schema ${schema} rename to ${idle}`,
        'commit',
      ].join(';\n'),
    );
    return true;
  } catch {
    await client.query('rollback').catch(() => {});
    return false;
  } finally {
    client.release();
  }
}

/**
 * What a suite could change of a schema's shape (its tables, columns, indexes and constraints, by name and type)
 * and the migrations it records, as a hash.
 */
async function fingerprint(admin: pg.Pool, schema: string): Promise<string> {
  const { rows } = await admin.query<{ fingerprint: string }>(
    `select md5(coalesce((select string_agg(item, ',' order by item) from (
              select c.relname || ':' || c.relkind::text || ':' || coalesce(a.attname, '') || ':'
                     || coalesce(a.atttypid::text, '') || ':' || coalesce(a.attnotnull::text, '') as item
                from pg_class c left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
               where c.relnamespace = $1::regnamespace
              union all
              select conname || ':' || contype::text from pg_constraint where connamespace = $1::regnamespace
            ) items), '')
            || (select string_agg(name, ',' order by name) from ${schema}.kysely_migration)) as fingerprint`,
    [schema],
  );
  return rows[0]!.fingerprint;
}

/**
 * DELETEs of the schema's tables (less the migrations' own), each after every table that references it, and a
 * restart of each sequence; unqualified: they run with the schema first on the search path.
 */
async function emptyingStatements(admin: pg.Pool, schema: string): Promise<string[]> {
  const { rows: tables } = await admin.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = $1 and tablename not like 'kysely\\_migration%'",
    [schema],
  );
  const { rows: references } = await admin.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint c join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid
      where c.contype = 'f' and c.connamespace = $1::regnamespace and c.conrelid <> c.confrelid`,
    [schema],
  );
  const { rows: sequences } = await admin.query<{ name: string }>(
    'select sequencename as name from pg_sequences where schemaname = $1',
    [schema],
  );
  const order: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const { child, parent } of references) if (parent === table) place(child, path);
    placed.add(table);
    order.push(table);
  };
  for (const { name } of tables) place(name, new Set());
  return [
    ...order.map((table) => `delete from "${table}"`),
    ...sequences.map(({ name }) => `alter sequence "${name}" restart`),
  ];
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
