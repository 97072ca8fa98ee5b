import { SessionInfo } from './auth.contract.js';
import { defineRoute, errorResponse } from './contract.js';

/**
 * Issue 16.6: sign-in by a trusted header. A forward-auth proxy (Authelia, Authentik) has authenticated the user and
 * names them in HUSH_AUTH_HEADER; Hush believes that header only from HUSH_TRUSTED_PROXIES, and turns it into one of
 * its own server-side sessions here. The sign-in page calls this by itself when GET /authentication/methods says a
 * trusted proxy vouches for a user.
 */
export const trustedHeaderRoutes = {
  headerSignIn: defineRoute({
    method: 'POST',
    path: '/authentication/header',
    operationId: 'signInByTrustedHeader',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Sign in as the user a trusted forward-auth proxy names in its header',
    description:
      'Only a request from one of HUSH_TRUSTED_PROXIES with the HUSH_AUTH_HEADER header counts. A session of ' +
      'another user is ended first (the proxy is the authority). The first sign-in creates the account when ' +
      'HUSH_AUTH_HEADER_AUTO_CREATE is on. No local second factor is asked: the proxy owns the factors.',
    responses: {
      200: { description: 'Signed in as the proxy’s user; sets the session cookies', schema: SessionInfo },
      400: errorResponse(
        'The proxy’s user name or email cannot be used (auth.header_invalid), or a body that is not valid JSON',
      ),
      401: errorResponse(
        'No trusted proxy named a user on this request (auth.header_missing), or the API token sent is not valid',
      ),
      403: errorResponse(
        'Signing in is disabled for users, the user has no account and none is created (auth.header_unknown_user), ' +
          'the email domain is not allowed, or a request from another site',
      ),
      409: errorResponse('A new account’s email belongs to another account (auth.email_taken)'),
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: errorResponse('Too many requests'),
    },
  }),
};
