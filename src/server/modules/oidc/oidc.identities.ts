import type { UsersRepository } from '../auth/users.repository.js';
import { identityNotFound, lastMethod } from './oidc.errors.js';
import type { OidcRepository } from './oidc.repository.js';

/**
 * The providers linked to an account, as its security page lists them, and unlinking one. The last way in is never
 * taken away: an identity that created its account, while the account still has the random password it was made
 * with (nobody knows it), may go only when another identity is left; and in SSO-only mode, where a non-admin has
 * no password sign-in, neither may a non-admin's last identity.
 */
export function createOidcIdentities(deps: {
  repository: OidcRepository;
  users: Pick<UsersRepository, 'findById'>;
  providerName: (id: string) => string;
  ssoOnly: boolean;
}) {
  const { repository } = deps;
  return {
    async list(userId: string) {
      const rows = await repository.identitiesOf(userId);
      return rows.map((row) => ({
        id: row.id,
        providerId: row.provider,
        provider: deps.providerName(row.provider),
        email: row.email,
        createdAt: new Date(row.created_at).toISOString(),
        lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
      }));
    },

    async unlink(userId: string, id: string): Promise<void> {
      const rows = await repository.identitiesOf(userId);
      const row = rows.find((item) => item.id === id);
      if (!row) throw identityNotFound();
      if (rows.length === 1) {
        const user = await deps.users.findById(userId);
        const noPassword = row.created_password_hash !== null && user?.password_hash === row.created_password_hash;
        if (noPassword || (deps.ssoOnly && user?.role !== 'admin')) throw lastMethod();
      }
      if (!(await repository.deleteIdentity(userId, id))) throw identityNotFound();
    },
  };
}

export type OidcIdentities = ReturnType<typeof createOidcIdentities>;
