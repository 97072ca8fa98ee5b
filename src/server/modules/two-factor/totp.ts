import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../../shared/rules/two-factor.js';

/**
 * RFC 6238 codes (otpauth): the key an account's authenticator app holds, its otpauth:// URI for the QR code, and
 * the check of a typed code. A code is accepted one step (30 seconds) early or late, for clocks that drift and for
 * people who type slowly; what is accepted is the step it belongs to, so that the caller can refuse it a second time.
 */

const SECRET_BYTES = 20;

/** A new random key, in base32 (what authenticator apps take when typed in). */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

const totpOf = (secret: string, issuer = '', label = 'Hush') =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });

/** The otpauth:// URI the QR code holds: `issuer` names the instance in the app, `label` the account. */
export const totpUri = (secret: string, issuer: string, label: string): string =>
  totpOf(secret, issuer, label).toString();

/** The 30-second step a time falls in. */
export const stepAt = (now: number): number => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

/** The step the code belongs to, if it is the code of the step at `now` or of one next to it; else null. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : stepAt(now) + delta;
}

/** The code of the step at `now` (tests, and nothing else: the server never hands a code out). */
export const totpCodeAt = (secret: string, now: number): string => totpOf(secret).generate({ timestamp: now });
