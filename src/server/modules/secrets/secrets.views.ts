import type { SecretRow } from './secrets.repository.js';

export const iso = (ms: number) => new Date(ms).toISOString();

/** What a live secret's record says so far (its receipt has the details). */
export function viewRecord(row: SecretRow) {
  const views = row.view_times ? row.view_times.split(',') : [];
  const last = views.at(-1);
  return {
    viewsUsed: row.prevent_burn === 1 ? views.length : row.max_views - row.views_left,
    lastViewedAt: last ? iso(Number(last)) : null,
    failedAttempts: row.failed_attempts,
  };
}

export function status(row: SecretRow) {
  return {
    id: row.id,
    maxViews: row.max_views,
    viewsLeft: row.views_left,
    preventBurn: row.prevent_burn === 1,
    isPublic: row.is_public === 1,
    requiresKeyProof: row.key_proof_hash !== null,
    expiresAt: iso(row.expires_at),
  };
}
