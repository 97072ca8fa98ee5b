import { z } from 'zod';
import { EMAIL_TOKEN_MINUTES, EMAIL_TOKEN_PATTERN } from '../rules/account-email.js';
import { Password, SessionInfo } from './auth.contract.js';
import { defineRoute, errorResponse, noNul } from './contract.js';

/**
 * Issue 16.4: email verification and password reset by emailed link. The links carry a one-time token in their
 * fragment (shared/rules/account-email.ts); these routes take it from the page that opened the link.
 */

const EmailToken = z.string().regex(EMAIL_TOKEN_PATTERN, 'must be the token of an emailed link');

export const PasswordResetBody = z
  .object({ login: noNul(z.string().trim().min(1, 'is required').max(254)).describe('Username or email') })
  .meta({ id: 'PasswordResetBody' });
export const PasswordResetConfirmBody = z
  .object({ token: EmailToken, password: Password })
  .meta({ id: 'PasswordResetConfirmBody' });
export const VerifyEmailBody = z.object({ token: EmailToken }).meta({ id: 'VerifyEmailBody' });
export const ConfirmSignupBody = z
  .object({
    token: EmailToken,
    password: z.string().min(1, 'is required').max(1024).describe('The password chosen at sign-up'),
  })
  .meta({ id: 'ConfirmSignupBody' });

/** What a password reset ended and removed (issue 29.1): the reset page tells its owner. */
export const PasswordResetDone = z
  .object({
    reset: z.literal(true),
    username: z.string(),
    ended: z
      .object({ sessions: z.number().int(), apiTokens: z.number().int() })
      .describe('Every session and every API token of the account ended'),
    unverified: z
      .object({
        passkeys: z.number().int(),
        identities: z.number().int().describe('Linked OpenID providers'),
        authenticatorApp: z.boolean().describe('Two-factor codes (and their backup codes) were turned off'),
        webhooks: z.number().int(),
        requests: z.number().int().describe('Open requests closed (revoked); their answers stay'),
      })
      .describe('Removed: added while the address was not verified, so maybe by someone else'),
  })
  .meta({ id: 'PasswordResetDone' });

const rateLimited = errorResponse(
  'Too many requests, or too many of these from this client or for this account (rate_limited, with retryAfterSeconds)',
);
const badToken = errorResponse('The API token sent is unknown, expired or revoked (auth.not_signed_in)');
const crossSite = errorResponse('A cookie-authenticated request from another site (auth.cross_site)');
const noEmail = errorResponse(
  'This instance sends no email (HUSH_SMTP_URL and HUSH_PUBLIC_URL are not both set): an admin resets passwords ' +
    '(auth.email_unavailable)',
);
const tooLarge = errorResponse('Body too large');
const notJson = errorResponse('Body is not JSON');

export const accountEmailRoutes = {
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/authentication/password-reset',
    operationId: 'requestPasswordReset',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Email a password reset link to the account with this username or email',
    description:
      `The same answer whether or not such an account exists. The link is valid ${EMAIL_TOKEN_MINUTES.reset_password} ` +
      'minutes and once; a newer link replaces an older one.',
    body: PasswordResetBody,
    responses: {
      202: {
        description: 'If the account exists, a link is on its way to its email address',
        schema: z.object({ accepted: z.literal(true) }),
      },
      400: errorResponse('A field is invalid'),
      401: badToken,
      403: crossSite,
      409: noEmail,
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  confirmPasswordReset: defineRoute({
    method: 'POST',
    path: '/authentication/password-reset/confirm',
    operationId: 'confirmPasswordReset',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Set a new password with the token of a reset link; every session and API token of the account ends',
    description:
      'The account is not signed in by this: its owner signs in with the new password next (and any second factor). ' +
      'The link proves the address: passkeys, linked providers and an authenticator app added while it was not ' +
      'verified are removed, and so are webhooks and open requests made before it was (requests are revoked).',
    body: PasswordResetConfirmBody,
    responses: {
      200: {
        description: 'The password is set; every session and API token of the account ended; what was removed',
        schema: PasswordResetDone,
      },
      400: errorResponse(
        'A field is invalid, or the link expired, was used, was replaced or is not one (auth.reset_link_invalid)',
      ),
      401: badToken,
      403: crossSite,
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/authentication/verify-email',
    operationId: 'verifyEmail',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Mark an account’s email as verified with the token of a verification link',
    body: VerifyEmailBody,
    responses: {
      200: {
        description: 'The address is verified',
        schema: z.object({ verified: z.literal(true), email: z.string() }),
      },
      400: errorResponse(
        'A field is invalid, or the link expired, was used, is not one, or went to an address the account no ' +
          'longer has (auth.verify_link_invalid)',
      ),
      401: badToken,
      403: crossSite,
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  sendVerification: defineRoute({
    method: 'POST',
    path: '/account/email/verification',
    operationId: 'sendEmailVerification',
    tag: 'account',
    access: 'session',
    summary: 'Email a new verification link to the account’s address',
    responses: {
      202: {
        description: 'A link is on its way',
        schema: z.object({ sent: z.literal(true), email: z.string() }),
      },
      400: errorResponse('A body was sent that is not valid JSON'),
      401: errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)'),
      403: errorResponse('Needs a signed-in session, not an API token; or a request from another site'),
      409: errorResponse(
        'The address is verified already (account.email_verified), or this instance sends no email ' +
          '(auth.email_unavailable)',
      ),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  confirmSignup: defineRoute({
    method: 'POST',
    path: '/authentication/signup/confirm',
    operationId: 'confirmSignup',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Make the account of a sign-up with the token of its emailed link and the password chosen',
    description:
      `The link is valid ${EMAIL_TOKEN_MINUTES.confirm_signup / 60} hours and once. The account's address is ` +
      'verified by it, and the account is signed in. A wrong password keeps the link.',
    body: ConfirmSignupBody,
    responses: {
      201: { description: 'The account is made and signed in; sets the session cookies', schema: SessionInfo },
      400: errorResponse('A field is invalid, or the link expired, was used or is not one (auth.signup_link_invalid)'),
      401: errorResponse(
        'Not the password chosen at sign-up (auth.invalid_credentials), or the API token sent is not valid',
      ),
      403: errorResponse(
        'Sign-up was turned off meanwhile, the email domain is not allowed, or a request from another site',
      ),
      409: errorResponse(
        'The username or the address got an account meanwhile (auth.username_taken, auth.email_taken)',
      ),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
};
