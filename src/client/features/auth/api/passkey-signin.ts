import { api } from '../../../lib/api-client';
import { assertPasskey } from '../../../lib/webauthn';
import type { SessionInfo } from './auth.types';

/**
 * Signs in with a passkey: alone (any passkey of this instance the browser offers), or as the second step after a
 * password (the server knows by the pending sign-in's cookie, and asks only for that account's passkeys). A failure
 * is an ApiError (the server's refusal) or the browser's error (lib/webauthn.ts, browserFailure).
 */
export async function signinWithPasskey(): Promise<SessionInfo> {
  const options = await api<unknown>('/authentication/signin/passkey/options', { method: 'POST' });
  const credential = await assertPasskey(options);
  return api<SessionInfo>('/authentication/signin/passkey', { body: { credential } });
}
