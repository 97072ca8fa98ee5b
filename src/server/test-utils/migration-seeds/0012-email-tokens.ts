import { expect } from 'vitest';
import { sha256 } from '../../lib/tokens.js';
import { type Step, MINUTE, ids, tokens } from './world.js';

/** Data as migration 0012-email-tokens left it, and how the latest app still reads it. */
export const stepEmailTokens: Step = {
  // root proved its address; Alice has not yet, and a verification link to her address is waiting in her mailbox.
  async seed(db, { now }) {
    await db
      .updateTable('users')
      .set({ email_verified_at: now - MINUTE })
      .where('id', '=', ids.root)
      .execute();
    await db
      .insertInto('email_tokens')
      .values({
        token_hash: sha256(tokens.verifyEmail),
        user_id: ids.alice,
        purpose: 'verify_email',
        email: 'Alice@example.com',
        created_at: now - MINUTE,
        expires_at: now + 60 * MINUTE,
        used_at: null,
      })
      .execute();
  },
  async check(t) {
    const root = await t.app.inject({ url: '/api/v1/account', headers: { authorization: `Bearer ${tokens.api}` } });
    expect(root.json()).toMatchObject({ username: 'root', emailVerified: true });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/verify-email',
      payload: { token: tokens.verifyEmail },
    });
    expect(verified.json()).toEqual({ verified: true, email: 'Alice@example.com' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/verify-email',
      payload: { token: tokens.verifyEmail },
    });
    expect(again.json()).toMatchObject({ code: 'auth.verify_link_invalid' });
  },
};
