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
  /**
   * Set when this instance emails links (HUSH_SMTP_URL and HUSH_PUBLIC_URL, issue 29.1): a sign-up makes no account
   * until the link emailed to its address is opened with its password (modules/account-email). It answers (or
   * refuses with 429) before anything that depends on the address, which it looks up after the answer.
   */
  emailSignup?: (input: z.output<typeof SignupBody>, asker: SignupAsker) => Promise<void>;
}

/** Who signs up: their address (throttling) and their browser's languages (the email's). */
export interface SignupAsker {
  ip: string | null;
  acceptLanguage?: string | undefined;
}

/** A sign-up's answer on an instance that emails links: what happens next is in the email. */
export interface SignupPending {
  pending: true;
}

/** A sign-up whose link was opened with its password: the account it makes. */
export interface ConfirmedSignup {
  username: string;
  email: string;
  password_hash: string;
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

  /** Refuses a username or email that has an account (case-insensitively). */
  async function namesFree(username: string, email: string): Promise<void> {
    const taken = await users.taken(username, email);
    if (taken.username) throw usernameTaken();
    if (taken.email) throw emailTaken();
  }

  async function insertUser(
    fields: Omit<
      UserRow,
      'id' | 'username_lower' | 'email_lower' | 'created_at' | 'locale' | 'activity_seen_at' | 'email_events'
    >,
  ): Promise<UserRow> {
    const user: UserRow = {
      ...fields,
      id: randomToken(16),
      username_lower: fields.username.toLowerCase(),
      email_lower: fields.email.toLowerCase(),
      created_at: clock(),
      locale: null,
      activity_seen_at: 0,
      email_events: null,
    };
    try {
      await users.insert(user);
    } catch {
      // A concurrent sign-up took the name between the check and the insert (unique indexes decide).
      const again = await users.taken(fields.username, fields.email);
      throw again.username ? usernameTaken() : emailTaken();
    }
    return user;
  }

  async function createUser(input: z.output<typeof SignupBody>, role: string, generated = false): Promise<UserRow> {
    await namesFree(input.username, input.email);
    return insertUser({
      username: input.username,
      email: input.email,
      password_hash: await passwords.hash(input.password),
      role,
      generated: generated ? 1 : 0,
      // Proven only by a link sent to it (modules/account-email), never by typing it in.
      email_verified_at: null,
    });
  }

  /** Whether anyone may sign up here with a password and this address (asked again when a sign-up's link is opened). */
  async function signupOpen(email: string): Promise<void> {
    const settings = await deps.settings.get();
    if (deps.ssoOnly) throw ssoOnly();
    if (settings.disable_users || settings.disable_user_account_creation) throw signupDisabled();
    if (!emailInDomain(email, settings.restrict_organization_email)) {
      throw emailDomainNotAllowed(settings.restrict_organization_email);
    }
  }

  return {
    startSession,
    createUser,

    /**
     * Without email: the account, signed in at once (its answers tell whether the username or the address has an
     * account). With email (issue 29.1): only a taken username is told, for usernames are public (public lists);
     * whether the address has an account is told only to its owner, by email, and the answer is the same.
     */
    async signup(input: z.output<typeof SignupBody>, asker: SignupAsker): Promise<StartedSession | SignupPending> {
      await signupOpen(input.email);
      if (deps.emailSignup) {
        if (await users.findByUsername(input.username)) throw usernameTaken();
        await deps.emailSignup(input, asker);
        return { pending: true };
      }
      const user = await createUser(input, 'user');
      return startSession(user, { method: 'password' });
    },

    /** A sign-up's link is opened with its password: may it still make its account (open, names free)? */
    async checkSignup(pending: ConfirmedSignup): Promise<void> {
      await signupOpen(pending.email);
      await namesFree(pending.username, pending.email);
    },

    /** The account of a confirmed sign-up: its address proven by the link (`at`), signed in. */
    async finishSignup(pending: ConfirmedSignup, at: number): Promise<StartedSession> {
      const user = await insertUser({
        username: pending.username,
        email: pending.email,
        password_hash: pending.password_hash,
        role: 'user',
        generated: 0,
        email_verified_at: at,
      });
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
      await namesFree(input.username, input.email);
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
