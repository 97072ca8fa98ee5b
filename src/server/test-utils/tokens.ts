import type { Db } from '../db/schema.js';

/**
 * Turns an API token into one made before scopes (migration 0010), as an upgrade leaves it: no scopes stored, so it
 * acts with everything its user may.
 */
export async function madeBeforeScopes(db: Db, tokenId: string): Promise<void> {
  await db.updateTable('api_tokens').set({ scopes: null }).where('id', '=', tokenId).execute();
}
