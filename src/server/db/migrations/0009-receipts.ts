import { sql, type Kysely } from 'kysely';

/**
 * Receipts, activity and delivery (issue 15). Nothing here holds content, titles, keys or (unless the admin turns on
 * HUSH_STATUS_READER_IP) reader addresses.
 *
 * - A live secret keeps its own record of what happened to it: `view_times` and `failed_times` (comma-separated
 *   milliseconds, appended by the statements that spend a view or a password attempt) and `reader_ips`.
 * - `secret_status` is that record once the secret is gone: written in the transaction that deletes the secret, with
 *   how it ended, kept HUSH_STATUS_RETENTION_DAYS. The delete token's hash stays with it, so a receipt link still
 *   opens it.
 * - `events` (0008) becomes the outbox: `data` holds the event's few content-free fields, `dispatched` is 0 until a
 *   worker has claimed it and written its deliveries, in one transaction.
 * - `deliveries`: one per event and channel target, claimed by a lease so that no two instances send it together.
 * - `webhooks`: per user, or per instance (owner null). The signing secret must be kept to sign.
 * - `user_devices`: the devices a user signed in from (a hash of a random cookie), for "sign-in from a new device".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['view_times', 'failed_times', 'reader_ips']) {
    await db.schema.alterTable('secrets').addColumn(column, 'text').execute();
  }

  await db.schema
    .createTable('secret_status')
    .addColumn('id', 'text', (c) => c.primaryKey())
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
  // Every read that burns a secret writes a status: anonymous secrets' stay out of the owners' index.
  await db.schema
    .createIndex('secret_status_owner')
    .on('secret_status')
    .columns(['owner_id', 'ended_at'])
    .where(sql.ref('owner_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('secret_status_ended').on('secret_status').column('ended_at').execute();

  await db.schema.alterTable('events').addColumn('data', 'text').execute();
  await db.schema
    .alterTable('events')
    .addColumn('dispatched', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Events written before this migration were never meant for delivery.
  await db
    .updateTable('events' as never)
    .set({ dispatched: 1 } as never)
    .execute();
  await db.schema
    .createIndex('events_undispatched')
    .on('events')
    .column('created_at')
    .where(sql.ref('dispatched'), '=', 0)
    .execute();
  await db.schema.createIndex('events_created').on('events').column('created_at').execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('events', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'bigint')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_owner').on('webhooks').column('owner_id').execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('deliveries_due')
    .on('deliveries')
    .column('next_at')
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  await db.schema.createIndex('deliveries_target').on('deliveries').columns(['target', 'created_at']).execute();
  await db.schema.createIndex('deliveries_created').on('deliveries').column('created_at').execute();

  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('activity_seen_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // JSON: the event types this user is emailed about; null follows the instance default.
  await db.schema.alterTable('users').addColumn('email_events', 'text').execute();

  await db.schema
    .createTable('user_devices')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_devices_pk', ['user_id', 'device_hash'])
    .execute();
}
