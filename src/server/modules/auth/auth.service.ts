import type { z } from 'zod';
import type { SetupBody, SignupBody } from '../../../shared/api/auth.contract.js';
import { emailInDomain } from '../../../shared/rules/account.js';
import { clientGroup } from '../../../shared/rules/ip.js';
import type { SignInMethod } from '../../../shared/rules/two-factor.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import { memoryThrottleStore, SIGN_IN_THROTTLE, type ThrottleStore } from './attempts.js';
import {
  emailDomainNotAllowed,
  emailTaken,
  invalidCredentials,
  setupInvalid,
  signinDisabled,
  signupDisabled,
  ssoOnly,
  tooManyAttempts,
  usernameTaken,
} from './auth.errors.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { UserRow, UsersRepository } from './users.repository.js';

const DAY = 24 * 60 * 60 * 1000;

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  settings: SettingsService;
  passwords: PasswordHasher;
  clock: Clock;
  sessionDays: number;
  sessionMaxDays: number;
  setupTokens: {
    insert(hash: string, expiresAt: number): Promise<void>;
    take(hash: string, now: number): Promise<boolean>;
  };
  /** Where sign-in attempts are counted (attempts.ts); default: in this process. */
  throttle?: ThrottleStore;
  /**
   * HUSH_SSO_ONLY: nobody signs up with a password, and only admins sign in with one (break-glass, for when the
   * provider is down or misconfigured).
   */
  ssoOnly?: boolean;
  /** A new account signed itself up (its verification email: modules/account-email); not awaited. */
  signedUp?: (user: UserRow, acceptLanguage: string | undefined) => void;
}

/** A started session: the cookie token (only ever in the cookie) and what the login cookie shows. */
export interface StartedSession {
  token: string;
  user: UserRow;
  expiresAt: number;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { users, sessions, passwords, clock } = deps;
  const throttle = deps.throttle ?? memoryThrottleStore(SIGN_IN_THROTTLE);
  // Unknown users cost the same argon2id verification as known ones: timing tells nothing.
  const dummyHash = passwords.hash(randomToken(16));

  /** `method`: how the user proved who they are (the sessions list shows it; the two-factor rule reads it). */
  async function startSession(user: UserRow, options: { method?: SignInMethod } = {}): Promise<StartedSession> {
    const now = clock();
    const token = randomToken(32);
    const absolute = now + deps.sessionMaxDays * DAY;
    const expiresAt = Math.min(now + deps.sessionDays * DAY, absolute);
    await sessions.insert({
      id: sha256(token),
      user_id: user.id,
      created_at: now,
      expires_at: expiresAt,
      absolute_expires_at: absolute,
      method: options.method ?? null,
    });
    return { token, user, expiresAt };
  }

  async function createUser(input: z.output<typeof SignupBody>, role: string, generated = false): Promise<UserRow> {
    const taken = await users.taken(input.username, input.email);
    if (taken.username) throw usernameTaken();
    if (taken.email) throw emailTaken();
    const user: UserRow = {
      id: randomToken(16),
      username: input.username,
      username_lower: input.username.toLowerCase(),
      email: input.email,
      email_lower: input.email.toLowerCase(),
      password_hash: await passwords.hash(input.password),
      role,
      generated: generated ? 1 : 0,
      created_at: clock(),
      locale: null,
      activity_seen_at: 0,
      email_events: null,
      // Proven only by a link sent to it (modules/account-email), never by typing it in.
      email_verified_at: null,
    };
    try {
      await users.insert(user);
    } catch {
      // A concurrent sign-up took the name between the check and the insert (unique indexes decide).
      const again = await users.taken(input.username, input.email);
      throw again.username ? usernameTaken() : emailTaken();
    }
    return user;
  }

  return {
    startSession,
    createUser,

    async signup(input: z.output<typeof SignupBody>, acceptLanguage?: string): Promise<StartedSession> {
      const settings = await deps.settings.get();
      if (deps.ssoOnly) throw ssoOnly();
      if (settings.disable_users || settings.disable_user_account_creation) throw signupDisabled();
      if (!emailInDomain(input.email, settings.restrict_organization_email)) {
        throw emailDomainNotAllowed(settings.restrict_organization_email);
      }
      const user = await createUser(input, 'user');
      deps.signedUp?.(user, acceptLanguage);
      return startSession(user, { method: 'password' });
    },

    /**
     * The first step of a password sign-in: the account, when the password is right. The route then starts a
     * session, or a pending sign-in when the account has a second factor (second-factor.ts); there is no way to a
     * session from a password alone that could skip that. `ip` is the caller's address: attempts are throttled per
     * account and client (attempts.ts), so failures from elsewhere never keep the owner out.
     */
    async checkPassword(login: string, password: string, ip: string | null): Promise<UserRow> {
      const user = await users.findByLogin(login);
      // Counted per account, whether its username or its email is typed (else each name gets its own count), and
      // the same way for names without an account: the throttle tells nothing about which exist.
      const key = `${user?.username_lower ?? login.toLowerCase()}|${clientGroup(ip) ?? 'unknown'}`;
      const wait = await throttle.take(key, clock());
      if (wait > 0) throw tooManyAttempts(Math.ceil(wait / 1000));
      const valid = await passwords.verify(user?.password_hash ?? (await dummyHash), password);
      if (!user || !valid) throw invalidCredentials();
      await throttle.clear(key);
      const settings = await deps.settings.get();
      if (settings.disable_users && user.role !== 'admin') throw signinDisabled();
      if (deps.ssoOnly && user.role !== 'admin') throw ssoOnly();
      return user;
    },

    async signout(sessionId: string): Promise<void> {
      await sessions.delete(sessionId);
    },

    /** Slides the session forward, never past its absolute maximum. */
    async refresh(sessionId: string, absoluteExpiresAt: number): Promise<number> {
      const expiresAt = Math.min(clock() + deps.sessionDays * DAY, absoluteExpiresAt);
      await sessions.extend(sessionId, expiresAt);
      return expiresAt;
    },

    async resolveSession(token: string) {
      return sessions.find(sha256(token), clock());
    },

    /** When no admin exists, a one-time link (valid 24 hours) lets the operator create one. */
    async issueSetupToken(): Promise<string | null> {
      if ((await users.countAdmins()) > 0) return null;
      const token = randomToken(32);
      await deps.setupTokens.insert(sha256(token), clock() + DAY);
      return token;
    },

    async setup(input: z.output<typeof SetupBody>): Promise<StartedSession> {
      if ((await users.countAdmins()) > 0) throw setupInvalid();
      // A taken name must not use the one-time token up: the operator could not try again without a restart.
      const taken = await users.taken(input.username, input.email);
      if (taken.username) throw usernameTaken();
      if (taken.email) throw emailTaken();
      if (!(await deps.setupTokens.take(sha256(input.token), clock()))) throw setupInvalid();
      return startSession(await createUser(input, 'admin'), { method: 'password' });
    },

    /**
     * HUSH_ADMIN_USERNAME/PASSWORD at start-up: creates that admin if it does not exist yet, and gives an existing
     * user of that name the admin role back when the instance has no admin left (an instance is never stuck
     * without one). While other admins exist, an existing user's role is theirs to manage.
     */
    async ensureAdmin(username: string, password: string, email: string): Promise<'created' | 'restored' | 'exists'> {
      const existing = await users.findByUsername(username);
      if (!existing) {
        await createUser({ username, password, email }, 'admin');
        return 'created';
      }
      if (existing.role !== 'admin' && (await users.promoteIfNoAdmin(existing.id))) return 'restored';
      return 'exists';
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
