import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { OneSchemaPostgresDialect } from './pg-introspector.js';
import type pg from 'pg';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * How instances sharing a database learn that cached data changed. `version()` is cheap and synchronous: a cached
 * value read at one version is current as long as `version()` still returns it. `announce()` moves the version of
 * every instance on the database (this one at once, the others within milliseconds).
 */
export interface ChangeFeed {
  version(): string;
  announce(): Promise<void>;
}

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Tells caches (the instance settings) when another instance may have changed what they hold. */
  changes: ChangeFeed;
  /** The PostgreSQL schema in use, when not the default. */
  schema?: string;
  /** Makes deleted rows unrecoverable from the files on disk (SQLite: WAL checkpoint and truncate). */
  compact(): Promise<void>;
  /** The PostgreSQL pool's connections (for the metrics); absent on SQLite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise SQLite at `sqlitePath` (':memory:' for tests). */
  databaseUrl?: string;
  sqlitePath?: string;
  /** An in-memory SQLite database starting as this image of a database file (tests: a migrated one, copied). */
  sqliteImage?: Buffer;
  /** PostgreSQL schema to use (tests use a throwaway one). */
  pgSchema?: string;
  poolSize?: number;
}

const INT8_OID = 20;
/** How long a query waits for a connection: a database out of reach answers 503 soon, not after minutes. */
const CONNECT_TIMEOUT_MS = 5000;
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks better-sqlite3 to prepare every statement on every call, which costs about as much as running a
 * small query. Our statements are few and fixed in shape, so prepared ones are kept (and the cache reset if it
 * ever fills, as queries with variable IN-lists could make it).
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        statement = sqlite.prepare(sqlText);
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

function openSqlite(file: string | Buffer): Database {
  if (typeof file === 'string' && file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // Deleted content is overwritten with zeros, so burned secrets do not linger in free pages.
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('journal_size_limit = 4194304');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // data_version moves when another connection (another process) commits; instances sharing this connection
  // announce to each other through the counter. It is read once per event-loop turn: the requests of one turn
  // share it (reading it per create cost 7 % of the create's time), and an announcement is seen at once.
  let announced = 0;
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let thisTurn: string | null = null;
  const changes: ChangeFeed = {
    version() {
      if (thisTurn === null) {
        thisTurn = `${dataVersion.get() as number}.${announced}`;
        setImmediate(() => (thisTurn = null));
      }
      return thisTurn;
    },
    announce: async () => {
      announced++;
      thisTurn = null;
    },
  };
  return {
    db,
    dialect: 'sqlite',
    changes,
    async compact() {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
    },
    async destroy() {
      await db.destroy();
    },
  };
}

const require = createRequire(import.meta.url);

const RELISTEN_MS = 1000;

/**
 * PostgreSQL: a connection of its own LISTENs on the schema's channel and counts the notifications; `announce()`
 * NOTIFYs every instance (this one included). While that connection is down the version changes on every call, so
 * nothing is cached until it is back (and what was cached before is read again).
 */
function listenForChanges(Pool: typeof pg.Pool, url: string, schema: string | undefined, queries: pg.Pool) {
  const channel = `hush_changes_${schema ?? 'public'}`;
  // One connection, outside the query pool, that only waits for notifications.
  const pool = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', () => {});
  /** Who announces: notifications of this instance's own changes are not counted twice. */
  const self = randomUUID();
  let received = 0;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let client: pg.PoolClient | undefined;

  const listen = async () => {
    if (closed) return;
    try {
      const connected = await pool.connect();
      // Closed while connecting: pool.end() waits for this connection, so it goes back at once.
      if (closed) return connected.release(true);
      client = connected;
      // Its own announcements moved this instance's version already.
      connected.on('notification', (message) => {
        if (message.payload !== self) received++;
      });
      connected.on('error', () => {
        listening = false;
        connected.release(true);
        client = undefined;
        schedule();
      });
      await connected.query(`LISTEN "${channel}"`);
      received++;
      listening = true;
    } catch {
      client?.release(true);
      client = undefined;
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, RELISTEN_MS);
    retry.unref();
  };
  void listen();

  let unlistened = 0;
  return {
    version: () => (listening ? `${received}` : `down.${unlistened++}`),
    async announce() {
      // This instance moves at once; the others when the notification reaches them (after the commit). Should the
      // notification fail, their listeners' connections are gone too, and they read again when those are back.
      received++;
      await queries.query('select pg_notify($1, $2)', [channel, self]).catch(() => {});
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      // Forgotten at once: a LISTEN still in flight fails now, and its catch must not release the client again.
      const held = client;
      client = undefined;
      held?.release(true);
      await pool.end().catch(() => {});
    },
  };
}

function openPostgres(url: string, options: DatabaseOptions): Database {
  // Loaded only for PostgreSQL: a tenth of a second less for every start on SQLite.
  const { Pool, types } = require('pg') as typeof pg;
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    // Times are epoch milliseconds in bigint columns: well inside Number's exact range.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
    },
  });
  // A connection that dies (PostgreSQL restarted) is dropped by the pool, which opens a new one for the next query,
  // and the query that was using it fails (503). Its 'error' event, idle or checked out, would otherwise end the
  // process: nobody else listens for it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new OneSchemaPostgresDialect({ pool }, options.pgSchema) });
  const changes = listenForChanges(Pool, url, options.pgSchema, pool);
  return {
    db,
    dialect: 'postgres',
    changes,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ...(options.pgSchema && { schema: options.pgSchema }),
    async compact() {},
    async destroy() {
      await changes.close();
      await db.destroy();
    },
  };
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openSqlite(options.sqliteImage ?? options.sqlitePath ?? ':memory:');
}

/** Kysely's migrator over our migration list, for this database (and its PostgreSQL schema). */
export function createMigrator(database: Database): Migrator {
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its own tables in every schema; name ours, or another schema's tables would be taken for it.
    ...(database.schema && { migrationTableSchema: database.schema }),
  });
}

/** Runs every pending migration, each logged by name when done; throws with the failing migration's name. */
export async function migrateToLatest(
  database: Database,
  log?: { info(fields: object, message: string): void },
): Promise<void> {
  const { error, results } = await createMigrator(database).migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') log?.info({ migration: result.migrationName }, 'migration applied');
  }
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}

export async function pingDatabase(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
