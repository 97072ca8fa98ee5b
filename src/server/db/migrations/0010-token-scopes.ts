import type { Kysely } from 'kysely';

/**
 * API token scopes (issue 16): `api_tokens.scopes` is a JSON array of scopes (src/shared/rules/tokens.ts). NULL is a
 * token made before scopes: it keeps acting with everything its user may, so no integration breaks on upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('scopes', 'text').execute();
}
