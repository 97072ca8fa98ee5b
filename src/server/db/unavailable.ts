/** Network errors of a database that cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** SQLite: locked beyond the busy timeout, or failing to read or write its files (a full disk is 507: out-of-space.ts). */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR']);
/** PostgreSQL SQLSTATE: shutting down or starting (57P0x), too many connections (53300), connection failures (08xxx). */
const POSTGRES_STATE = /^(57P0[1-4]|53300|08\d{3})$/;
/** pg's own messages for a connection that died or never came. */
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * Is this error the database being out of reach (down, restarting, overloaded), as opposed to a bug? Such
 * failures answer a clear 503 that clients may retry, and the pool reconnects by itself once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLITE_CODES.has(code) || POSTGRES_STATE.test(code))) {
      return true;
    }
    if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
    // AggregateError (a host name with several addresses) and wrapped causes.
    const nested = (current as { errors?: unknown[] }).errors?.[0] ?? (current as { cause?: unknown }).cause;
    current = nested;
  }
  return false;
}
