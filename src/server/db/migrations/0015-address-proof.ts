import { sql, type Kysely } from 'kysely';

/**
 * Issue 29.1: sign-up never proved the address, so whoever signed up with someone else's address could add ways
 * back in and keep them once the address's owner reset the password.
 *
 * `added_unverified` on passkeys, user_identities and totp_credentials: 1 when the account's address was unproven
 * (users.email_verified_at null) as the credential was added (an authenticator app: as it was confirmed). A password
 * reset proves the address and removes these, for whoever added them may not own it; those added once the address
 * was proven stay, so that a reset by someone who got into the mailbox does not strip the owner's second factor.
 * The default is 1, the safe side for a write that does not say. Rows from before this migration are 0 only when
 * they came after the account's present address was proven (email_verified_at <= created_at): an address change
 * sets email_verified_at back to null, so an earlier proof is of another address. Nothing else tells, so the rest
 * count as unproven.
 *
 * `signup_requests`: on an instance that sends email, a sign-up makes no account until the link emailed to its
 * address is opened with the password chosen (modules/account-email). Only the SHA-256 of the link's token is kept,
 * with the argon2id hash of that password (the one the account gets), until `expires_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['passkeys', 'user_identities', 'totp_credentials']) {
    await db.schema
      .alterTable(table)
      .addColumn('added_unverified', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  const provenBefore = (table: string, added: string) => sql`
    update ${sql.table(table)} set added_unverified = 0
    where exists (
      select 1 from users
      where users.id = ${sql.ref(`${table}.user_id`)}
        and users.email_verified_at is not null
        and users.email_verified_at <= ${sql.raw(added)}
    )`;
  await provenBefore('passkeys', 'passkeys.created_at').execute(db);
  await provenBefore('user_identities', 'user_identities.created_at').execute(db);
  await provenBefore(
    'totp_credentials',
    'coalesce(totp_credentials.confirmed_at, totp_credentials.created_at)',
  ).execute(db);

  await db.schema
    .createTable('signup_requests')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signup_requests_expires').on('signup_requests').column('expires_at').execute();
}
