import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../test-utils/database.js';
import { createMigrator } from './database.js';

const T = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

/**
 * Migration 0015 (issue 29.1) marks the passkeys, linked providers and authenticator apps that existed before it: as
 * added while the address was proven only when they came after the account's present address was proven; every
 * other one counts as unproven (a password reset removes it), for nothing else tells.
 */
describeEachDialect('migration 0015 on credentials that existed before it', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('counts a credential as proven only when it came after the present address was proven', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const migrator = createMigrator(database);
    const before = await migrator.migrateTo('0014-passkeys');
    if (before.error) throw before.error;
    const { db } = database;
    // Each user's credentials were added at T.
    const users = { early: T - HOUR, late: T + HOUR, never: null, equal: T };
    for (const [name, verifiedAt] of Object.entries(users)) {
      await db
        .insertInto('users')
        .values({
          id: name,
          username: name,
          username_lower: name,
          email: `${name}@example.com`,
          email_lower: `${name}@example.com`,
          password_hash: 'x',
          role: 'user',
          generated: 0,
          created_at: T - 2 * HOUR,
          email_verified_at: verifiedAt,
        })
        .execute();
      await db
        .insertInto('passkeys')
        .values({
          id: `pk-${name}`,
          user_id: name,
          credential_id: `cred-${name}`,
          public_key: 'k',
          counter: 0,
          transports: null,
          name: 'Laptop',
          device_type: 'multiDevice',
          backed_up: 1,
          created_at: T,
          last_used_at: null,
        })
        .execute();
      await db
        .insertInto('user_identities')
        .values({
          id: `id-${name}`,
          user_id: name,
          provider: 'default',
          issuer: 'https://idp.example',
          subject: name,
          email: null,
          created_at: T,
          last_used_at: null,
          created_password_hash: null,
        })
        .execute();
      // Enrolled before, confirmed at T: the confirmation is what counts.
      await db
        .insertInto('totp_credentials')
        .values({ user_id: name, secret: 'S', created_at: T - 2 * HOUR, confirmed_at: T, last_step: null })
        .execute();
    }
    const after = await migrator.migrateTo('0015-address-proof');
    if (after.error) throw after.error;

    const flags = async (table: 'passkeys' | 'user_identities' | 'totp_credentials') =>
      Object.fromEntries(
        (await db.selectFrom(table).select(['user_id', 'added_unverified']).execute()).map((row) => [
          row.user_id,
          Number(row.added_unverified),
        ]),
      );
    const expected = { early: 0, equal: 0, late: 1, never: 1 };
    expect(await flags('passkeys')).toEqual(expected);
    expect(await flags('user_identities')).toEqual(expected);
    expect(await flags('totp_credentials')).toEqual(expected);
  });
});
