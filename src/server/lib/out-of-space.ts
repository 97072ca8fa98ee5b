/** The filesystem has no room left (ENOSPC), or the owner's quota is spent (EDQUOT). */
const FILESYSTEM_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** SQLite's "database or disk is full", and PostgreSQL's disk_full (SQLSTATE 53100). */
const DATABASE_CODES = new Set(['SQLITE_FULL', '53100']);

export interface OutOfSpace {
  /** The code that said so: ENOSPC, EDQUOT, SQLITE_FULL or 53100. */
  code: string;
  /** The database could not write (else the file storage could not). */
  database: boolean;
}

/**
 * Whether a write failed for want of space, as `error` or an error it wraps says. Such failures answer 507
 * storage.full: nothing is wrong with the request, and the same request works once an operator frees space.
 */
export function outOfSpace(error: unknown): OutOfSpace | null {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (FILESYSTEM_CODES.has(code) || DATABASE_CODES.has(code))) {
      return { code, database: DATABASE_CODES.has(code) };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
