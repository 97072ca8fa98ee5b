import SqliteDatabase from 'better-sqlite3';

/**
 * SQLite's online backup, done in one step: every page is copied inside one read transaction, so the copy is the
 * database as it was at one instant. In WAL mode that read blocks no writer (a running server keeps writing); in
 * small steps instead, each write by the server between two steps would restart the copy, possibly forever.
 */
const ALL_PAGES = 0x7fffffff;

export async function snapshotSqlite(source: string, destination: string): Promise<void> {
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
}

export interface SnapshotContents {
  /** The migrations the database has run, in order; the last is its schema. */
  migrations: string[];
  counts: { secrets: number; users: number; files: number };
  /** Every file the database refers to, and whether its secret is still uploading (then no blob may exist yet). */
  files: { id: string; uploading: boolean }[];
}

/**
 * What a snapshot holds. It is also made a standalone file (rollback journal, not WAL), so it travels alone and
 * opening it leaves nothing beside it; the server switches it back to WAL when it opens it.
 */
export function inspectSnapshot(file: string): SnapshotContents {
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    return readContents(db);
  } finally {
    db.close();
  }
}

/** The same for a restored database, after SQLite's own consistency check; throws with what is wrong. */
export function verifySqlite(file: string): SnapshotContents {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const problems = db.pragma('quick_check', { simple: false }) as { quick_check: string }[];
    if (problems[0]?.quick_check !== 'ok') throw new Error(problems.map((row) => row.quick_check).join('; '));
    return readContents(db);
  } finally {
    db.close();
  }
}

function readContents(db: SqliteDatabase.Database): SnapshotContents {
  if (!hasTable(db, 'kysely_migration')) throw new Error('it has no migrations table');
  const migrations = db.prepare('select name from kysely_migration order by name').pluck().all() as string[];
  const countOf = (table: string) =>
    hasTable(db, table) ? (db.prepare(`select count(*) from ${table}`).pluck().get() as number) : 0;
  const files = hasTable(db, 'files')
    ? (db
        .prepare(
          'select f.id as id, coalesce(s.ready, 1) = 0 as uploading from files f left join secrets s on s.id = f.secret_id order by f.id',
        )
        .all() as { id: string; uploading: number }[])
    : [];
  return {
    migrations,
    counts: { secrets: countOf('secrets'), users: countOf('users'), files: files.length },
    files: files.map((row) => ({ id: row.id, uploading: row.uploading === 1 })),
  };
}

function hasTable(db: SqliteDatabase.Database, name: string): boolean {
  return db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined;
}
