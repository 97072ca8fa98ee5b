import type { Kysely } from 'kysely';

/**
 * Password verifications in flight. A verification reserves a place in the secret's attempt budget before argon2
 * runs (`failed_attempts + pending_attempts < limit`); a wrong password turns its place into a failed attempt, a
 * right one gives it back. So at most the budget's number of verifications can ever run for one secret, however many
 * arrive together and on however many instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('secrets')
    .addColumn('pending_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // When the last place was reserved: places a killed process left held are given back by the purge once this is
  // long past (no verification runs that long), so a crash cannot shrink a budget for good.
  await db.schema.alterTable('secrets').addColumn('attempts_reserved_at', 'bigint').execute();
}
