/**
 * Strong random passwords from the browser's CSPRNG. Look-alike characters (I l 1 O 0) are left out so a
 * password can be read aloud or typed from a screen.
 */
const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '-_.!@#$%^&*+=?'] as const;

export const PASSWORD_ALPHABET = CLASSES.join('');
export const DEFAULT_PASSWORD_LENGTH = 24;

/** A uniform index below `size`: values past the last whole multiple of `size` are drawn again (no modulo bias). */
function randomIndexes(count: number, size: number): number[] {
  const limit = Math.floor(0x1_0000_0000 / size) * size;
  const result: number[] = [];
  const buffer = new Uint32Array(count);
  while (result.length < count) {
    crypto.getRandomValues(buffer);
    for (const value of buffer) {
      if (value < limit && result.length < count) result.push(value % size);
    }
  }
  return result;
}

/** A password of `length` characters with at least one of each class (when long enough to hold them). */
export function generatePassword(length = DEFAULT_PASSWORD_LENGTH): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('length must be a positive integer');
  const needsEveryClass = length >= CLASSES.length;
  for (;;) {
    const password = randomIndexes(length, PASSWORD_ALPHABET.length)
      .map((index) => PASSWORD_ALPHABET[index])
      .join('');
    // Drawing again until every class appears keeps the result uniform over the passwords that qualify.
    if (!needsEveryClass || CLASSES.every((chars) => [...password].some((char) => chars.includes(char)))) {
      return password;
    }
  }
}
