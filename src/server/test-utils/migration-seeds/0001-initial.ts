import { expect } from 'vitest';
import { sha256 } from '../../lib/tokens.js';
import { type Step, DAY, ids, tokens, hashes, secretRow, signIn } from './world.js';

/** Data as migration 0001-initial left it, and how the latest app still reads it. */
export const stepInitial: Step = {
  async seed(db, { now }) {
    const { account, verifier } = await hashes();
    const user = (id: string, username: string, role: string) => ({
      id,
      username,
      username_lower: username.toLowerCase(),
      email: `${username}@example.com`,
      email_lower: `${username.toLowerCase()}@example.com`,
      password_hash: account,
      role,
      generated: 0,
      created_at: now - DAY,
    });
    await db
      .insertInto('users')
      .values([user(ids.alice, 'Alice', 'user'), user(ids.root, 'root', 'admin')])
      .execute();
    await db
      .insertInto('secrets')
      .values([
        // Opened once of three.
        {
          ...secretRow(now, ids.viewed),
          max_views: 3,
          views_left: 2,
          delete_token_hash: sha256(tokens.deleteViewed),
        },
        { ...secretRow(now, ids.locked), password_hash: verifier, key_proof_hash: sha256(tokens.proof) },
        { ...secretRow(now, ids.public), text: 'in the clear', is_public: 1, owner_id: ids.alice, creator_ip: '::1' },
      ])
      .execute();
    await db.insertInto('statistics').values({ name: 'secrets_created', value: 42 }).execute();
  },
  async check(t) {
    const read = await t.app.inject({ method: 'POST', url: `/api/v1/secret/${ids.viewed}`, payload: {} });
    expect(read.json()).toMatchObject({
      id: ids.viewed,
      maxViews: 3,
      viewsLeft: 1,
      text: secretRow(0, ids.viewed).text,
    });
    const burn = { deleteToken: tokens.deleteViewed };
    const burned = await t.app.inject({ method: 'POST', url: `/api/v1/secret/${ids.viewed}/burn`, payload: burn });
    expect(burned.json()).toEqual({ id: ids.viewed, burned: true });

    const locked = `/api/v1/secret/${ids.locked}`;
    const proof = { keyProof: tokens.proof };
    expect((await t.app.inject({ method: 'POST', url: locked, payload: proof })).statusCode).toBe(401);
    const opened = await t.app.inject({
      method: 'POST',
      url: locked,
      payload: { ...proof, password: tokens.verifier },
    });
    expect(opened.statusCode, opened.body).toBe(200);

    const publicList = await t.app.inject({ url: '/api/v1/secret/public/' });
    expect(publicList.json()).toContainEqual(expect.objectContaining({ id: ids.public, username: 'Alice' }));
    const own = await t.app.inject({ url: '/api/v1/account/secrets', headers: await signIn(t, 'alice') });
    expect(own.json()).toContainEqual(expect.objectContaining({ id: ids.public }));
    const stats = await t.app.inject({ url: '/api/v1/stats', headers: await signIn(t, 'root') });
    expect(stats.json().secrets.created).toBe(42);
  },
};
