import { z } from 'zod';
import { BACKUP_CODE_COUNT } from '../rules/two-factor.js';
import { SessionInfo } from './auth.contract.js';
import { defineRoute, errorResponse, noNul } from './contract.js';

/**
 * Issue 16.2: two-factor codes. An authenticator app (TOTP, RFC 6238) is enrolled with the current password and
 * turned on by a first code; ten one-time backup codes come with it. Signing in with a password then asks for a code
 * (POST /authentication/signin/second-factor, with the hush_pending cookie the password step set).
 */

const CurrentPassword = z.string().min(1, 'is required').max(1024);
/** An authenticator's 6 digits or a backup code (case, spaces and dashes do not matter). */
const Code = noNul(z.string().trim().min(1, 'is required').max(32)).describe(
  'The 6 digits of the authenticator app, or a backup code',
);

export const TwoFactorStatus = z
  .object({
    totp: z.boolean().describe('Two-factor codes are on'),
    backupCodesLeft: z.number().int().describe('Backup codes not used yet'),
  })
  .meta({ id: 'TwoFactorStatus' });
export const TotpEnrolment = z
  .object({
    uri: z.string().describe('The otpauth:// URI, for a QR code'),
    secret: z.string().describe('The same key in base32, to type into the app'),
  })
  .meta({ id: 'TotpEnrolment' });
export const BackupCodes = z
  .object({
    backupCodes: z.array(z.string()).length(BACKUP_CODE_COUNT).describe('Shown once: each works once'),
  })
  .meta({ id: 'BackupCodes' });

export const EnrolTotpBody = z.object({ currentPassword: CurrentPassword }).meta({ id: 'EnrolTotpBody' });
export const CodeBody = z.object({ code: Code }).meta({ id: 'CodeBody' });
export const DisableTotpBody = z
  .object({ currentPassword: CurrentPassword, code: Code })
  .meta({ id: 'DisableTotpBody' });
export const RegenerateBackupCodesBody = z
  .object({ code: Code.optional(), currentPassword: CurrentPassword.optional() })
  .refine((body) => body.code !== undefined || body.currentPassword !== undefined, {
    message: 'is required (or the current password)',
    path: ['code'],
  })
  .meta({ id: 'RegenerateBackupCodesBody' });

const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const sessionOnly = errorResponse('Needs a signed-in session, not an API token; or a request from another site');
const rateLimited = errorResponse(
  'Too many requests, or too many wrong codes for this account from this client (auth.too_many_attempts)',
);
const tooLarge = errorResponse('Body too large');
const notJson = errorResponse('Body is not JSON');
const wrongCode = 'the code is wrong or expired (two_factor.code_invalid) or was used already (two_factor.code_reused)';

export const twoFactorRoutes = {
  signinSecondFactor: defineRoute({
    method: 'POST',
    path: '/authentication/signin/second-factor',
    operationId: 'signInSecondFactor',
    tag: 'authentication',
    access: 'anyone',
    summary: 'Finish a password sign-in with an authenticator code or a backup code',
    description:
      'Needs the hush_pending cookie set by POST /authentication/signin. A pending sign-in lasts 5 minutes and ends ' +
      'after 5 wrong codes; a backup code works once.',
    body: CodeBody,
    responses: {
      200: { description: 'Signed in; sets the session cookies', schema: SessionInfo },
      400: errorResponse('A field is invalid'),
      401: errorResponse(
        `No pending sign-in (two_factor.pending_invalid: expired, used or too many wrong codes); ${wrongCode}; or ` +
          'the API token sent is not valid',
      ),
      403: errorResponse('A cookie-authenticated request from another site (auth.cross_site)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  twoFactorStatus: defineRoute({
    method: 'GET',
    path: '/account/two-factor',
    operationId: 'getTwoFactorStatus',
    tag: 'account',
    access: 'session',
    summary: 'Whether two-factor codes are on, and how many backup codes are left',
    responses: {
      200: { description: 'The status', schema: TwoFactorStatus },
      401: unauthorized,
      403: sessionOnly,
      429: rateLimited,
    },
  }),
  enrolTotp: defineRoute({
    method: 'POST',
    path: '/account/two-factor/totp',
    operationId: 'enrolTotp',
    tag: 'account',
    access: 'session',
    summary: 'Start setting up an authenticator app: a new key, on once a code confirms it',
    body: EnrolTotpBody,
    responses: {
      200: { description: 'The key, as a URI and in base32', schema: TotpEnrolment },
      400: errorResponse('A field is invalid, or the current password is wrong (auth.current_password_invalid)'),
      401: unauthorized,
      403: sessionOnly,
      409: errorResponse('Two-factor codes are on already (two_factor.already_enabled)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  confirmTotp: defineRoute({
    method: 'POST',
    path: '/account/two-factor/totp/confirm',
    operationId: 'confirmTotp',
    tag: 'account',
    access: 'session',
    summary: 'Turn two-factor codes on with a first code; answers the ten backup codes, once',
    body: CodeBody,
    responses: {
      200: { description: 'On; the backup codes', schema: BackupCodes },
      400: errorResponse(`A field is invalid, or ${wrongCode}`),
      401: unauthorized,
      403: sessionOnly,
      409: errorResponse('No set-up was started (two_factor.not_enrolling), or it is on already'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  disableTotp: defineRoute({
    method: 'POST',
    path: '/account/two-factor/totp/disable',
    operationId: 'disableTotp',
    tag: 'account',
    access: 'session',
    summary: 'Turn two-factor codes off (needs the current password and a code or backup code)',
    body: DisableTotpBody,
    responses: {
      200: { description: 'Off; the backup codes are gone', schema: z.object({ disabled: z.literal(true) }) },
      400: errorResponse(`A field is invalid, the current password is wrong, or ${wrongCode}`),
      401: unauthorized,
      403: sessionOnly,
      409: errorResponse('Two-factor codes are not on (two_factor.not_enabled)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
  regenerateBackupCodes: defineRoute({
    method: 'POST',
    path: '/account/two-factor/backup-codes',
    operationId: 'regenerateBackupCodes',
    tag: 'account',
    access: 'session',
    summary: 'Replace every backup code with ten new ones (needs a code or the current password)',
    body: RegenerateBackupCodesBody,
    responses: {
      200: { description: 'The new backup codes, shown once', schema: BackupCodes },
      400: errorResponse(`A field is invalid, the current password is wrong, or ${wrongCode}`),
      401: unauthorized,
      403: sessionOnly,
      409: errorResponse('Two-factor codes are not on (two_factor.not_enabled)'),
      413: tooLarge,
      415: notJson,
      429: rateLimited,
    },
  }),
};
