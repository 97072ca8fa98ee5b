import type { Kysely } from 'kysely';

/**
 * Two-factor codes and the sessions list (issue 16.2).
 *
 * `totp_credentials`: one authenticator app per account. `secret` is the base32 TOTP key (stored as it is: the
 * server must compute codes from it, and Hush keeps no instance key to wrap it with; a copy of the database is a
 * copy of every account anyway). `confirmed_at` null: enrolment started, not yet proven by a code, so it does not
 * count as a factor. `last_step` is the 30-second step of the last code accepted: a code is good once.
 *
 * `backup_codes`: ten one-time codes per account, only their SHA-256 (each code carries 50 random bits, so a plain
 * hash is enough); `used_at` is set by the one statement that spends a code, so two requests cannot both spend it.
 *
 * `pending_signins`: a correct password waiting for its second factor, 5 minutes, keyed by the SHA-256 of the
 * browser's `hush_pending` cookie; `failures` counts wrong codes (at 5 it is dropped).
 *
 * `sessions.method` (password, passkey, oidc, header; null: started before this migration, by password),
 * `sessions.last_seen_at` and `sessions.user_agent` (a short summary such as "Firefox on Linux"): the sessions list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('totp_credentials')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('last_step', 'bigint')
    .execute();

  await db.schema
    .createTable('backup_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('backup_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('pending_signins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('pending_signins_expires').on('pending_signins').column('expires_at').execute();

  await db.schema.alterTable('sessions').addColumn('method', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
}
