import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { errorMessage } from './error-message';

/**
 * The browser's side of passkeys (WebAuthn), for the pages that register and use them. Browsers offer passkeys only
 * in a secure context (https, or http on localhost), so a page on plain http elsewhere says so instead of showing a
 * button that cannot work.
 */

export type PasskeySupport = 'ok' | 'insecure' | 'unsupported';

export function passkeySupport(): PasskeySupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (!window.isSecureContext) return 'insecure';
  return browserSupportsWebAuthn() ? 'ok' : 'unsupported';
}

/** navigator.credentials.create() with the server's options: the answer to send back. */
export const createPasskey = (options: unknown) =>
  startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });

/** navigator.credentials.get() with the server's options: the assertion to send back. */
export const assertPasskey = (options: unknown) =>
  startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });

/**
 * Why the browser's part failed, as a key of the `passkeys.browser` texts: the person cancelled or waited too long,
 * the authenticator holds this passkey already, or something else the browser would not say.
 */
export function browserFailure(error: unknown): 'cancelled' | 'registered' | 'failed' | null {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'registered';
    if (error.code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
    return error.name === 'NotAllowedError' ? 'cancelled' : 'failed';
  }
  if (error instanceof DOMException)
    return error.name === 'NotAllowedError' || error.name === 'AbortError' ? 'cancelled' : 'failed';
  return null;
}

/**
 * The reader's words for a failed passkey step: the browser's part (`passkeyBrowser.*` in common.json) or the
 * server's refusal (error-message.ts).
 */
export function passkeyFailureText(t: TFunction, error: unknown): string {
  const failure = browserFailure(error);
  return failure ? t(`passkeyBrowser.${failure}`, { ns: 'common' }) : errorMessage(t, error);
}

/** Why passkeys cannot be used in this browser, or null when they can. */
export function passkeySupportText(t: TFunction, support: PasskeySupport = passkeySupport()): string | null {
  return support === 'ok' ? null : t(`passkeyBrowser.${support}`, { ns: 'common' });
}
