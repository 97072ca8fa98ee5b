import type { Kysely } from 'kysely';

/**
 * Issue 29, point 9, at the speed of the read that burns (SQLite). A last view's status is written in the transaction
 * that deletes its secret, so that no crash can serve a view without its record; written straight into
 * `secret_status`, whose key is a random id, every burn's commit touched a page of that index per row and cost a
 * quarter of the read-burn throughput. `secret_status_pending` is the same row with no key and no index: appended to
 * its last page by the burn's transaction, and moved into `secret_status` a few hundred at a time
 * (receipts/status-pending.ts). Receipts read both. PostgreSQL writes the status in the burn's own statement and
 * never fills this table; it exists there too so that both databases have one schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('secret_status_pending')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('request_id', 'text')
    .addColumn('delete_token_hash', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull())
    .addColumn('prevent_burn', 'integer', (c) => c.notNull())
    .addColumn('file_count', 'integer', (c) => c.notNull())
    .addColumn('max_views', 'integer', (c) => c.notNull())
    .addColumn('views_used', 'integer', (c) => c.notNull())
    .addColumn('view_times', 'text')
    .addColumn('failed_times', 'text')
    .addColumn('reader_ips', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint', (c) => c.notNull())
    .addColumn('end_reason', 'text', (c) => c.notNull())
    .execute();
}
