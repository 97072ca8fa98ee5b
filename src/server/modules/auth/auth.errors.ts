import type { TokenScope } from '../../../shared/rules/tokens.js';
import { httpError } from '../../http/errors.js';

export const invalidCredentials = () => httpError(401, 'auth.invalid_credentials');
export const notSignedIn = () => httpError(401, 'auth.not_signed_in');
export const signinDisabled = () => httpError(403, 'auth.signin_disabled');
export const signupDisabled = () => httpError(403, 'auth.signup_disabled');
/** HUSH_SSO_ONLY: password sign-in (but an admin's) and sign-up are refused. */
export const ssoOnly = () => httpError(403, 'auth.sso_only');
export const emailDomainNotAllowed = (domain: string) =>
  httpError(403, 'auth.email_domain', { domain }, `Only email addresses at ${domain} may be used`);
export const usernameTaken = () => httpError(409, 'auth.username_taken', { field: 'username' });
export const emailTaken = () => httpError(409, 'auth.email_taken', { field: 'email' });
export const crossSite = () => httpError(403, 'auth.cross_site');
export const setupInvalid = () => httpError(403, 'auth.setup_invalid');
export const sessionRequired = () => httpError(403, 'auth.session_required');
export const adminRequired = () => httpError(403, 'auth.admin_required');
/** An API token used beyond its scopes (shared/rules/tokens.ts). */
export const tokenScopeMissing = (scope: TokenScope) =>
  httpError(403, 'auth.token_scope', { scope }, `This API token does not have the ${scope} scope`);
export const scopeNotAllowed = (scope: TokenScope) =>
  httpError(
    403,
    'auth.scope_not_allowed',
    { field: 'scopes', scope },
    `Only admins can give a token the ${scope} scope`,
  );
/** Sign-ins from this client to this account wait a while after repeated failures (attempts.ts). */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  httpError(429, 'auth.too_many_attempts', { retryAfterSeconds });
