import { expect } from 'vitest';
import { sha256 } from '../../lib/tokens.js';
import { type Step, MINUTE, ids, iso, tokens } from './world.js';

/** Data as migration 0016-pending-statuses left it, and how the latest app still reads it. */
export const stepPendingStatuses: Step = {
  // An instance was killed just after a last view: its status waits in the pending table, not yet moved.
  async seed(db, { now }) {
    await db
      .insertInto('secret_status_pending')
      .values({
        id: ids.pendingStatus,
        owner_id: null,
        request_id: null,
        delete_token_hash: sha256(tokens.deletePending),
        is_public: 0,
        prevent_burn: 0,
        file_count: 0,
        max_views: 1,
        views_used: 1,
        view_times: String(now - MINUTE),
        failed_times: null,
        reader_ips: null,
        created_at: now - 10 * MINUTE,
        expires_at: now + 10 * MINUTE,
        ended_at: now - MINUTE,
        end_reason: 'last_view',
      })
      .execute();
  },
  async check(t, { now }) {
    // The app that started moved it (on SQLite; PostgreSQL writes no pending statuses, and reads the table too).
    await t.services.settleStatuses();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/receipt/${ids.pendingStatus}`,
      payload: { deleteToken: tokens.deletePending },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'ended',
      endReason: 'last_view',
      views: [{ at: iso(now - MINUTE), ip: null }],
    });
    if (t.database.dialect === 'sqlite') {
      expect(await t.database.db.selectFrom('secret_status_pending').select('id').execute()).toEqual([]);
      const moved = await t.database.db
        .selectFrom('secret_status')
        .select('id')
        .where('id', '=', ids.pendingStatus)
        .execute();
      expect(moved).toEqual([{ id: ids.pendingStatus }]);
    }
  },
};
