import { EMAIL_TOKEN_MINUTES, emailLink, type EmailTokenPurpose } from '../../../shared/rules/account-email.js';
import { clientGroup } from '../../../shared/rules/ip.js';
import type { Language } from '../../../shared/rules/languages.js';
import { rateLimited } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { pickLanguage } from '../activity/activity.service.js';
import { invalidCredentials } from '../auth/auth.errors.js';
import type { AuthService, SignupAsker } from '../auth/auth.service.js';
import type { UserRow, UsersRepository } from '../auth/users.repository.js';
import type { ComposedMail, Mailer } from '../delivery/mailer.js';
import {
  alreadyVerified,
  emailUnavailable,
  resetLinkInvalid,
  signupLinkInvalid,
  verifyLinkInvalid,
} from './account-email.errors.js';
import type { EmailThrottles } from './account-email.throttles.js';
import { composeAccountMail, composeSignupTaken } from './account-mail.js';
import { anyUnproven } from './handover.js';
import type { EmailTokensRepository } from './email-tokens.repository.js';
import type { SignupRequestsRepository } from './signup-requests.repository.js';

export interface AccountEmailDeps {
  tokens: EmailTokensRepository;
  signups: SignupRequestsRepository;
  users: Pick<UsersRepository, 'findByLogin'>;
  /** A confirmed sign-up's account is made by the sign-up's owner (modules/auth). */
  auth: Pick<AuthService, 'checkSignup' | 'finishSignup'>;
  passwords: PasswordHasher;
  clock: Clock;
  /** The SMTP sender (HUSH_SMTP_URL), null without one. */
  mailer: Pick<Mailer, 'sendComposed'> | null;
  /** HUSH_PUBLIC_URL: the only address links are built on (never the request's Host, which anyone can forge). */
  publicUrl: string | null;
  forcedLanguage: Language | null;
  throttles: EmailThrottles;
  log: { warn(object: object, message: string): void };
}

/** Who asked, as far as the emails care: their address (throttling) and their browser's languages. */
export interface Asker extends SignupAsker {
  /** Records a refused link in the security log (auth/security-events.ts): what it was for, never the token. */
  refused?(details: { purpose: EmailTokenPurpose; reason: string }): void;
}

/**
 * Issue 16.4: verification of an account's address and password reset, both by a one-time link emailed to it; and
 * (issue 29.1) sign-up, whose account is made only by a link emailed to its address, opened with its password.
 *
 * Emails go out in the background, after the answer: SMTP can take seconds, a failure must not undo a sign-up, and
 * a reset request must take as long for an account that exists as for one that does not (no enumeration by time).
 * `settled()` waits for those in flight (shutdown, tests).
 */
export function createAccountEmailService(deps: AccountEmailDeps) {
  const { tokens, clock, throttles } = deps;
  const inFlight = new Set<Promise<void>>();
  const available = deps.mailer !== null && deps.publicUrl !== null;
  const group = (ip: string | null) => clientGroup(ip) ?? 'unknown';

  const languageOf = (user: Pick<UserRow, 'locale'>, asker: Asker): Language =>
    deps.forcedLanguage ?? (user.locale as Language | null) ?? pickLanguage(asker.acceptLanguage) ?? 'en';

  async function send(mail: ComposedMail, context: { purpose: string; userId?: string }): Promise<void> {
    const result = await deps.mailer!.sendComposed(mail);
    if (!result.ok) deps.log.warn({ ...context, error: result.error }, 'account email not sent');
  }

  /** A new link of `purpose` for the user (older ones stop working), emailed to the account's address. */
  async function issue(user: UserRow, purpose: 'verify_email' | 'reset_password', asker: Asker): Promise<void> {
    const token = randomToken(32);
    const now = clock();
    await tokens.replace({
      token_hash: sha256(token),
      user_id: user.id,
      purpose,
      email: user.email,
      created_at: now,
      expires_at: now + EMAIL_TOKEN_MINUTES[purpose] * 60_000,
    });
    // A reset email says beforehand what the reset would take away (handover.ts), when there is something.
    const removes = purpose === 'reset_password' && anyUnproven(await tokens.unproven(user.id, now));
    const mail = composeAccountMail({
      purpose,
      to: user.email,
      username: user.username,
      link: emailLink(deps.publicUrl!, purpose, token),
      language: languageOf(user, asker),
      removes,
    });
    await send(mail, { purpose, userId: user.id });
  }

  /**
   * After a sign-up's answer: its address's owner gets either the link that makes the account (a free address) or
   * a notice that someone tried (an address with an account), a few per address and day at most.
   */
  async function signupMail(input: SignupInput, passwordHash: string, asker: Asker): Promise<void> {
    const address = input.email.toLowerCase();
    if ((await throttles.signupAddress.take(address, clock())) > 0) return;
    const owner = await deps.users.findByLogin(address);
    if (owner && owner.email_lower === address) {
      const link = `${deps.publicUrl!.replace(/\/+$/, '')}/forgot-password`;
      const mail = composeSignupTaken({
        to: owner.email,
        username: owner.username,
        link,
        language: languageOf(owner, asker),
      });
      await send(mail, { purpose: 'signup_taken', userId: owner.id });
      return;
    }
    const token = randomToken(32);
    const now = clock();
    await deps.signups.insert({
      token_hash: sha256(token),
      username: input.username,
      email: input.email,
      password_hash: passwordHash,
      created_at: now,
      expires_at: now + EMAIL_TOKEN_MINUTES.confirm_signup * 60_000,
    });
    const mail = composeAccountMail({
      purpose: 'confirm_signup',
      to: input.email,
      username: input.username,
      link: emailLink(deps.publicUrl!, 'confirm_signup', token),
      language: languageOf({ locale: null }, asker),
    });
    await send(mail, { purpose: 'confirm_signup' });
  }

  function inBackground(work: () => Promise<void>): void {
    const running = work()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'account email failed'))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  async function linkAttempt(asker: Asker): Promise<string> {
    const key = group(asker.ip);
    const wait = await throttles.links.take(key, clock());
    if (wait > 0) throw rateLimited(Math.ceil(wait / 1000));
    return key;
  }

  return {
    /** Whether this instance can email links at all (an SMTP server and its public address). */
    available,

    /** After an email change: a verification link, sent in the background. Nothing without email. */
    sendVerification(user: UserRow, asker: Asker): void {
      if (!available || user.email_verified_at !== null) return;
      inBackground(() => issue(user, 'verify_email', asker));
    },

    /** "Send the link again": throttled per account. */
    async resendVerification(user: UserRow, asker: Asker) {
      if (!available) throw emailUnavailable();
      if (user.email_verified_at !== null) throw alreadyVerified();
      const wait = await throttles.resend.take(user.id, clock());
      if (wait > 0) throw rateLimited(Math.ceil(wait / 1000));
      inBackground(() => issue(user, 'verify_email', asker));
      return { sent: true as const, email: user.email };
    },

    async verify(token: string, asker: Asker) {
      const key = await linkAttempt(asker);
      const email = await tokens.verify(sha256(token), clock());
      if (email === null) {
        asker.refused?.({ purpose: 'verify_email', reason: 'invalid' });
        throw verifyLinkInvalid();
      }
      await throttles.links.clear(key);
      return { verified: true as const, email };
    },

    /**
     * The same answer, after the same work, whether or not the account exists: everything that depends on it (the
     * account's throttle, the link, the email) happens after the answer. A client asking too often is told so
     * (429), whichever names it asks for; an account asked for too often silently gets no more emails for a while.
     */
    async requestReset(login: string, asker: Asker) {
      if (!available) throw emailUnavailable();
      const wait = await throttles.resetClient.take(group(asker.ip), clock());
      if (wait > 0) throw rateLimited(Math.ceil(wait / 1000));
      const user = await deps.users.findByLogin(login);
      if (user) {
        inBackground(async () => {
          if ((await throttles.resetAccount.take(user.id, clock())) > 0) return;
          await issue(user, 'reset_password', asker);
        });
      }
      return { accepted: true as const };
    },

    /** A new password from a reset link: every session of the account ends; the owner signs in next. */
    async confirmReset(token: string, password: string, asker: Asker) {
      const key = await linkAttempt(asker);
      // Hashed before the link is used: the transaction that uses it then writes at once, or not at all.
      const hash = await deps.passwords.hash(password);
      const done = await tokens.resetPassword(sha256(token), clock(), hash);
      if (done === null) {
        asker.refused?.({ purpose: 'reset_password', reason: 'invalid' });
        throw resetLinkInvalid();
      }
      await throttles.links.clear(key);
      return { reset: true as const, ...done };
    },

    /**
     * A sign-up on this instance (auth.service calls it once the sign-up may go on and its username is free): the
     * client's throttle (429) and the password's hash come first, the same for every address; the address is looked
     * up after the answer, so neither the answer nor its time tells whether it has an account.
     */
    async requestSignup(input: SignupInput, asker: Asker): Promise<void> {
      const wait = await throttles.signupClient.take(group(asker.ip), clock());
      if (wait > 0) throw rateLimited(Math.ceil(wait / 1000));
      const passwordHash = await deps.passwords.hash(input.password);
      inBackground(() => signupMail(input, passwordHash, asker));
    },

    /**
     * A sign-up's link, opened with the password chosen at sign-up: the account is made, its address verified, and
     * signed in. The password makes the link alone useless to the address's owner when someone else signed up with
     * it, and the link the password alone. A wrong password keeps the link (counted like a wrong token).
     */
    async confirmSignup(token: string, password: string, asker: Asker) {
      const key = await linkAttempt(asker);
      const pending = await deps.signups.find(sha256(token), clock());
      if (!pending) {
        asker.refused?.({ purpose: 'confirm_signup', reason: 'invalid' });
        throw signupLinkInvalid();
      }
      if (!(await deps.passwords.verify(pending.password_hash, password))) {
        asker.refused?.({ purpose: 'confirm_signup', reason: 'password' });
        throw invalidCredentials();
      }
      await deps.auth.checkSignup(pending);
      if (!(await deps.signups.take(pending.token_hash, clock()))) throw signupLinkInvalid();
      await throttles.links.clear(key);
      return deps.auth.finishSignup(pending, clock());
    },

    /** Deletes links and waiting sign-ups past their validity (the purge job). */
    async purge(): Promise<void> {
      await tokens.purge(clock());
      await deps.signups.purge(clock());
    },

    /** Resolves once the emails in flight are sent or failed. */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

export type AccountEmailService = ReturnType<typeof createAccountEmailService>;

/** What a sign-up sends: its username, address and password. */
interface SignupInput {
  username: string;
  email: string;
  password: string;
}
