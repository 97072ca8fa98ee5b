import type { Db } from '../../db/schema.js';
import { isTokenScope, type TokenScope } from '../../../shared/rules/tokens.js';
import { recordEvents } from '../events/events.repository.js';
import type { UserRow } from './users.repository.js';

export interface ApiTokenRow {
  id: string;
  user_id: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  /** null: made before scopes (migration 0010), it acts with everything its user may. */
  scopes: TokenScope[] | null;
}

/** The stored JSON array, as scopes; a name this version does not know grants nothing. */
function parseScopes(stored: string | null): TokenScope[] | null {
  if (stored === null) return null;
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter(isTokenScope) : [];
}

export function createTokensRepository(db: Db) {
  return {
    /** A new token, and its event (token.created) in the same transaction. */
    async insert(row: ApiTokenRow & { token_hash: string }): Promise<void> {
      const stored = { ...row, scopes: row.scopes === null ? null : JSON.stringify(row.scopes) };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('api_tokens').values(stored).execute();
        await recordEvents(trx, [
          { type: 'token.created', userId: row.user_id, subjectId: row.id, at: row.created_at },
        ]);
      });
    },

    async listForUser(userId: string): Promise<ApiTokenRow[]> {
      const rows = await db
        .selectFrom('api_tokens')
        .select(['id', 'user_id', 'name', 'created_at', 'last_used_at', 'expires_at', 'scopes'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, scopes: parseScopes(row.scopes) }));
    },

    /** The live token with this hash, its scopes and its user (whose role is read now, with the token). */
    async findByHash(
      hash: string,
      now: number,
    ): Promise<{ tokenId: string; scopes: TokenScope[] | null; user: UserRow; used: boolean } | undefined> {
      const row = await db
        .selectFrom('api_tokens')
        .innerJoin('users', 'users.id', 'api_tokens.user_id')
        .selectAll('users')
        .select([
          'api_tokens.id as token_id',
          'api_tokens.last_used_at as token_used_at',
          'api_tokens.scopes as token_scopes',
        ])
        .where('api_tokens.token_hash', '=', hash)
        .where((eb) => eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', now)]))
        .executeTakeFirst();
      if (!row) return undefined;
      const { token_id, token_used_at, token_scopes, ...user } = row;
      return { tokenId: token_id, scopes: parseScopes(token_scopes), user, used: token_used_at !== null };
    },

    /**
     * Records a use. The first (`used` false when it was found) is an event, token.first_used, written once: only
     * the update that finds the token unused records it.
     */
    async touch(id: string, now: number, used = true): Promise<void> {
      if (used) {
        await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
        return;
      }
      await db.transaction().execute(async (trx) => {
        const first = await trx
          .updateTable('api_tokens')
          .set({ last_used_at: now })
          .where('id', '=', id)
          .where('last_used_at', 'is', null)
          .returning('user_id')
          .executeTakeFirst();
        if (first) {
          await recordEvents(trx, [{ type: 'token.first_used', userId: first.user_id, subjectId: id, at: now }]);
        } else {
          await trx.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
        }
      });
    },

    async delete(id: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('api_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;

export function createSetupTokensRepository(db: Db) {
  return {
    async insert(hash: string, expiresAt: number): Promise<void> {
      await db.insertInto('setup_tokens').values({ token_hash: hash, expires_at: expiresAt }).execute();
    },
    /** Uses the token up: true only for the one caller that deletes it while it is valid. */
    async take(hash: string, now: number): Promise<boolean> {
      const result = await db
        .deleteFrom('setup_tokens')
        .where('token_hash', '=', hash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
