import crypto from 'node:crypto';

/** `bytes` random bytes as base64url. */
export function randomToken(bytes: number): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('base64url');
}

/** Compares a presented token with a stored SHA-256 hash in constant time. */
export function matchesHash(presented: string | null | undefined, storedHash: string | null): boolean {
  if (!presented || !storedHash) return false;
  const a = Buffer.from(sha256(presented));
  const b = Buffer.from(storedHash);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
