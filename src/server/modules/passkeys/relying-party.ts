import type { FastifyRequest } from 'fastify';

/** Who the passkeys are for: the instance's host (the RP ID), and the one page origin that may use them. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * HUSH_PUBLIC_URL when it is set (its host, without port, is the RP ID); else the request's own host, as the
 * cross-site check derives it (modules/auth/authenticate.ts): behind a proxy that rewrites Host, set HUSH_PUBLIC_URL.
 * A passkey is bound to its RP ID by the authenticator: moving the instance to another host leaves them behind.
 */
export function relyingPartyOf(publicUrl: string, name = 'Hush') {
  const pinned = publicUrl ? new URL(publicUrl) : null;
  return (request: FastifyRequest): RelyingParty => {
    // URL drops a scheme's default port, as browsers do in the origin they report.
    const url = pinned ?? new URL(`${request.protocol}://${request.host}`);
    return { id: url.hostname, origin: url.origin, name };
  };
}

export type RelyingPartyOf = ReturnType<typeof relyingPartyOf>;
