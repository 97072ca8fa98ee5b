import type { Insertable, Selectable } from 'kysely';
import type { Db, OidcFlowsTable, OidcLinkTicketsTable, UserIdentitiesTable } from '../../db/schema.js';
import { addressUnproven } from '../auth/users.repository.js';

export type FlowRow = Selectable<OidcFlowsTable>;
export type LinkTicketRow = Selectable<OidcLinkTicketsTable>;
export type IdentityRow = Selectable<UserIdentitiesTable>;

/** SQL only, for the OpenID sign-in (migration 0013). Flows and tickets are taken with one DELETE: used once. */
export function createOidcRepository(db: Db) {
  return {
    async insertFlow(row: Insertable<OidcFlowsTable>): Promise<void> {
      await db.insertInto('oidc_flows').values(row).execute();
    },

    /** The flow, deleted in the same statement: a second callback with the same cookie finds nothing. */
    async takeFlow(id: string, now: number): Promise<FlowRow | undefined> {
      const row = await db.deleteFrom('oidc_flows').where('id', '=', id).returningAll().executeTakeFirst();
      return row && row.expires_at > now ? row : undefined;
    },

    async insertTicket(row: Insertable<OidcLinkTicketsTable>): Promise<void> {
      await db.insertInto('oidc_link_tickets').values(row).execute();
    },

    async findTicket(id: string, now: number): Promise<LinkTicketRow | undefined> {
      return db
        .selectFrom('oidc_link_tickets')
        .selectAll()
        .where('id', '=', id)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async takeTicket(id: string, now: number): Promise<LinkTicketRow | undefined> {
      const row = await db.deleteFrom('oidc_link_tickets').where('id', '=', id).returningAll().executeTakeFirst();
      return row && row.expires_at > now ? row : undefined;
    },

    async findIdentity(issuer: string, subject: string): Promise<IdentityRow | undefined> {
      return db
        .selectFrom('user_identities')
        .selectAll()
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },

    async identitiesOf(userId: string): Promise<IdentityRow[]> {
      return db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    },

    /**
     * False when the identity is linked already (the unique issuer and subject decide, also under a race). Whether
     * the account's address was proven is read in the same statement (migration 0015).
     */
    async insertIdentity(row: Omit<Insertable<UserIdentitiesTable>, 'added_unverified'>): Promise<boolean> {
      try {
        await db
          .insertInto('user_identities')
          .values({ ...row, added_unverified: addressUnproven(row.user_id) })
          .execute();
        return true;
      } catch (error) {
        const linked = await db
          .selectFrom('user_identities')
          .select('id')
          .where('issuer', '=', row.issuer)
          .where('subject', '=', row.subject)
          .executeTakeFirst();
        if (linked) return false;
        throw error;
      }
    },

    async identityUsed(id: string, now: number, email: string | null): Promise<void> {
      await db.updateTable('user_identities').set({ last_used_at: now, email }).where('id', '=', id).execute();
    },

    async deleteIdentity(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('user_identities')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Marks a session as started by a provider, with the ID token to sign out there with. */
    async markSession(sessionId: string, provider: string, idToken: string | null): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ oidc_provider: provider, oidc_id_token: idToken })
        .where('id', '=', sessionId)
        .execute();
    },

    async sessionProvider(sessionId: string): Promise<{ provider: string; idToken: string | null } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select(['oidc_provider', 'oidc_id_token'])
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row?.oidc_provider ? { provider: row.oidc_provider, idToken: row.oidc_id_token } : undefined;
    },

    async purge(now: number): Promise<void> {
      await db.deleteFrom('oidc_flows').where('expires_at', '<=', now).execute();
      await db.deleteFrom('oidc_link_tickets').where('expires_at', '<=', now).execute();
    },
  };
}

export type OidcRepository = ReturnType<typeof createOidcRepository>;
