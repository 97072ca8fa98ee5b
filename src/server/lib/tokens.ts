import crypto from 'node:crypto';

// Random bytes are drawn 4 KiB at a time: one call to the system per token cost a tenth of a create's time. Each
// byte is handed out once.
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let used = POOL_SIZE;

/** `bytes` random bytes as base64url. */
export function randomToken(bytes: number): string {
  if (bytes > POOL_SIZE) return crypto.randomBytes(bytes).toString('base64url');
  if (used + bytes > POOL_SIZE) {
    crypto.randomFillSync(pool);
    used = 0;
  }
  const token = pool.toString('base64url', used, used + bytes);
  used += bytes;
  return token;
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
