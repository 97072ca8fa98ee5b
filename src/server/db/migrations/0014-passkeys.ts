import type { Kysely } from 'kysely';

/**
 * Passkeys (issue 16.3, WebAuthn).
 *
 * `passkeys`: one row per registered credential. `credential_id` is the authenticator's id for it (base64url,
 * unique across the instance: an assertion names its credential, and that alone finds the account, which is what
 * lets a discoverable passkey sign in without a username). `public_key` is the COSE public key (base64url), never
 * a secret; `counter` the signature counter last seen (a counter that goes backwards betrays a cloned authenticator);
 * `transports` a JSON array of hints for the browser; `device_type` and `backed_up` what the authenticator says about
 * syncing (shown to the user, not used for decisions).
 *
 * `passkey_challenges`: each challenge handed out, single use and short-lived. Only its SHA-256 is stored; `user_id`
 * is the account it was issued for (a registration, or the second step of a password sign-in), null for a
 * passwordless sign-in, and `purpose` keeps a registration challenge from being spent on a sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('passkey_challenges_expires').on('passkey_challenges').column('expires_at').execute();
}
