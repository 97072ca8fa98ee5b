import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the purge (secrets.repository: `purge` and `releaseStaleAttempts`), which otherwise reads the whole
 * secrets table twice every minute: on SQLite each read blocks the event loop, every request in flight, while it
 * runs (some 15 to 30 ms at 150,000 secrets, and growing with the table).
 *
 * Both are partial, over the few rows the purge looks for, so the inserts and reads of live secrets barely pay for
 * them. Each predicate is the purge statement's own condition, term for term (`views_left <= 0`,
 * `pending_attempts > 0`): the planners (SQLite's and PostgreSQL's) use a partial index only when the query's WHERE
 * implies the index's, and SQLite proves that only from matching terms (a bound parameter matches the literal: the
 * statement is prepared again with the value bound). Change the statement, change the index; db/purge-indexes.test.ts
 * asks both planners.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Used up: a last view deletes its secret itself, so only a crash between the claim and the delete leaves one.
  await db.schema
    .createIndex('secrets_exhausted')
    .on('secrets')
    .column('views_left')
    .where(sql.ref('views_left'), '<=', 0)
    .execute();
  // Places in an attempt budget held by a verification; the purge gives back those held too long.
  await db.schema
    .createIndex('secrets_attempts_reserved')
    .on('secrets')
    .column('attempts_reserved_at')
    .where(sql.ref('pending_attempts'), '>', 0)
    .execute();
}
