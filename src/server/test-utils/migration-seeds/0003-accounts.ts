import { expect } from 'vitest';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { type Step, HOUR, DAY, ids, tokens } from './world.js';

/** Data as migration 0003-accounts left it, and how the latest app still reads it. */
export const stepAccounts: Step = {
  async seed(db, { now }) {
    const session = { user_id: ids.alice, created_at: now - HOUR, expires_at: now + DAY };
    await db
      .insertInto('sessions')
      .values({ id: sha256(tokens.session), ...session, absolute_expires_at: now + 7 * DAY })
      .execute();
    await db
      .insertInto('api_tokens')
      .values({
        id: randomToken(16),
        user_id: ids.root,
        name: 'ci',
        token_hash: sha256(tokens.api),
        created_at: now - DAY,
        last_used_at: null,
        expires_at: null,
      })
      .execute();
  },
  async check(t) {
    const bySession = await t.app.inject({
      url: '/api/v1/account',
      headers: { cookie: `hush_session=${tokens.session}` },
    });
    expect(bySession.json()).toMatchObject({ username: 'Alice' });
    const byToken = await t.app.inject({
      url: '/api/v1/account',
      headers: { authorization: `Bearer ${tokens.api}` },
    });
    expect(byToken.json()).toMatchObject({ username: 'root', role: 'admin' });
    // Made before scopes (0010): it keeps doing all its admin may.
    const adminByToken = await t.app.inject({
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${tokens.api}` },
    });
    expect(adminByToken.statusCode, adminByToken.body).toBe(200);
  },
};
