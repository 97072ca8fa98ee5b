import type { z } from 'zod';
import type { RegisterPasskeyBody } from '../../../shared/api/passkeys.contract.js';
import { PASSKEYS_MAX } from '../../../shared/rules/passkeys.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken } from '../../lib/tokens.js';
import type { UserRow } from '../auth/users.repository.js';
import type { Challenges } from './challenges.js';
import { webauthn } from './webauthn.js';
import {
  challengeInvalid,
  passkeyExists,
  passkeyLimit,
  passkeyNotFound,
  registrationFailed,
} from './passkeys.errors.js';
import type { PasskeyRow, PasskeysRepository } from './passkeys.repository.js';
import type { RelyingParty } from './relying-party.js';

const iso = (ms: number) => new Date(ms).toISOString();

export function presentPasskey(row: Omit<PasskeyRow, 'added_unverified'>) {
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
    deviceType: row.device_type === 'multiDevice' ? ('multiDevice' as const) : ('singleDevice' as const),
    backedUp: row.backed_up === 1,
  };
}

/** The WebAuthn user handle: the account's random id (never its name or address, which may change or leak). */
export const userHandleOf = (user: Pick<UserRow, 'id'>) => new TextEncoder().encode(user.id);

export const transportsOf = (row: PasskeyRow): string[] | undefined =>
  row.transports ? (JSON.parse(row.transports) as string[]) : undefined;

export interface PasskeysServiceDeps {
  repository: PasskeysRepository;
  challenges: Challenges;
  clock: Clock;
}

/** A user's passkeys: registering one (options, then the browser's answer), listing, renaming, removing. */
export function createPasskeysService({ repository, challenges, clock }: PasskeysServiceDeps) {
  return {
    async list(user: UserRow) {
      return (await repository.listOf(user.id)).map(presentPasskey);
    },

    /**
     * Options for navigator.credentials.create(): a discoverable credential (residentKey required), so that it can
     * sign in without a username later; the account's passkeys are excluded, so one authenticator is not
     * registered twice.
     */
    async registrationOptions(user: UserRow, rp: RelyingParty) {
      const existing = await repository.listOf(user.id);
      if (existing.length >= PASSKEYS_MAX) throw passkeyLimit();
      return (await webauthn()).generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.username,
        userDisplayName: user.username,
        userID: userHandleOf(user),
        challenge: Buffer.from(await challenges.issue('register', user.id), 'base64url'),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
        timeout: 5 * 60_000,
      });
    },

    async register(user: UserRow, rp: RelyingParty, body: z.output<typeof RegisterPasskeyBody>) {
      const taken = await challenges.take(body.credential.response.clientDataJSON, 'register');
      if (!taken || taken.userId !== user.id) throw challengeInvalid();
      const { verifyRegistrationResponse } = await webauthn();
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: body.credential,
          expectedChallenge: taken.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          // Preferred, not required: a security key without a PIN still makes a good second factor. Signing in with
          // the passkey alone asks for user verification at that time (passkey-signin.service.ts).
          requireUserVerification: false,
        });
      } catch {
        throw registrationFailed();
      }
      if (!verified.verified) throw registrationFailed();
      const info = verified.registrationInfo;
      const count = await repository.countOf(user.id);
      if (count >= PASSKEYS_MAX) throw passkeyLimit();
      const transports = info.credential.transports ?? body.credential.response.transports;
      const row: Omit<PasskeyRow, 'added_unverified'> = {
        id: randomToken(16),
        user_id: user.id,
        credential_id: info.credential.id,
        public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: transports?.length ? JSON.stringify(transports) : null,
        name: body.name ?? `Passkey ${count + 1}`,
        device_type: info.credentialDeviceType,
        backed_up: info.credentialBackedUp ? 1 : 0,
        created_at: clock(),
        last_used_at: null,
      };
      if (!(await repository.insert(row))) throw passkeyExists();
      return presentPasskey(row);
    },

    async rename(user: UserRow, id: string, name: string) {
      const row = await repository.rename(id, user.id, name);
      if (!row) throw passkeyNotFound();
      return presentPasskey(row);
    },

    async remove(user: UserRow, id: string) {
      if (!(await repository.delete(id, user.id))) throw passkeyNotFound();
      return { removed: true as const };
    },

    /** For the second-factor framework: whether the user can answer a passkey challenge. */
    has: (userId: string) => repository.hasAny(userId),
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
