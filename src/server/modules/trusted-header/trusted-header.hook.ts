import type { FastifyInstance } from 'fastify';
import '../auth/authenticate.js';
import type { AuthService } from '../auth/auth.service.js';
import { clearSessionCookies, type CookieOptions } from '../auth/cookies.js';
import { securityEvent } from '../auth/security-events.js';
import type { TrustedHeaderReader } from './trusted-header.reader.js';

/**
 * Runs after the authentication hook, on API requests only (pages and assets carry the same header, but no session
 * is looked up for them). A header from a peer that is not a trusted proxy is never believed and is logged once for
 * the request. When a trusted proxy names another user than the session's, the proxy wins: that session ends here,
 * the request goes on as anonymous, and the page signs the proxy's user in (POST /authentication/header).
 */
export function registerTrustedHeader(
  app: FastifyInstance,
  deps: { read: TrustedHeaderReader; header: string; auth: Pick<AuthService, 'signout'>; cookies: CookieOptions },
): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const vouched = deps.read(request);
    if (vouched.kind === 'untrusted') {
      securityEvent(request, 'header.untrusted', { header: deps.header, peer: vouched.peer });
      return;
    }
    if (vouched.kind !== 'user' || request.auth.kind !== 'session') return;
    const { session, user } = request.auth;
    if (user.username_lower === vouched.username.toLowerCase()) return;
    request.log.info({ userId: user.id }, 'trusted header names another user: the session ends');
    await deps.auth.signout(session.id);
    clearSessionCookies(reply, deps.cookies);
    request.auth = { kind: 'anonymous' };
  });
}
