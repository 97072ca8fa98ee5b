import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/**
 * Refused sign-in evidence an operator should see (issue 16, "Bad input"): a forged or replayed OpenID response, a
 * wrong or reused second-factor code, a passkey assertion that does not verify, a used reset link, a token beyond its
 * scope. Each is one warning line, `{security: kind, ...}`, in the server's log, so that log shippers can alert on it.
 *
 * Details never hold a secret: no password, code, token, cookie, key or assertion, only what identifies the case
 * (a user id, a provider id, a reason code).
 */
export type SecurityEventKind =
  | 'token.scope'
  | 'signin.password'
  | 'signin.second_factor'
  | 'signin.backup_code'
  | 'signin.passkey'
  | 'oidc.callback'
  | 'oidc.linking'
  | 'email.token'
  | 'header.untrusted';

export type SecurityDetails = Record<string, string | number | boolean | null | undefined>;

export function logSecurityEvent(
  log: FastifyBaseLogger,
  kind: SecurityEventKind,
  ip: string | null,
  details: SecurityDetails = {},
): void {
  log.warn({ security: kind, ip, ...details }, `security: ${kind} refused`);
}

/** The same, from a request: its logger (with the request id) and its client address. */
export const securityEvent = (request: FastifyRequest, kind: SecurityEventKind, details: SecurityDetails = {}) =>
  logSecurityEvent(request.log, kind, request.ip, details);
