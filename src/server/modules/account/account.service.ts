import { emailInDomain } from '../../../shared/rules/account.js';
import type { z } from 'zod';
import type { AccountUpdateBody, CreateTokenBody } from '../../../shared/api/account.contract.js';
import { notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { scopesFor, TOKEN_SCOPES } from '../../../shared/rules/tokens.js';
import { emailDomainNotAllowed, emailTaken, notSignedIn, scopeNotAllowed } from '../auth/auth.errors.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import type { ApiTokenRow, TokensRepository } from '../auth/tokens.repository.js';
import type { UserRow, UsersRepository } from '../auth/users.repository.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { currentPasswordInvalid, lastAdminAccount } from './account.errors.js';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
const DAY = 24 * 60 * 60 * 1000;

export interface AccountServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  tokens: TokensRepository;
  /** The account's secrets and their files, through the secrets service only. */
  secrets: Pick<SecretsService, 'listOwned' | 'files'>;
  settings: SettingsService;
  passwords: PasswordHasher;
  clock: Clock;
  /** The account's address changed (its verification email: modules/account-email); not awaited. */
  emailChanged?: (user: UserRow) => void;
}

export function presentAccount(user: UserRow) {
  return {
    username: user.username,
    email: user.email,
    role: user.role as 'user' | 'creator' | 'admin',
    generated: user.generated === 1,
    createdAt: iso(user.created_at),
    emailVerified: user.email_verified_at !== null,
  };
}

function presentToken(row: ApiTokenRow) {
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.created_at),
    lastUsedAt: isoOrNull(row.last_used_at),
    expiresAt: isoOrNull(row.expires_at),
    scopes: row.scopes,
  };
}

export function createAccountService(deps: AccountServiceDeps) {
  const { users, sessions, tokens, passwords, clock } = deps;

  async function checkPassword(user: UserRow, password: string): Promise<void> {
    if (!(await passwords.verify(user.password_hash, password))) {
      throw currentPasswordInvalid();
    }
  }

  return {
    async update(user: UserRow, sessionId: string, body: z.output<typeof AccountUpdateBody>) {
      await checkPassword(user, body.currentPassword);
      const changes: Partial<UserRow> = {};
      if (body.email && body.email.toLowerCase() !== user.email_lower) {
        const { restrict_organization_email: domain } = await deps.settings.get();
        if (!emailInDomain(body.email, domain)) throw emailDomainNotAllowed(domain);
        if ((await users.taken('', body.email)).email) throw emailTaken();
        // A new address is not proven by the old one's verification.
        Object.assign(changes, { email: body.email, email_lower: body.email.toLowerCase(), email_verified_at: null });
      }
      if (body.newPassword) {
        changes.password_hash = await passwords.hash(body.newPassword);
        changes.generated = 0;
      }
      if (body.generated !== undefined && !body.newPassword) changes.generated = body.generated ? 1 : 0;
      if (Object.keys(changes).length > 0) await users.update(user.id, changes);
      // A new password ends every other session and every API token: whoever held one with the old password is out
      // (issue 29.1), this session goes on.
      if (body.newPassword) await sessions.endAccess(user.id, sessionId);
      if (changes.email) deps.emailChanged?.({ ...user, ...changes });
      return presentAccount({ ...user, ...changes });
    },

    async delete(user: UserRow, password: string) {
      await checkPassword(user, password);
      // The instance must keep an admin: the last one cannot delete itself. The count and the deletion happen in the
      // transaction that locks the admins, as for an admin deleting or demoting a user: two admins deleting
      // themselves at once cannot both go.
      const result = await users.deleteGuarded(user.id);
      if (result.outcome === 'last_admin') throw lastAdminAccount();
      if (result.outcome === 'not_found') throw notSignedIn();
      // Its secrets went with the account; their files' rows outlive them until the blobs are deleted, now.
      await deps.secrets.files.deleteOwnedBy(user.id);
      return { deleted: true as const };
    },

    ownSecrets(user: UserRow) {
      return deps.secrets.listOwned(user.id);
    },

    async listTokens(user: UserRow) {
      return (await tokens.listForUser(user.id)).map(presentToken);
    },

    /**
     * The token itself is returned once and stored only as its SHA-256. It may have only scopes its user may give:
     * admin needs an admin (and is checked again, with the role, on every call).
     */
    async createToken(user: UserRow, body: z.output<typeof CreateTokenBody>) {
      const refused = body.scopes.find((scope) => !scopesFor(user.role).includes(scope));
      if (refused) throw scopeNotAllowed(refused);
      const now = clock();
      const token = `hush_${randomToken(32)}`;
      const row = {
        id: randomToken(12),
        user_id: user.id,
        name: body.name,
        token_hash: sha256(token),
        created_at: now,
        last_used_at: null,
        expires_at: body.expiresInDays ? now + body.expiresInDays * DAY : null,
        // In the order of TOKEN_SCOPES, whatever order they came in.
        scopes: TOKEN_SCOPES.filter((scope) => body.scopes.includes(scope)),
      };
      await tokens.insert(row);
      return { ...presentToken(row), token };
    },

    async revokeToken(user: UserRow, id: string) {
      if (!(await tokens.delete(id, user.id))) throw notFound();
      return { revoked: true as const };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
