import { clientGroup } from '../../../shared/rules/ip.js';
import { TOTP_CODE_PATTERN } from '../../../shared/rules/two-factor.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { currentPasswordInvalid } from '../account/account.errors.js';
import type { ThrottleStore } from '../auth/attempts.js';
import { tooManyAttempts } from '../auth/auth.errors.js';
import type { SecurityDetails } from '../auth/security-events.js';
import type { UserRow } from '../auth/users.repository.js';
import { backupCodeHash, looksLikeBackupCode, newBackupCodes } from './backup-codes.js';
import { alreadyEnabled, codeInvalid, codeReused, notEnabled, notEnrolling } from './two-factor.errors.js';
import type { TwoFactorRepository } from './two-factor.repository.js';
import { matchingStep, newTotpSecret, totpUri } from './totp.js';

export interface TwoFactorDeps {
  repository: TwoFactorRepository;
  passwords: PasswordHasher;
  /** Codes tried, per account and client (attempts.ts): a right code clears the count. */
  throttle: ThrottleStore;
  clock: Clock;
}

/** What a presented code turned out to be. */
export type CodeCheck = 'totp' | 'backup' | 'invalid' | 'reused';

/** Who is asking, for the throttle and the security log. */
export interface CodeAttempt {
  ip: string | null;
  /** Tells the security log why a code was refused (never the code). */
  refused(kind: 'signin.second_factor' | 'signin.backup_code', details: SecurityDetails): void;
}

/**
 * Two-factor codes: an authenticator app's TOTP codes (RFC 6238, ±1 step, each code good once) and ten one-time
 * backup codes. Every check of a code, at sign-in or in the account, goes through `check`: throttled per account and
 * client like passwords, refusals logged as security events.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { repository, clock } = deps;

  const confirmed = async (userId: string) => {
    const credential = await repository.find(userId);
    return credential?.confirmed_at != null ? credential : null;
  };

  async function requirePassword(user: UserRow, password: string): Promise<void> {
    if (!(await deps.passwords.verify(user.password_hash, password))) throw currentPasswordInvalid();
  }

  /**
   * A code (6 digits, or a backup code) checked against the account: at most once each, throttled. The key of an
   * enrolment not yet confirmed counts only for its confirmation (`enrolling`).
   */
  async function check(userId: string, code: string, attempt: CodeAttempt, enrolling = false): Promise<CodeCheck> {
    const key = `${userId}|${clientGroup(attempt.ip) ?? 'unknown'}`;
    const wait = await deps.throttle.take(key, clock());
    if (wait > 0) throw tooManyAttempts(Math.ceil(wait / 1000));
    const credential = await repository.find(userId);
    const now = clock();
    const digits = code.replace(/\s/g, '');
    let result: CodeCheck = 'invalid';
    const usable = credential && (enrolling || credential.confirmed_at !== null) ? credential : null;
    if (usable && TOTP_CODE_PATTERN.test(digits)) {
      const step = matchingStep(usable.secret, digits, now);
      if (step !== null) result = (await repository.takeStep(userId, step)) ? 'totp' : 'reused';
      if (result !== 'totp') attempt.refused('signin.second_factor', { userId, reason: result });
    } else if (usable && !enrolling && looksLikeBackupCode(code)) {
      const spent = await repository.spendBackupCode(userId, backupCodeHash(code), now);
      result = spent ? 'backup' : 'invalid';
      if (!spent) attempt.refused('signin.backup_code', { userId, reason: 'unknown_or_used' });
    } else {
      attempt.refused('signin.second_factor', { userId, reason: 'malformed' });
    }
    if (result === 'totp' || result === 'backup') await deps.throttle.clear(key);
    return result;
  }

  /** A code the account's own pages need (confirm, disable, regenerate): a refusal is a 400 on the `code` field. */
  async function requireCode(userId: string, code: string, attempt: CodeAttempt, enrolling = false): Promise<void> {
    const result = await check(userId, code, attempt, enrolling);
    if (result === 'reused') throw codeReused();
    if (result === 'invalid') throw codeInvalid();
  }

  const storeNewCodes = () => {
    const codes = newBackupCodes();
    return { codes, hashes: codes.map(backupCodeHash) };
  };

  return {
    check,

    /** For the second-factor framework: whether the user can answer with a code. */
    has: async (userId: string) => (await confirmed(userId)) !== null,

    async status(userId: string) {
      const on = (await confirmed(userId)) !== null;
      return { totp: on, backupCodesLeft: on ? await repository.backupCodesLeft(userId) : 0 };
    },

    /** A new key for the app (replacing an unconfirmed one): `issuer` names the instance, the label is the username. */
    async enrol(user: UserRow, currentPassword: string, issuer: string) {
      await requirePassword(user, currentPassword);
      if (await confirmed(user.id)) throw alreadyEnabled();
      const secret = newTotpSecret();
      await repository.startEnrolment(user.id, secret, clock());
      return { uri: totpUri(secret, issuer, user.username), secret };
    },

    /** The first code proves the app holds the key: codes are on, and here are the backup codes (once). */
    async confirm(user: UserRow, code: string, attempt: CodeAttempt) {
      const credential = await repository.find(user.id);
      if (!credential) throw notEnrolling();
      if (credential.confirmed_at !== null) throw alreadyEnabled();
      if (!TOTP_CODE_PATTERN.test(code.replace(/\s/g, ''))) throw codeInvalid();
      await requireCode(user.id, code, attempt, true);
      const { codes, hashes } = storeNewCodes();
      await repository.confirm(user.id, clock(), hashes);
      return { backupCodes: codes };
    },

    /** Ten new backup codes replace all the old ones; a code or the current password proves it is the owner. */
    async regenerate(user: UserRow, proof: { code?: string; currentPassword?: string }, attempt: CodeAttempt) {
      if (!(await confirmed(user.id))) throw notEnabled();
      if (proof.code !== undefined) await requireCode(user.id, proof.code, attempt);
      else await requirePassword(user, proof.currentPassword!);
      const { codes, hashes } = storeNewCodes();
      await repository.replaceBackupCodes(user.id, clock(), hashes);
      return { backupCodes: codes };
    },

    /** Off, with the password and a code: a stolen session alone cannot take the second factor away. */
    async disable(user: UserRow, currentPassword: string, code: string, attempt: CodeAttempt) {
      if (!(await confirmed(user.id))) throw notEnabled();
      await requirePassword(user, currentPassword);
      await requireCode(user.id, code, attempt);
      await repository.remove(user.id);
      return { disabled: true as const };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
