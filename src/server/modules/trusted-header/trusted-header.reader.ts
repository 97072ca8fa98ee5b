import type { FastifyRequest } from 'fastify';
import { ipMatches } from '../../../shared/rules/ip.js';

/**
 * What a request's HUSH_AUTH_HEADER says, and whether to believe it. Only the socket's peer decides: a request is
 * believed when it comes straight from one of HUSH_TRUSTED_PROXIES (the list Fastify's trustProxy believes
 * X-Forwarded-For from), never from what a forwarded header claims. Such a proxy sets the header itself
 * (nginx's proxy_set_header replaces a client's), so a client cannot name a user through it; a client that reaches
 * Hush directly is not a trusted peer, and its header is ignored.
 */
export type Vouched =
  | { kind: 'absent' }
  /** The header came from a peer that is no trusted proxy: ignored, and worth a security event. */
  | { kind: 'untrusted'; peer: string | null }
  /** A trusted proxy names this user (not validated yet: the service checks the USERNAME rules). */
  | { kind: 'user'; username: string; email: string | null };

export interface TrustedHeaderOptions {
  /** HUSH_AUTH_HEADER: '' turns the feature off. */
  header: string;
  /** HUSH_AUTH_HEADER_EMAIL: '' when the proxy sends no email. */
  emailHeader: string;
  /** HUSH_TRUSTED_PROXIES: addresses and CIDR ranges. */
  trustedProxies: readonly string[];
}

/** A header's single value, trimmed; several values arrive joined by Node (", "), so they never pass as one name. */
function valueOf(request: FastifyRequest, name: string): string | null {
  const raw = request.headers[name];
  const value = (Array.isArray(raw) ? raw.join(', ') : (raw ?? '')).trim();
  return value === '' ? null : value;
}

/** Reads the trusted header of a request, or null when the feature is off. */
export function trustedHeaderReader(options: TrustedHeaderOptions): ((request: FastifyRequest) => Vouched) | null {
  if (!options.header) return null;
  const header = options.header.toLowerCase();
  const emailHeader = options.emailHeader.toLowerCase();
  const trusted = (peer: string | undefined) => options.trustedProxies.some((rule) => ipMatches(peer, rule));
  return (request) => {
    const username = valueOf(request, header);
    if (username === null) return { kind: 'absent' };
    const peer = request.socket.remoteAddress;
    if (!trusted(peer)) return { kind: 'untrusted', peer: peer ?? null };
    return { kind: 'user', username, email: emailHeader ? valueOf(request, emailHeader) : null };
  };
}

export type TrustedHeaderReader = NonNullable<ReturnType<typeof trustedHeaderReader>>;

/**
 * The `header` field of GET /authentication/methods: the user a trusted proxy names on this request, else null,
 * with the proxy's sign-out address (signing out of Hush alone leaves the proxy's session, which would sign the
 * user straight back in).
 */
export const headerUserOf =
  (read: TrustedHeaderReader | null, signoutUrl: string) =>
  (request: FastifyRequest): { username: string; signoutUrl: string | null } | null => {
    const vouched = read?.(request);
    return vouched?.kind === 'user'
      ? { username: vouched.username.slice(0, 254), signoutUrl: signoutUrl || null }
      : null;
  };
