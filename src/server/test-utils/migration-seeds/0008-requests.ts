import { expect } from 'vitest';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { type Step, HOUR, DAY, ids, tokens, secretRow, signIn } from './world.js';

/** Data as migration 0008-requests left it, and how the latest app still reads it. */
export const stepRequests: Step = {
  // Alice's request for one response, answered: its one place taken by a response, a secret of hers.
  async seed(db, { now }) {
    await db
      .insertInto('requests')
      .values({
        id: ids.request,
        owner_id: ids.alice,
        title: 'hush1.dGl0bGU',
        text: null,
        public_key: randomToken(32),
        wrapped_key: 'hushrk1.d3JhcHBlZA',
        max_responses: 1,
        responses_used: 1,
        response_ttl: 86400,
        response_views: 2,
        allow_files: 0,
        allowed_ip: null,
        created_at: now - 2 * HOUR,
        expires_at: now + 7 * DAY,
        revoked_at: null,
        ended: 0,
      })
      .execute();
    await db
      .insertInto('secrets')
      .values({
        ...secretRow(now, ids.response),
        max_views: 2,
        views_left: 2,
        owner_id: ids.alice,
        key_proof_hash: sha256(tokens.responseProof),
        request_id: ids.request,
        request_key: tokens.ephemeralKey,
      })
      .execute();
  },
  async check(t) {
    const alice = await signIn(t, 'alice');
    expect((await t.app.inject({ url: '/api/v1/requests/unread', headers: alice })).json()).toEqual({ unread: 1 });
    const detail = await t.app.inject({ url: `/api/v1/requests/${ids.request}`, headers: alice });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      id: ids.request,
      state: 'answered',
      answered: 1,
      unread: 1,
      responses: [{ id: ids.response, ephemeralKey: tokens.ephemeralKey, maxViews: 2, viewsLeft: 2 }],
    });
    const form = await t.app.inject({ url: `/api/v1/requests/${ids.request}/form` });
    expect(form.json()).toMatchObject({ code: 'secret_request.not_found' });
    const url = `/api/v1/secret/${ids.response}`;
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(403);
    const opened = await t.app.inject({ method: 'POST', url, payload: { keyProof: tokens.responseProof } });
    expect(opened.json()).toMatchObject({ id: ids.response, viewsLeft: 1 });
  },
};
