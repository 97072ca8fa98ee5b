import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createSecretsRepository } from '../modules/secrets/secrets.repository.js';
import { STALE_ATTEMPT_MS } from '../modules/secrets/secrets.purge.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../test-utils/database.js';
import { createMigrator, migrateToLatest } from './database.js';

/*
 * The purge runs every minute, and on SQLite a statement blocks the event loop, every request in flight, while it
 * runs. Its statements for used-up secrets and for attempt places left held must find their rows through the
 * partial indexes of migration 0007, not by reading the whole table: these tests ask each database's planner how it
 * runs the statements exactly as the repository sends them (captured on their way out, parameters and all).
 */

const ROWS = 10_000;
const NOW = Date.UTC(2026, 0, 1);

/** The two statements of the purge that read the table beyond the expiry index, as the repository compiles them. */
async function purgeStatements(database: TestDatabase) {
  const sent: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      sent.push(database.db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const repository = createSecretsRepository(database.db.withPlugin(recorder));
  await repository.releaseStaleAttempts(NOW - STALE_ATTEMPT_MS);
  await repository.takeEnded(NOW, 500);
  const only = (pattern: RegExp) => {
    const matching = sent.filter((query) => pattern.test(query.sql));
    expect(matching, `one statement matching ${pattern} in:\n${sent.map((q) => q.sql).join('\n')}`).toHaveLength(1);
    return matching[0]!;
  };
  return {
    releaseStaleAttempts: only(/^update "secrets" set "pending_attempts"/),
    deleteExhausted: only(/^delete from "secrets" where "id" in \(select "id" from "secrets" where "views_left"/),
  };
}

/**
 * Live secrets the purge must not touch (none used up, none holding a place; a seventh had places reserved once,
 * all given back since). Enough of them that the planners choose by cost, no setting forced: on a near empty table
 * PostgreSQL rightly reads the table, however good the index.
 */
async function fill(database: TestDatabase) {
  await sql`
    with recursive n (i) as (select 1 union all select i + 1 from n where i < ${sql.lit(ROWS)})
    insert into secrets (id, text, max_views, views_left, expires_at, created_at, delete_token_hash,
      pending_attempts, attempts_reserved_at)
    select 'secret' || i, 'hush1.ciphertext', 3, 1 + i % 3, ${sql.lit(NOW)} + i, ${sql.lit(NOW)} - i, 'hash' || i, 0,
      case when i % 7 = 0 then ${sql.lit(NOW)} - i else null end
    from n`.execute(database.db);
  // PostgreSQL plans from statistics, which autovacuum keeps in use; here they are gathered at once. SQLite's
  // planner uses none unless ANALYZE ran, and Hush never runs it.
  if (database.dialect === 'postgres') await sql`analyze secrets`.execute(database.db);
}

/** The planner's plan for a statement, one line per step (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN). */
async function plan(database: TestDatabase, query: CompiledQuery): Promise<string> {
  const explain = database.dialect === 'sqlite' ? 'explain query plan' : 'explain';
  const { rows } = await database.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
  );
  return rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
}

/** Does the plan read the rows through this index (a range of it, or all of a partial one)? */
const usesIndex = (dialect: string, index: string) =>
  dialect === 'sqlite'
    ? new RegExp(`^(SEARCH|SCAN) secrets USING (COVERING )?INDEX ${index}\\b`, 'm')
    : new RegExp(`(Index Scan|Index Only Scan|Bitmap Index Scan) (using|on) ${index}\\b`);

/** Does the plan read every row of the table? */
const scansTable = (dialect: string) => (dialect === 'sqlite' ? /^SCAN secrets$/m : /Seq Scan on secrets\b/);

describeEachDialect('the purge statements and their indexes (0007)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('the control: at schema 0006 both statements read the whole table', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const { error } = await createMigrator(database).migrateTo('0006-attempt-reservations');
    if (error) throw error;
    await fill(database);
    const statements = await purgeStatements(database);
    expect(await plan(database, statements.deleteExhausted)).toMatch(scansTable(dialect));
    expect(await plan(database, statements.releaseStaleAttempts)).toMatch(scansTable(dialect));
  });

  it('deleting used-up secrets reads secrets_exhausted, not the table', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    await migrateToLatest(database);
    await fill(database);
    const { deleteExhausted } = await purgeStatements(database);
    const steps = await plan(database, deleteExhausted);
    expect(steps).toMatch(usesIndex(dialect, 'secrets_exhausted'));
    expect(steps).not.toMatch(scansTable(dialect));
  });

  it('giving back stale attempt places reads secrets_attempts_reserved, not the table', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    await migrateToLatest(database);
    await fill(database);
    const { releaseStaleAttempts } = await purgeStatements(database);
    const steps = await plan(database, releaseStaleAttempts);
    expect(steps).toMatch(usesIndex(dialect, 'secrets_attempts_reserved'));
    expect(steps).not.toMatch(scansTable(dialect));
  });

  it('through the indexes the purge still does its work: used-up secrets go, stale places come back', async () => {
    database = await createTestDatabase(dialect);
    await fill(database);
    const { db } = database;
    await db.updateTable('secrets').set({ views_left: 0 }).where('id', 'in', ['secret1', 'secret2']).execute();
    const hold = (id: string, at: number) =>
      db.updateTable('secrets').set({ pending_attempts: 2, attempts_reserved_at: at }).where('id', '=', id).execute();
    await hold('secret3', NOW - STALE_ATTEMPT_MS - 1);
    await hold('secret4', NOW - STALE_ATTEMPT_MS + 1);

    const repository = createSecretsRepository(db);
    expect(await repository.releaseStaleAttempts(NOW - STALE_ATTEMPT_MS)).toBe(1);
    expect((await repository.takeEnded(NOW, 500)).map((row) => row.id).sort()).toEqual(['secret1', 'secret2']);
    const rows = await db
      .selectFrom('secrets')
      .select(['id', 'pending_attempts'])
      .where('id', 'in', ['secret1', 'secret2', 'secret3', 'secret4'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'secret3', pending_attempts: 0 },
      { id: 'secret4', pending_attempts: 2 },
    ]);
    const count = await db
      .selectFrom('secrets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(ROWS - 2);
  });
});
