import type { Kysely } from 'kysely';

/**
 * Verified email and password reset by emailed link (issue 16.4).
 *
 * `users.email_verified_at`: when the account's present address was proven by a link sent to it; null: not
 * proven. Every account existing before this migration starts unverified, and so does the admin made from
 * HUSH_ADMIN_* or the setup link: an address typed into the configuration or a form proves nothing about who reads
 * its mailbox, and a verified address is what lets an OpenID identity be linked to an account by email. They verify
 * it with one click ("Send the link again").
 *
 * `email_tokens`: the one-time links. Only the SHA-256 of a token is stored (a copy of the database opens nothing);
 * `email` is the address it was sent to, so a link stops counting once the account's address changed; `used_at`
 * is set by the one statement that consumes it (single use, also under concurrent clicks).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('email_tokens_user').on('email_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('email_tokens_expires').on('email_tokens').column('expires_at').execute();
}
