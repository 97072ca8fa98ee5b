import { expect } from 'vitest';
import { sha256 } from '../../lib/tokens.js';
import { type Step, DAY, MINUTE, PASSWORD, hashes, tokens } from './world.js';

/** Data as migration 0015-address-proof left it, and how the latest app still reads it. */
export const stepAddressProof: Step = {
  // Sammy signed up on an instance that sends email; the link that makes his account waits in his mailbox.
  async seed(db, { now }) {
    await db
      .insertInto('signup_requests')
      .values({
        token_hash: sha256(tokens.signupLink),
        username: 'sammy',
        email: 'Sammy@example.com',
        password_hash: (await hashes()).account,
        created_at: now - MINUTE,
        expires_at: now + DAY,
      })
      .execute();
  },
  async check(t) {
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/signup/confirm',
        payload: { token: tokens.signupLink, password: PASSWORD },
      });
    // Step 0002 turned account creation off: the link makes no account then, and stays for later.
    expect((await confirm()).json()).toMatchObject({ code: 'auth.signup_disabled' });
    await t.services.settings.update({ disable_user_account_creation: false });
    const made = await confirm();
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ username: 'sammy', email: 'Sammy@example.com' });
    const session = made.cookies.find((cookie) => cookie.name === 'hush_session')!.value;
    const account = await t.app.inject({ url: '/api/v1/account', headers: { cookie: `hush_session=${session}` } });
    expect(account.json()).toMatchObject({ username: 'sammy', emailVerified: true });
    // Paula's passkey (step 0014) came before any proof of her address: a reset would remove it.
    const passkey = await t.database.db.selectFrom('passkeys').select('added_unverified').executeTakeFirst();
    if (passkey) expect(Number(passkey.added_unverified)).toBe(1);
  },
};
