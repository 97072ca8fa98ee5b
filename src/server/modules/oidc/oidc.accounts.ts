import { emailInDomain, type Role } from '../../../shared/rules/account.js';
import { clientGroup } from '../../../shared/rules/ip.js';
import type { OidcProviderConfig } from '../../config-oidc.js';
import { HttpError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { ThrottleStore } from '../auth/attempts.js';
import { emailDomainNotAllowed, invalidCredentials, signinDisabled, tooManyAttempts } from '../auth/auth.errors.js';
import type { AuthService, StartedSession } from '../auth/auth.service.js';
import type { UserRow, UsersRepository } from '../auth/users.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  emailOf,
  emailVerified,
  roleFrom,
  usernameBase,
  usernameCandidates,
  type OidcClaims,
  type RoleMapping,
} from './oidc.claims.js';
import {
  emailUnverified,
  identityTaken,
  linkInvalid,
  linkNeedsSignIn,
  noAccount,
  noEmail,
  OidcRefusal,
  type CallbackOutcome,
} from './oidc.errors.js';
import type { FlowRow, OidcRepository } from './oidc.repository.js';

/** An identity waits this long for the account's password to confirm the link. */
const TICKET_MS = 10 * 60 * 1000;

export interface OidcAccountsDeps {
  repository: OidcRepository;
  users: UsersRepository;
  auth: Pick<AuthService, 'startSession' | 'createUser'>;
  settings: Pick<SettingsService, 'get'>;
  passwords: PasswordHasher;
  clock: Clock;
  /** HUSH_OIDC_AUTO_CREATE: a first sign-in makes the account. */
  autoCreate: boolean;
  roles: RoleMapping | null;
  providerName: (id: string) => string;
  /** Password confirmations of a link, counted per account and client like password sign-ins. */
  throttle: ThrottleStore;
  /** Whether the account signs in with a second factor (auth/second-factor.ts). */
  hasSecondFactor(userId: string): Promise<boolean>;
  log: { warn(object: object, message: string): void };
}

/**
 * Who an OpenID identity is on this instance: the account linked to it; else an existing account with the same
 * email, linked only when the provider verified that email and the account's password confirms it; else a new
 * account (HUSH_OIDC_AUTO_CREATE, the organisation's email domain). The role claim, when configured, sets the role
 * at every sign-in, but never takes the last admin's away.
 */
export function createOidcAccounts(deps: OidcAccountsDeps) {
  const { repository, users, clock } = deps;

  async function applyRole(user: UserRow, role: Role | null): Promise<UserRow> {
    if (!role || role === user.role) return user;
    const changed = await users.updateGuarded(user.id, user.email, role);
    if (changed.outcome === 'done') return changed.user;
    deps.log.warn({ userId: user.id, role }, 'OpenID role claim would demote the last admin: the role is kept');
    return user;
  }

  async function allowed(user: UserRow): Promise<void> {
    if ((await deps.settings.get()).disable_users && user.role !== 'admin') throw signinDisabled();
  }

  async function signIn(user: UserRow, provider: string, idToken: string | null): Promise<StartedSession> {
    await allowed(user);
    // The provider owns its factors: no local second factor is asked for (issue 16's shared decision).
    const started = await deps.auth.startSession(user, { method: 'oidc' });
    await repository.markSession(sha256(started.token), provider, idToken);
    return started;
  }

  async function createAccount(claims: OidcClaims, email: string, role: Role): Promise<UserRow> {
    for (const username of usernameCandidates(usernameBase(claims))) {
      try {
        // Nobody knows this password: the account signs in through its provider (or after a reset).
        return await deps.auth.createUser({ username, email, password: randomToken(24) }, role);
      } catch (error) {
        if (!(error instanceof HttpError && error.code === 'auth.username_taken')) throw error;
      }
    }
    throw noAccount();
  }

  const identityRow = (user: UserRow, provider: string, claims: OidcClaims, createdPasswordHash?: string) => ({
    id: randomToken(16),
    user_id: user.id,
    provider,
    issuer: claims.iss,
    subject: claims.sub,
    email: emailOf(claims),
    created_at: clock(),
    last_used_at: clock(),
    created_password_hash: createdPasswordHash ?? null,
  });

  /** A signed-in user linking another provider (from the security page): their session goes on as it was. */
  async function linkToSignedIn(userId: string, provider: string, claims: OidcClaims, flow: FlowRow) {
    const identity = await repository.findIdentity(claims.iss, claims.sub);
    if (identity && identity.user_id !== userId) {
      throw new OidcRefusal(identityTaken(), 'identity_of_another_account', undefined, flow.next);
    }
    const user = await users.findById(userId);
    if (!user) throw new OidcRefusal(linkInvalid(), 'user_gone');
    if (!identity && !(await repository.insertIdentity(identityRow(user, provider, claims)))) throw identityTaken();
    return { kind: 'linked' as const, next: flow.next };
  }

  return {
    async resolve(
      provider: OidcProviderConfig,
      claims: OidcClaims,
      idToken: string | null,
      flow: FlowRow,
    ): Promise<CallbackOutcome> {
      if (flow.user_id) return linkToSignedIn(flow.user_id, provider.id, claims, flow);
      const role = deps.roles ? roleFrom(claims, deps.roles) : null;
      const identity = await repository.findIdentity(claims.iss, claims.sub);
      const known = identity && (await users.findById(identity.user_id));
      if (known) {
        const user = await applyRole(known, role);
        await repository.identityUsed(identity.id, clock(), emailOf(claims));
        return { kind: 'session', started: await signIn(user, provider.id, idToken), next: flow.next };
      }
      const email = emailOf(claims);
      const existing = email ? await users.findByLogin(email) : undefined;
      if (existing) {
        if (!emailVerified(claims)) throw new OidcRefusal(emailUnverified(), 'link_email_unverified');
        const ticket = randomToken(32);
        await repository.insertTicket({
          id: sha256(ticket),
          user_id: existing.id,
          provider: provider.id,
          issuer: claims.iss,
          subject: claims.sub,
          email: existing.email,
          id_token: idToken,
          role,
          next: flow.next,
          expires_at: clock() + TICKET_MS,
        });
        return { kind: 'link', ticket, next: flow.next };
      }
      if (!deps.autoCreate) throw new OidcRefusal(noAccount(), 'no_account');
      if (!email) throw new OidcRefusal(noEmail(), 'no_email');
      const settings = await deps.settings.get();
      const domain = settings.restrict_organization_email;
      if (!emailInDomain(email, domain)) throw emailDomainNotAllowed(domain);
      // The domain rule is only as good as the address: an unverified one proves nothing about the organisation.
      if (domain && !emailVerified(claims)) throw new OidcRefusal(emailUnverified(), 'domain_email_unverified');
      if (settings.disable_users && role !== 'admin') throw signinDisabled();
      let user = await createAccount(claims, email, role ?? 'user');
      if (emailVerified(claims)) {
        await users.update(user.id, { email_verified_at: clock() });
        user = { ...user, email_verified_at: clock() };
      }
      const created = identityRow(user, provider.id, claims, user.password_hash);
      if (!(await repository.insertIdentity(created))) throw identityTaken();
      return { kind: 'session', started: await signIn(user, provider.id, idToken), next: flow.next };
    },

    /** What the link confirmation page shows. */
    async linkInfo(ticket: string | undefined) {
      const row = ticket ? await repository.findTicket(sha256(ticket), clock()) : undefined;
      const user = row && (await users.findById(row.user_id));
      if (!row || !user) throw linkInvalid();
      return { username: user.username, email: user.email, provider: deps.providerName(row.provider) };
    },

    /** The account's password confirms the link: the identity is linked and the session starts. */
    async confirmLink(ticket: string | undefined, password: string, ip: string | null) {
      const row = ticket ? await repository.findTicket(sha256(ticket), clock()) : undefined;
      const user = row && (await users.findById(row.user_id));
      if (!row || !user) throw linkInvalid();
      const key = `link|${user.id}|${clientGroup(ip) ?? 'unknown'}`;
      const wait = await deps.throttle.take(key, clock());
      if (wait > 0) throw tooManyAttempts(Math.ceil(wait / 1000));
      if (!(await deps.passwords.verify(user.password_hash, password))) throw invalidCredentials();
      await deps.throttle.clear(key);
      // Later sign-ins by the provider skip the local second factor: linking with the password alone would let a
      // password (and a provider account with the same email) stand in for both factors. Such an account links from
      // its security page, after a full sign-in. Asked after the password, so it tells a stranger nothing.
      if (await deps.hasSecondFactor(user.id)) throw linkNeedsSignIn();
      // Taken once: two confirmations sent at the same time link once.
      const taken = await repository.takeTicket(row.id, clock());
      if (!taken) throw linkInvalid();
      const claims = { iss: taken.issuer, sub: taken.subject, email: taken.email };
      if (!(await repository.insertIdentity(identityRow(user, taken.provider, claims)))) throw identityTaken();
      const updated = await applyRole(user, taken.role as Role | null);
      return { started: await signIn(updated, taken.provider, taken.id_token), next: taken.next, userId: user.id };
    },
  };
}

export type OidcAccounts = ReturnType<typeof createOidcAccounts>;
