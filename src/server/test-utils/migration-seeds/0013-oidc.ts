import { expect } from 'vitest';
import { randomToken } from '../../lib/tokens.js';
import { type Step, DAY, ids } from './world.js';

const ISSUER = 'https://idp.example';
const PROVIDER = { id: 'default', name: 'SSO', issuer: ISSUER, clientId: 'hush', clientSecret: '', scopes: ['openid'] };

/** Data as migration 0013-oidc left it, and how the latest app still reads it. */
export const stepOidc: Step = {
  // Alice's identity at an OpenID provider, a flow nobody finished and a link nobody confirmed (both expired).
  async seed(db, { now }) {
    await db
      .insertInto('user_identities')
      .values({
        id: randomToken(16),
        user_id: ids.alice,
        provider: 'default',
        issuer: ISSUER,
        subject: 'alice-subject',
        email: 'alice@example.com',
        created_at: now - DAY,
        last_used_at: now - DAY,
      })
      .execute();
    const expired = now - DAY;
    await db
      .insertInto('oidc_flows')
      .values({
        id: 'old',
        provider: 'default',
        state: 's',
        nonce: 'n',
        code_verifier: 'v',
        next: '/',
        user_id: null,
        expires_at: expired,
      })
      .execute();
    await db
      .insertInto('oidc_link_tickets')
      .values({
        id: 'old',
        user_id: ids.alice,
        provider: 'default',
        issuer: ISSUER,
        subject: 'someone',
        email: 'alice@example.com',
        id_token: null,
        role: null,
        next: '/',
        expires_at: expired,
      })
      .execute();
  },
  async check(t) {
    // The callback's last step (the ID token checked) finds Alice by her identity.
    const flow = {
      id: 'f',
      provider: 'default',
      state: 's',
      nonce: 'n',
      code_verifier: 'v',
      next: '/account',
      user_id: null,
      expires_at: 0,
    };
    const outcome = await t.services.oidcAccounts.resolve(PROVIDER, { iss: ISSUER, sub: 'alice-subject' }, null, flow);
    expect(outcome.kind).toBe('session');
    const token = (outcome as { started: { token: string } }).started.token;
    const account = await t.app.inject({ url: '/api/v1/account', headers: { cookie: `hush_session=${token}` } });
    expect(account.json()).toMatchObject({ username: 'Alice' });
    // What expired is purged.
    for (const store of t.services.retained) await store.purge();
    expect(await t.database.db.selectFrom('oidc_flows').selectAll().execute()).toEqual([]);
    expect(await t.database.db.selectFrom('oidc_link_tickets').selectAll().execute()).toEqual([]);
  },
};
