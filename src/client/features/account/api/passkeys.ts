import type { z } from 'zod';
import type { Passkey as PasskeySchema } from '../../../../shared/api/passkeys.contract';
import { api } from '../../../lib/api-client';
import { createPasskey } from '../../../lib/webauthn';

export type Passkey = z.output<typeof PasskeySchema>;

const PASSKEYS = '/account/passkeys';
const one = (id: string) => `${PASSKEYS}/${encodeURIComponent(id)}`;

/** The account's passkeys: names and dates, never keys. */
export const listPasskeys = (signal?: AbortSignal) => api<Passkey[]>(PASSKEYS, signal ? { signal } : {});

/**
 * Registers a passkey: the server's options, the browser's authenticator (it asks the person), and the answer
 * back. A failure is an ApiError (the server's refusal) or the browser's error (lib/webauthn.ts, browserFailure).
 */
export async function addPasskey(name: string | undefined): Promise<Passkey> {
  const options = await api<unknown>(`${PASSKEYS}/options`, { method: 'POST' });
  const credential = await createPasskey(options);
  return api<Passkey>(PASSKEYS, { body: { ...(name && { name }), credential } });
}

export const renamePasskey = (id: string, name: string) => api<Passkey>(one(id), { method: 'PUT', body: { name } });

export const removePasskey = (id: string) => api<{ removed: true }>(one(id), { method: 'DELETE' });
