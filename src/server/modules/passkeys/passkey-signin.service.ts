import type { z } from 'zod';
import type { PasskeyAssertion } from '../../../shared/api/passkeys.contract.js';
import { clientGroup } from '../../../shared/rules/ip.js';
import type { Clock } from '../../lib/clock.js';
import type { ThrottleStore } from '../auth/attempts.js';
import { signinDisabled, ssoOnly, tooManyAttempts } from '../auth/auth.errors.js';
import type { StartedSession } from '../auth/auth.service.js';
import type { SecondFactorAttempt } from '../auth/second-factor.js';
import type { SecurityDetails } from '../auth/security-events.js';
import type { UserRow, UsersRepository } from '../auth/users.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Challenges } from './challenges.js';
import { webauthn } from './webauthn.js';
import { challengeInvalid, passkeyRefused, type Refusal } from './passkeys.errors.js';
import type { PasskeyRow, PasskeysRepository } from './passkeys.repository.js';
import { transportsOf, userHandleOf } from './passkeys.service.js';
import type { RelyingParty } from './relying-party.js';

/**
 * The pending sign-in of the second-factor framework (modules/auth/second-factor.ts): after a correct password, a
 * cookie stands for the account until its second factor is given.
 */
export interface PendingSignins {
  /** The account a pending sign-in stands for; null when it is absent, expired or used. */
  userOf(token: string): Promise<string | null>;
  /** Ends it for this account, single use (the same way a TOTP code does): false when it is gone meanwhile. */
  complete(token: string, userId: string): Promise<boolean>;
  /** Counts an answer against the account before it is checked (429 while it must wait), as a code is. */
  attempt(userId: string): Promise<SecondFactorAttempt>;
}

export interface PasskeySigninDeps {
  repository: PasskeysRepository;
  challenges: Challenges;
  users: Pick<UsersRepository, 'findById'>;
  settings: Pick<SettingsService, 'get'>;
  /** auth.startSession: every way of signing in ends there. */
  startSession(user: UserRow, options: { method: 'passkey' }): Promise<StartedSession>;
  /** Refused passkeys, counted per client (attempts.ts): a success clears the count. */
  throttle: ThrottleStore;
  clock: Clock;
  pending?: PendingSignins;
  /** HUSH_SSO_ONLY: the identity provider signs people in; a passkey alone only the break-glass admins. */
  ssoOnly?: boolean;
}

export interface PasskeySigninInput {
  rp: RelyingParty;
  ip: string | null;
  credential: z.output<typeof PasskeyAssertion>;
  /** The hush_pending cookie, when the browser sent one. */
  pendingToken: string | undefined;
  /** Tells the security log why an attempt was refused (no secret in `details`). */
  refused(details: SecurityDetails): void;
}

/**
 * Signing in with a passkey, two ways. As the second step of a password sign-in (a pending sign-in cookie when the
 * options were asked for): the challenge is bound to that account and only its passkeys count; the password was the
 * first factor, so user verification is preferred, not required. Alone (no pending sign-in): any discoverable passkey
 * of this instance may answer, and the authenticator must have verified its user (PIN or biometrics), which makes
 * the passkey two factors by itself; such a sign-in skips the local second factor.
 */
export function createPasskeySignin(deps: PasskeySigninDeps) {
  const { repository, challenges, clock } = deps;
  const pendingUser = async (token: string | undefined) => (token && deps.pending ? deps.pending.userOf(token) : null);

  return {
    async options(rp: RelyingParty, pendingToken: string | undefined) {
      const userId = await pendingUser(pendingToken);
      const own = userId ? await repository.listOf(userId) : [];
      return (await webauthn()).generateAuthenticationOptions({
        rpID: rp.id,
        challenge: Buffer.from(await challenges.issue('signin', userId), 'base64url'),
        allowCredentials: own.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        userVerification: userId ? 'preferred' : 'required',
        timeout: 5 * 60_000,
      });
    },

    async signin(input: PasskeySigninInput): Promise<StartedSession> {
      const key = clientGroup(input.ip) ?? 'unknown';
      const wait = await deps.throttle.take(key, clock());
      if (wait > 0) throw tooManyAttempts(Math.ceil(wait / 1000));
      let attempt: SecondFactorAttempt | null = null;
      const refuse = async (reason: Refusal | 'challenge', details: SecurityDetails = {}) => {
        input.refused({ reason, ...details });
        await attempt?.failed(input.pendingToken);
        return reason === 'challenge' ? challengeInvalid() : passkeyRefused(reason);
      };

      const taken = await challenges.take(input.credential.response.clientDataJSON, 'signin');
      if (!taken) throw await refuse('challenge');
      const passkey = await repository.findByCredentialId(input.credential.id);
      if (!passkey) throw await refuse('unknown');
      const secondStep = taken.userId !== null;
      if (secondStep && (await pendingUser(input.pendingToken)) !== taken.userId) {
        throw await refuse('signin_expired', { userId: taken.userId });
      }
      // From here a refusal of the second step counts against the pending sign-in and the account, like a wrong code.
      if (secondStep) attempt = await deps.pending!.attempt(taken.userId!);
      if (secondStep && passkey.user_id !== taken.userId) {
        throw await refuse('other_account', { userId: taken.userId, passkeyUserId: passkey.user_id });
      }
      const details = { userId: passkey.user_id };
      const handle = input.credential.response.userHandle;
      if (handle && handle !== Buffer.from(userHandleOf({ id: passkey.user_id })).toString('base64url')) {
        throw await refuse('other_account', details);
      }
      const counter = await verified(passkey, input, taken.challenge, !secondStep);
      if (counter === null) throw await refuse('invalid', details);
      // A counter that does not move forward (when the authenticator keeps one) is a copy of the key in use
      // elsewhere: refused, and the owner is told to replace the passkey.
      if ((counter > 0 || passkey.counter > 0) && counter <= passkey.counter) throw await refuse('cloned', details);
      if (!(await repository.used(passkey.id, counter, passkey.counter, clock())))
        throw await refuse('cloned', details);

      const user = await deps.users.findById(passkey.user_id);
      if (!user) throw await refuse('unknown', details);
      if ((await deps.settings.get()).disable_users && user.role !== 'admin') throw signinDisabled();
      if (!secondStep && deps.ssoOnly && user.role !== 'admin') throw ssoOnly();
      if (secondStep && !(await deps.pending!.complete(input.pendingToken!, user.id))) {
        throw await refuse('signin_expired', details);
      }
      await attempt?.passed();
      await deps.throttle.clear(key);
      return deps.startSession(user, { method: 'passkey' });
    },
  };
}

/**
 * The new counter of an assertion whose signature, challenge, origin, RP ID and flags verify, else null. The stored
 * counter is compared by the caller, after the signature: only a genuine assertion is called a clone.
 */
async function verified(
  passkey: PasskeyRow,
  input: PasskeySigninInput,
  challenge: string,
  requireUserVerification: boolean,
): Promise<number | null> {
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: input.credential,
      expectedChallenge: challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: 0,
        transports: transportsOf(passkey),
      },
      requireUserVerification,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

export type PasskeySignin = ReturnType<typeof createPasskeySignin>;
