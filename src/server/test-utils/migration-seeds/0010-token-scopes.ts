import { expect } from 'vitest';
import { sha256 } from '../../lib/tokens.js';
import { type Step, DAY, ids, iso, tokens } from './world.js';

/** Data as migration 0010-token-scopes left it, and how the latest app still reads it. */
export const stepTokenScopes: Step = {
  // Two of Alice's API tokens: one with no scopes stored (as every token made before scopes is), one that may only
  // read her secrets.
  async seed(db, { now }) {
    const token = (id: string, secret: string, scopes: string | null) => ({
      id,
      user_id: ids.alice,
      name: id === ids.legacyToken ? 'old script' : 'reader',
      token_hash: sha256(secret),
      created_at: now - DAY,
      last_used_at: null,
      expires_at: null,
      scopes,
    });
    await db
      .insertInto('api_tokens')
      .values([
        token(ids.legacyToken, tokens.legacyApi, null),
        token(ids.scopedToken, tokens.scopedApi, JSON.stringify(['secrets:read'])),
      ])
      .execute();
  },
  async check(t, { now }) {
    const call = (secret: string, url: string) =>
      t.app.inject({ url: `/api/v1${url}`, headers: { authorization: `Bearer ${secret}` } });
    for (const url of ['/secret', '/requests', '/account/webhooks']) {
      const response = await call(tokens.legacyApi, url);
      expect(response.statusCode, `the token made before scopes: ${url} ${response.body}`).toBe(200);
    }
    expect((await call(tokens.scopedApi, '/secret')).statusCode).toBe(200);
    expect((await call(tokens.scopedApi, '/requests')).json()).toMatchObject({
      code: 'auth.token_scope',
      scope: 'requests',
    });
    // Last use is recorded after the answer, so it is left out here.
    const listed = (await call(tokens.legacyApi, '/account/tokens')).json<{ id: string }[]>();
    const seeded = listed.filter((token) => [ids.legacyToken, ids.scopedToken].includes(token.id));
    // Both were made at the same time: their order is not defined.
    expect(seeded).toHaveLength(2);
    expect(seeded).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: ids.legacyToken, name: 'old script', createdAt: iso(now - DAY), scopes: null }),
        expect.objectContaining({ id: ids.scopedToken, name: 'reader', expiresAt: null, scopes: ['secrets:read'] }),
      ]),
    );
  },
};
