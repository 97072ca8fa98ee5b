import type { Kysely } from 'kysely';

/**
 * OpenID Connect sign-in (issue 16.1).
 *
 * `user_identities`: an account's identities at OpenID providers. An identity is its issuer and subject (the `sub`
 * claim is unique only within its issuer); `provider` is the configured id it came through (shown, and used to sign
 * out at that provider), `email` what the provider said when it was linked. `created_password_hash`: the random
 * password's hash of an account this identity created; while the account still has it nobody knows its password, so
 * this identity must not be unlinked unless another way in is left.
 *
 * `oidc_flows`: a sign-in on its way through the provider, for 10 minutes and used once. The browser holds a random
 * token in a cookie; only its SHA-256 is the key here, with the state, nonce and PKCE verifier the callback checks.
 * `user_id` is set when a signed-in user links another provider to their account.
 *
 * `oidc_link_tickets`: an unknown identity whose verified email is that of an existing account waits here (10
 * minutes) until the account's password confirms the link; only the SHA-256 of the browser's token is stored.
 * `role` is what the role claim said (applied once linked), null without a role claim.
 *
 * `sessions.oidc_provider` and `sessions.oidc_id_token`: a session started by a provider, and the ID token it
 * issued, sent back as id_token_hint when the user signs out at that provider.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_password_hash', 'text')
    .execute();
  await db.schema
    .createIndex('user_identities_subject')
    .on('user_identities')
    .columns(['issuer', 'subject'])
    .unique()
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();

  await db.schema
    .createTable('oidc_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('next', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_flows_expires').on('oidc_flows').column('expires_at').execute();

  await db.schema
    .createTable('oidc_link_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('id_token', 'text')
    .addColumn('role', 'text')
    .addColumn('next', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_link_tickets_expires').on('oidc_link_tickets').column('expires_at').execute();

  await db.schema.alterTable('sessions').addColumn('oidc_provider', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('oidc_id_token', 'text').execute();
}
