import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeAllows, type RouteScope, type TokenScope } from '../../../shared/rules/tokens.js';
import type { Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import { adminRequired, crossSite, notSignedIn, sessionRequired, tokenScopeMissing } from './auth.errors.js';
import type { AuthService } from './auth.service.js';
import { SESSION_COOKIE } from './cookies.js';
import { securityEvent } from './security-events.js';
import type { SessionRow } from './sessions.repository.js';
import type { TokensRepository } from './tokens.repository.js';
import type { UserRow } from './users.repository.js';

export type Auth =
  | { kind: 'anonymous' }
  | { kind: 'session'; user: UserRow; session: SessionRow }
  /** `scopes` null: a token made before scopes, with everything its user may. */
  | { kind: 'token'; user: UserRow; tokenId: string; scopes: TokenScope[] | null };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The token from `Authorization: Basic base64(token:anything)` (spec §6) or `Bearer token`; '' when such a header
 * holds no token (it is refused, not taken for anonymous); null when there is no Basic or Bearer header.
 */
export function presentedToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  const kind = scheme?.toLowerCase();
  if (kind !== 'bearer' && kind !== 'basic') return null;
  if (!value) return '';
  if (kind === 'bearer') return value;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return decoded.split(':')[0] ?? '';
}

/**
 * A browser request made with our cookie from another site is refused: Sec-Fetch-Site when the browser sends it,
 * else Origin against HUSH_PUBLIC_URL's host (or the Host header when it is not set: behind a proxy that rewrites
 * Host, set HUSH_PUBLIC_URL). Requests without cookies (API clients) are not concerned.
 */
function fromAnotherSite(request: FastifyRequest, publicHost: string | null): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    const host = new URL(origin).host;
    return host !== (publicHost ?? request.host);
  } catch {
    return true;
  }
}

/**
 * Resolves who is calling, once per request: session cookie, else API token, else anonymous. While disable_users is
 * on, only admins' sessions and tokens count: other sessions are ignored (as if signed out) and tokens refused.
 *
 * It is also the one place API token scopes are enforced: a route declares the scope a token needs in its contract
 * (`scope`, handed over as the route's config by http/route.ts), and a token without it is refused here, before the
 * route runs (403, see requireScope), never taken for anonymous. The user's role is checked by the route as for a
 * session, so a token never does more than its scopes allow and its user may. (Burning a secret, which a delete token
 * allows too, asks for its scope in its route: secrets.routes.ts.)
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    tokens: TokensRepository;
    settings: Pick<SettingsService, 'get'>;
    clock: Clock;
    publicUrl: string;
  },
): void {
  app.decorateRequest<Auth | null>('auth', null);
  const publicHost = deps.publicUrl ? new URL(deps.publicUrl).host : null;
  const disabled = async (user: UserRow) => user.role !== 'admin' && (await deps.settings.get()).disable_users;
  app.addHook('preHandler', async (request) => {
    request.auth = { kind: 'anonymous' };
    // Pages and assets need no caller: only the API looks the session or token up (no query per asset).
    if (!request.url.startsWith('/api/')) return;
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie) {
      const found = await deps.auth.resolveSession(cookie);
      if (found && !(await disabled(found.user))) {
        if (UNSAFE.has(request.method) && fromAnotherSite(request, publicHost)) throw crossSite();
        request.auth = { kind: 'session', user: found.user, session: found.session };
        return;
      }
    }
    const token = presentedToken(request.headers.authorization);
    if (token !== null) {
      const found = token ? await deps.tokens.findByHash(sha256(token), deps.clock()) : undefined;
      if (!found || (await disabled(found.user))) throw notSignedIn();
      request.auth = { kind: 'token', user: found.user, tokenId: found.tokenId, scopes: found.scopes };
      // Not awaited, so never fatal: an unhandled rejection here would stop the whole process.
      deps.tokens.touch(found.tokenId, deps.clock(), found.used).catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not record the API token’s last use');
      });
      const needed = request.routeOptions.config.tokenScope;
      if (needed) requireScope(request, needed);
    }
  });
}

/** Whether the caller may act on a route that asks an API token for `needed`: sessions and anonymous callers may. */
export const scopeGranted = (request: FastifyRequest, needed: RouteScope): boolean =>
  request.auth.kind !== 'token' || scopeAllows(request.auth.scopes, needed);

/**
 * Refuses an API token without the scope: 403 auth.token_scope, or auth.session_required for what no scope grants
 * (a token made before scopes still may). The role comes first: a user who is not an admin is told that, whatever
 * the token's scopes.
 */
export function requireScope(request: FastifyRequest, needed: RouteScope): void {
  if (scopeGranted(request, needed)) return;
  const auth = request.auth as Extract<Auth, { kind: 'token' }>;
  securityEvent(request, 'token.scope', { userId: auth.user.id, needed });
  if (needed === 'admin' && roleOf(request) !== 'admin') throw adminRequired();
  throw needed === 'legacy' ? sessionRequired() : tokenScopeMissing(needed);
}

export function requireUser(request: FastifyRequest): UserRow {
  if (request.auth.kind === 'anonymous') throw notSignedIn();
  return request.auth.user;
}

/**
 * Admin routes: by session or by an admin's API token with the admin scope (spec §6; the scope is checked with the
 * route's contract). The role is read with the session or token per request.
 */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') throw adminRequired();
  return user;
}

/** The caller's role, or null for anonymous callers. */
export const roleOf = (request: FastifyRequest): string | null =>
  request.auth.kind === 'anonymous' ? null : request.auth.user.role;

/** Changing credentials, tokens or deleting the account needs the person, not a script's token. */
export function requireSession(request: FastifyRequest): { user: UserRow; session: SessionRow } {
  if (request.auth.kind === 'token') throw sessionRequired();
  if (request.auth.kind === 'anonymous') throw notSignedIn();
  return { user: request.auth.user, session: request.auth.session };
}
