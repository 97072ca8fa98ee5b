import type { FastifyReply } from 'fastify';
import {
  PENDING_SIGNIN_MAX_FAILURES,
  PENDING_SIGNIN_MINUTES,
  SECOND_FACTOR_METHODS,
  type SecondFactorMethod,
} from '../../../shared/rules/two-factor.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { memoryThrottleStore, type ThrottleRules, type ThrottleStore } from './attempts.js';
import { tooManyAttempts } from './auth.errors.js';
import type { CookieOptions } from './cookies.js';
import type { PendingSigninsRepository } from './pending-signins.repository.js';

/**
 * The second step of a password sign-in (issue 16.2, the shared decision of its helpers). After a correct password,
 * a user with a second factor gets no session yet: a pending sign-in stands for the account, a random token in the
 * httpOnly `hush_pending` cookie (only its SHA-256 is stored), for 5 minutes and at most 5 wrong codes. Each way of
 * giving the second factor (a TOTP or backup code: modules/two-factor; a passkey: modules/passkeys) counts its answer
 * with `attempt` and finishes it through `complete`, which consumes it once, atomically, whichever comes first.
 */

export const PENDING_COOKIE = 'hush_pending';
const MINUTE = 60_000;

/**
 * Answers to pending sign-ins, counted per account across every client (issue 29.2): the per-client count alone let
 * 20 addresses make 100 guesses, and an IPv6 /48 holds 65,536 clients. Each answer (a code, a backup code, a
 * passkey) counts when it starts, as the sign-in throttle's attempts do, and a right one clears the count. The fifth
 * failure in a row ends every pending sign-in of the account (the password is asked again) and tells its owner once
 * (session.second_factor_failed); from then on each answer waits 1 s, doubling per failure up to 15 minutes, and each
 * further failure ends the pending sign-ins again. Only someone with the password gets this far: while they keep
 * trying they can keep the owner waiting, never more than 15 minutes per answer; once the password is changed (the
 * notice says so) they cannot, and the owner waits at most the wait already earned.
 */
export const SECOND_FACTOR_THROTTLE: ThrottleRules = {
  free: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
  forgetMs: 24 * 60 * MINUTE,
};

/** An answer being checked for a pending sign-in: what came of it. */
export interface SecondFactorAttempt {
  /** Refused: counted against the pending sign-in of `token` (if the answer was checked), and the account's. */
  failed(token?: string): Promise<void>;
  /** Right: the account's count starts again. */
  passed(): Promise<void>;
}

/** A way of giving a second factor, and whether a user has it (injected in app.ts by each module). */
export interface SecondFactorSource {
  method: SecondFactorMethod;
  has(userId: string): Promise<boolean>;
}

export interface SecondFactorDeps {
  pending: PendingSigninsRepository;
  sources: SecondFactorSource[];
  clock: Clock;
  /** Where each account's answers are counted (SECOND_FACTOR_THROTTLE), shared through Redis; default: this process. */
  throttle?: ThrottleStore;
}

export function createSecondFactor(deps: SecondFactorDeps) {
  const { pending, clock } = deps;
  const maxFailures = PENDING_SIGNIN_MAX_FAILURES;
  const throttle = deps.throttle ?? memoryThrottleStore(SECOND_FACTOR_THROTTLE);
  const { free } = SECOND_FACTOR_THROTTLE;

  /** The second factors a user has, in a stable order (['totp', 'passkey'], or fewer). */
  async function methodsOf(userId: string): Promise<SecondFactorMethod[]> {
    const has = await Promise.all(
      SECOND_FACTOR_METHODS.map(async (method) => {
        const sources = deps.sources.filter((source) => source.method === method);
        return (await Promise.all(sources.map((source) => source.has(userId)))).some(Boolean);
      }),
    );
    return SECOND_FACTOR_METHODS.filter((_, index) => has[index]);
  }

  return {
    methodsOf,

    /** After a correct password: a pending sign-in when the user has a second factor, else null (sign in now). */
    async begin(userId: string): Promise<{ token: string; methods: SecondFactorMethod[] } | null> {
      const methods = await methodsOf(userId);
      if (methods.length === 0) return null;
      const token = randomToken(32);
      const now = clock();
      await pending.insert({
        id: sha256(token),
        user_id: userId,
        created_at: now,
        expires_at: now + PENDING_SIGNIN_MINUTES * MINUTE,
      });
      return { token, methods };
    },

    /** The account a pending sign-in stands for; null when it is absent, expired, used or spent on wrong codes. */
    async userOf(token: string): Promise<string | null> {
      const row = await pending.find(sha256(token), clock(), maxFailures);
      return row?.user_id ?? null;
    },

    /** Consumes it for this account, single use: false when it is gone meanwhile (then no session may start). */
    complete: (token: string, userId: string): Promise<boolean> =>
      pending.take(sha256(token), userId, clock(), maxFailures),

    /**
     * Before an answer for the account's pending sign-in is checked: counted (429 while the account must wait). The
     * attempt's number is exact across instances, so one request sees the fifth failure and tells the owner.
     */
    async attempt(userId: string): Promise<SecondFactorAttempt> {
      const { wait, attempts } = await throttle.count(userId, clock());
      if (wait > 0) throw tooManyAttempts(Math.ceil(wait / 1000));
      return {
        async failed(token) {
          if (token) await pending.fail(sha256(token), maxFailures);
          if (attempts < free) return;
          const notice = { type: 'session.second_factor_failed' as const, userId, subjectId: userId, at: clock() };
          await pending.endAll(userId, attempts === free ? [{ ...notice, data: { failures: attempts } }] : []);
        },
        passed: () => throttle.clear(userId),
      };
    },

    /** Expired pending sign-ins, for the purge. */
    purge: (): Promise<void> => pending.purge(clock()),
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;

/** httpOnly, SameSite=Strict, only sent to the API, and gone when the pending sign-in is. */
export function setPendingCookie(reply: FastifyReply, token: string, options: CookieOptions): void {
  reply.setCookie(PENDING_COOKIE, token, {
    path: '/api',
    sameSite: 'strict',
    httpOnly: true,
    secure: options.secure(reply.request),
    maxAge: PENDING_SIGNIN_MINUTES * 60,
  });
}

export function clearPendingCookie(reply: FastifyReply, options: CookieOptions): void {
  reply.clearCookie(PENDING_COOKIE, {
    path: '/api',
    sameSite: 'strict',
    httpOnly: true,
    secure: options.secure(reply.request),
  });
}
