import { sql, type Kysely } from 'kysely';

/**
 * Requests (issue 14, src/shared/crypto/REQUESTS.md). A request holds only what its owner's browser sealed: the
 * title and instructions as envelopes, the public key, and the private key wrapped under the inbox key. Its
 * responses are secrets owned by the requester (`secrets.request_id`), with the responder's ephemeral public key
 * (`secrets.request_key`): their lifetime, views, files and burning are those of every secret.
 *
 * `responses_used` counts the places taken, raised by one conditional UPDATE (`< max_responses`), so of responders
 * racing for the last place exactly one wins, on any number of instances. A response whose upload is abandoned gives
 * its place back.
 *
 * `events` is the durable record of what happened, for the notifications of a later issue: a type, a user, the id
 * it is about and a time, never content. Each is written in the transaction of the change it reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'text', (c) => c.notNull())
    .addColumn('max_responses', 'integer', (c) => c.notNull())
    .addColumn('responses_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_ttl', 'integer', (c) => c.notNull())
    .addColumn('response_views', 'integer', (c) => c.notNull())
    .addColumn('allow_files', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allowed_ip', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    // 1 once request.expired is recorded (or the request ended otherwise): the purge records it once.
    .addColumn('ended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('requests_owner').on('requests').columns(['owner_id', 'created_at']).execute();
  // The purge looks for requests past their link's validity that it has not recorded as expired yet.
  await db.schema
    .createIndex('requests_ending')
    .on('requests')
    .column('expires_at')
    .where(sql.ref('ended'), '=', 0)
    .execute();

  await db.schema.alterTable('secrets').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('secrets').addColumn('request_key', 'text').execute();
  await db.schema
    .createIndex('secrets_request')
    .on('secrets')
    .column('request_id')
    .where(sql.ref('request_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_user').on('events').columns(['user_id', 'created_at']).execute();
}
