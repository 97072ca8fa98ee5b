/** Lifetimes anyone may choose, in seconds (5 minutes to 7 days). */
export const TTL_CHOICES = [300, 1800, 3600, 14400, 43200, 86400, 259200, 604800] as const;

/** Longer lifetimes, only for signed-in users (14 and 28 days). */
export const ACCOUNT_TTL_CHOICES = [1209600, 2419200] as const;

export const ALL_TTL_CHOICES: readonly number[] = [...TTL_CHOICES, ...ACCOUNT_TTL_CHOICES];

export const DEFAULT_TTL = 86400;

export const MIN_VIEWS = 1;
export const MAX_VIEWS = 999;

/** Limits on what a client sends; the server checks every one of them. */
export const LIMITS = {
  titleBytes: 1024,
  passwordChars: 1024,
  publicListSize: 100,
} as const;

/**
 * The longest envelope (see DESIGN.md §4) that an encrypted text of `plainBytes` bytes can produce:
 * `hush1.` + base64url(header ‖ iv ‖ ciphertext ‖ tag), with room for a header of up to 128 bytes.
 */
export function maxEnvelopeLength(plainBytes: number): number {
  const headerRoom = 128;
  const ivBytes = 12;
  const tagBytes = 16;
  return 'hush1.'.length + Math.ceil(((headerRoom + ivBytes + plainBytes + tagBytes) * 4) / 3);
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
