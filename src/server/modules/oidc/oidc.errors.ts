import { httpError, type HttpError } from '../../http/errors.js';
import type { StartedSession } from '../auth/auth.service.js';

/**
 * The refusals of the OpenID sign-in. Those of the callback reach the browser as /signin?error=<code> (it is a
 * navigation, not a call); the link confirmation's are JSON like every other call.
 */
export const unknownProvider = () => httpError(404, 'oidc.unknown_provider');
export const providerUnavailable = () => httpError(503, 'oidc.unavailable');
export const answerRefused = () => httpError(400, 'oidc.refused');
export const flowExpired = () => httpError(400, 'oidc.expired');
export const cancelled = () => httpError(400, 'oidc.cancelled');
export const emailUnverified = () => httpError(403, 'oidc.email_unverified');
export const noAccount = () => httpError(403, 'oidc.no_account');
export const noEmail = () => httpError(400, 'oidc.no_email');
export const linkInvalid = () => httpError(404, 'oidc.link_invalid');
export const identityTaken = () => httpError(409, 'oidc.identity_taken');
export const identityNotFound = () => httpError(404, 'oidc.identity_not_found');
export const lastMethod = () => httpError(409, 'oidc.last_method');
/** A password alone must not link an identity to an account that signs in with a second factor (see confirmLink). */
export const linkNeedsSignIn = () => httpError(403, 'oidc.link_needs_sign_in');

/** The callback's outcome: a session, or an identity waiting for the account's password to link it. */
export type CallbackOutcome =
  | { kind: 'session'; started: StartedSession; next: string }
  | { kind: 'link'; ticket: string; next: string }
  /** A signed-in user linked another provider to their account. */
  | { kind: 'linked'; next: string };

/** A refusal, with what the security log says about it (a reason, never a token or a code). */
export class OidcRefusal extends Error {
  constructor(
    readonly error: HttpError,
    readonly reason: string,
    /** What openid-client said was wrong (the check, without values). */
    readonly detail?: string,
    /** The page the browser goes back to with ?error= (a signed-in user linking: their security page). */
    readonly returnTo = '/signin',
  ) {
    super(reason);
  }
}
