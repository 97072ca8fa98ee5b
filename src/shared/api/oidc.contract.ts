import { z } from 'zod';
import { SessionInfo } from './auth.contract.js';
import { defineRoute, errorResponse, noNul, scopeRefusal } from './contract.js';

/**
 * Issue 16.1: OpenID Connect. The sign-in itself is a browser navigation, not a call: GET
 * /authentication/oidc/{provider}/start?next=/path redirects to the provider, and the provider redirects back to
 * /authentication/oidc/{provider}/callback, which redirects to `next` signed in, to /signin/link when an existing
 * account must confirm the link, or to /signin?error=<code>. These two calls are that confirmation: the identity's
 * email is verified by the provider and is that of an account here, whose password confirms the link (a cookie set
 * by the callback names the waiting identity for 10 minutes).
 */

export const OidcLinkBody = z.object({ password: z.string().min(1).max(1024) }).meta({ id: 'OidcLinkBody' });
export const OidcLinkInfo = z
  .object({
    username: z.string(),
    email: z.string(),
    provider: z.string().describe('The provider’s button name'),
  })
  .meta({ id: 'OidcLinkInfo' });

/** A provider linked to the account (GET /account/identities). */
export const LinkedIdentity = z
  .object({
    id: z.string(),
    providerId: z.string().describe('The configured provider id, as in /authentication/oidc/{provider}/start'),
    provider: z.string().describe('The provider’s button name'),
    email: z.string().nullable().describe('The email the provider said at the last sign-in'),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'LinkedIdentity' });
export const IdentityParams = z.object({ id: noNul(z.string().max(64)) });

const noTicket = errorResponse(
  'No identity waits for a link from this browser, or it waited too long (oidc.link_invalid)',
);
const badToken = errorResponse('The API token sent is unknown, expired or revoked (auth.not_signed_in)');
const rateLimited = errorResponse('Too many requests, or too many wrong passwords (auth.too_many_attempts)');

export const oidcRoutes = {
  oidcLinkInfo: defineRoute({
    method: 'GET',
    path: '/authentication/oidc/link',
    operationId: 'oidcLinkInfo',
    tag: 'authentication',
    access: 'anyone',
    summary: 'The account an OpenID identity waits to be linked to',
    responses: {
      200: { description: 'The account and provider', schema: OidcLinkInfo },
      401: badToken,
      404: noTicket,
      429: rateLimited,
    },
  }),
  oidcLink: defineRoute({
    method: 'POST',
    path: '/authentication/oidc/link',
    operationId: 'oidcLink',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Confirm the link with the account’s password, and sign in',
    body: OidcLinkBody,
    responses: {
      200: {
        description: 'Linked and signed in; sets the session cookies',
        schema: SessionInfo.extend({ next: z.string().describe('Where the sign-in was going') }),
      },
      400: errorResponse('A field is invalid'),
      401: errorResponse('The password is wrong (auth.invalid_credentials), or the API token sent is not valid'),
      403: errorResponse(
        'Signing in is disabled for users; the account signs in with a second factor, so it links from its security ' +
          'page after signing in (oidc.link_needs_sign_in); or a request from another site',
      ),
      404: noTicket,
      409: errorResponse('The identity was linked to another account meanwhile (oidc.identity_taken)'),
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
  identities: defineRoute({
    method: 'GET',
    path: '/account/identities',
    operationId: 'listLinkedIdentities',
    tag: 'account',
    access: 'user',
    scope: 'account:read',
    summary: 'The OpenID providers linked to your account',
    description:
      'Another is linked by signing in to it while signed in here: GET /authentication/oidc/{provider}/start?link=true.',
    responses: {
      200: { description: 'The list', schema: z.array(LinkedIdentity) },
      401: errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)'),
      403: errorResponse(`Refused: ${scopeRefusal('account:read')}`),
      429: rateLimited,
    },
  }),
  unlinkIdentity: defineRoute({
    method: 'DELETE',
    path: '/account/identities/{id}',
    operationId: 'unlinkIdentity',
    tag: 'account',
    access: 'session',
    summary: 'Unlink a provider from your account',
    params: IdentityParams,
    responses: {
      200: { description: 'Unlinked', schema: z.object({ unlinked: z.literal(true) }) },
      400: errorResponse('The id is malformed, or a body was sent that is not valid JSON'),
      401: errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)'),
      403: errorResponse('Needs a signed-in session, not an API token; or a request from another site'),
      404: errorResponse('No such provider linked to your account (oidc.identity_not_found)'),
      409: errorResponse('It is the account’s only way to sign in (oidc.last_method)'),
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
};
