import { Email, Username } from '../../../shared/api/auth.contract.js';
import { emailInDomain } from '../../../shared/rules/account.js';
import { randomToken } from '../../lib/tokens.js';
import { HttpError } from '../../http/errors.js';
import { emailDomainNotAllowed, signinDisabled } from '../auth/auth.errors.js';
import type { AuthService, StartedSession } from '../auth/auth.service.js';
import type { UserRow, UsersRepository } from '../auth/users.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import { headerInvalid, headerUnknownUser } from './trusted-header.errors.js';

export interface TrustedHeaderServiceDeps {
  auth: Pick<AuthService, 'startSession' | 'createUser' | 'signout'>;
  users: Pick<UsersRepository, 'findByUsername'>;
  settings: Pick<SettingsService, 'get'>;
  /** HUSH_AUTH_HEADER_AUTO_CREATE */
  autoCreate: boolean;
}

/** Who a trusted proxy vouches for (trusted-header.reader.ts). */
export interface HeaderUser {
  username: string;
  email: string | null;
}

/**
 * Turns a trusted proxy's word into a Hush session. The proxy is the authority on who the user is (it checked their
 * password and factors), so no local second factor is asked; Hush still decides what the account may do: its role,
 * the disabled-users switch, the organisation email domain for accounts it creates.
 */
export function createTrustedHeaderService(deps: TrustedHeaderServiceDeps) {
  /** The account the proxy's user name belongs to, created at the first sign-in when auto-create is on. */
  async function accountOf(vouched: HeaderUser): Promise<UserRow> {
    const username = Username.safeParse(vouched.username);
    if (!username.success) throw headerInvalid('username');
    const existing = await deps.users.findByUsername(username.data);
    if (existing) return existing;
    if (!deps.autoCreate) throw headerUnknownUser();
    // Like the bootstrap admin's: an address that can never receive mail, until the user sets theirs.
    const email = Email.safeParse(vouched.email ?? `${username.data}@localhost.invalid`);
    if (!email.success) throw headerInvalid('email');
    const settings = await deps.settings.get();
    if (settings.disable_users) throw signinDisabled();
    if (!emailInDomain(email.data, settings.restrict_organization_email)) {
      throw emailDomainNotAllowed(settings.restrict_organization_email);
    }
    try {
      // A random password nobody knows: the account signs in through the proxy (an admin may set one later).
      return await deps.auth.createUser(
        { username: username.data, email: email.data, password: randomToken(24) },
        'user',
      );
    } catch (error) {
      // Two first requests at once: the other one created the account.
      const created = await deps.users.findByUsername(username.data);
      if (created && error instanceof HttpError && error.code === 'auth.username_taken') return created;
      throw error;
    }
  }

  return {
    /**
     * A new session for the proxy's user. `currentSessionId`: the caller's session, ended first (a session of
     * another user is ended before this by the hook, trusted-header.hook.ts; one of the same user is replaced).
     */
    async signIn(vouched: HeaderUser, currentSessionId: string | null): Promise<StartedSession> {
      const user = await accountOf(vouched);
      if (user.role !== 'admin' && (await deps.settings.get()).disable_users) throw signinDisabled();
      if (currentSessionId) await deps.auth.signout(currentSessionId);
      // A header session: the proxy owns the factors, so a required second factor is not asked here.
      return deps.auth.startSession(user, { method: 'header' });
    },
  };
}

export type TrustedHeaderService = ReturnType<typeof createTrustedHeaderService>;
