import type { Kysely } from 'kysely';

/**
 * Page views without IP addresses: the UTC day, one of a bounded set of page paths, and a visitor id that is an
 * HMAC under that day's salt. Salts of past days are deleted by the purge, so old ids cannot be recomputed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_views')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .execute();
  // Day first: the 30-day aggregate and the retention purge are range scans on it; path and visitor make it covering.
  await db.schema.createIndex('page_views_day').on('page_views').columns(['day', 'path', 'visitor']).execute();

  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
}
