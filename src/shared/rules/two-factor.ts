/**
 * Two-factor codes (issue 16.2): the shape of the codes and the choices of the "require two factors" setting. The
 * one copy the contracts, the server and the web page read.
 */

/** RFC 6238 codes as every authenticator app makes them: 6 digits, a new one every 30 seconds, SHA-1. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** Ten one-time backup codes, each two groups of five letters and digits (50 random bits): `k7m2p-x9q4r`. */
export const BACKUP_CODE_COUNT = 10;
export const BACKUP_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A typed backup code as the server compares it: lower case, without spaces or dashes. */
export const normalizeBackupCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** What a second step at sign-in can be: an authenticator code (backup codes go with it) or a passkey. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** How a session was started. */
export const SIGN_IN_METHODS = ['password', 'passkey', 'oidc', 'header'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A correct password waits this long for its second factor, and for at most this many wrong codes. */
export const PENDING_SIGNIN_MINUTES = 5;
export const PENDING_SIGNIN_MAX_FAILURES = 5;

/**
 * The instance setting `require_two_factor`: who must have a second factor to use a password session. Sign-ins
 * through an identity provider, a trusted proxy or a passkey alone are not concerned (they bring their own factors).
 */
export const REQUIRE_TWO_FACTOR = ['off', 'admins', 'everyone'] as const;
export type RequireTwoFactor = (typeof REQUIRE_TWO_FACTOR)[number];

/** Whether a user of `role` must have a second factor under `setting`. */
export const twoFactorRequiredFor = (setting: RequireTwoFactor, role: string) =>
  setting === 'everyone' || (setting === 'admins' && role === 'admin');
