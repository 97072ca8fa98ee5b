import type { Db } from '../../db/schema.js';
import type { Audience } from '../receipts/status-record.js';

/** How long this instance trusts its answer to "does an instance webhook listen?" (another instance may change it). */
export const AUDIENCE_REFRESH_MS = 5_000;

/**
 * Who hears of an event: its user always (the activity page), and events of nobody's (anonymous secrets) only while
 * an instance channel listens: the pinned HUSH_WEBHOOK_URL or an enabled instance webhook. The read path asks this on
 * every view, so the answer is kept and refreshed in the background every few seconds: an instance webhook added on
 * another instance hears anonymous events within AUDIENCE_REFRESH_MS.
 */
export function createAudience(db: Db, options: { pinned: boolean; now?: () => number }) {
  const now = options.now ?? Date.now;
  let listening = options.pinned;
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    if (options.pinned) return;
    const row = await db
      .selectFrom('webhooks')
      .select('id')
      .where('owner_id', 'is', null)
      .where('enabled', '=', 1)
      .limit(1)
      .executeTakeFirst();
    listening = row !== undefined;
    checkedAt = now();
  }

  const audience: Audience & { refresh(): Promise<void> } = {
    wants(userId) {
      if (userId !== null) return true;
      if (!options.pinned && !checking && now() - checkedAt > AUDIENCE_REFRESH_MS) {
        checking = refresh()
          .catch(() => {})
          .finally(() => {
            checking = null;
          });
      }
      return listening;
    },
    /** Now, not within seconds: after this instance changed its instance webhooks. */
    refresh,
  };
  return audience;
}
