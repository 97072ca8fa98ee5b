import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { oidcRoutes as api } from '../../../shared/api/oidc.contract.js';
import { callerOf } from '../../http/caller.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import type { CookieOptions } from '../auth/cookies.js';
import { securityEvent } from '../auth/security-events.js';
import type { SignedIn } from '../auth/signed-in.js';
import { requireSession, requireUser } from '../auth/authenticate.js';
import type { OidcAccounts } from './oidc.accounts.js';
import type { OidcIdentities } from './oidc.identities.js';
import { OidcRefusal } from './oidc.errors.js';
import type { OidcService } from './oidc.service.js';

/** The browser's flow (10 minutes, used once): SameSite=Lax, as it must come back on the provider's redirect. */
export const FLOW_COOKIE = 'hush_oidc';
/** The identity waiting for the account's password (10 minutes). */
export const LINK_COOKIE = 'hush_oidc_link';
const TEN_MINUTES = 10 * 60;

/**
 * The OpenID sign-in's browser side: start and callback are navigations answered with redirects (a refusal goes to
 * /signin?error=<code>, which the page translates), the link confirmation is a JSON call like the other sign-ins.
 */
export function oidcRoutes(
  oidc: OidcService,
  accounts: OidcAccounts,
  identities: OidcIdentities,
  cookies: CookieOptions,
  signedIn: SignedIn,
) {
  const cookie = (reply: FastifyReply, name: string, value: string, sameSite: 'lax' | 'strict') =>
    reply.setCookie(name, value, {
      path: '/api',
      httpOnly: true,
      sameSite,
      secure: cookies.secure(reply.request),
      maxAge: TEN_MINUTES,
    });
  const clear = (reply: FastifyReply, name: string) =>
    reply.clearCookie(name, { path: '/api', httpOnly: true, secure: cookies.secure(reply.request) });
  const toSignin = (reply: FastifyReply, error: HttpError, page = '/signin') =>
    reply.redirect(`${page}${page.includes('?') ? '&' : '?'}error=${encodeURIComponent(error.code)}`, 302);

  const refused = (request: FastifyRequest, reply: FastifyReply, provider: string, error: unknown) => {
    const refusal = error instanceof OidcRefusal ? error : null;
    if (!refusal && !(error instanceof HttpError)) throw error;
    const reason = refusal?.reason ?? (error as HttpError).code;
    securityEvent(request, 'oidc.callback', { provider: provider.slice(0, 40), reason, detail: refusal?.detail });
    return toSignin(reply, refusal?.error ?? (error as HttpError), refusal?.returnTo);
  };

  return async (app: FastifyInstance) => {
    app.get<{ Params: { provider: string }; Querystring: { next?: unknown; link?: unknown } }>(
      '/authentication/oidc/:provider/start',
      async (request, reply) => {
        const { provider } = request.params;
        const next = typeof request.query.next === 'string' ? request.query.next : undefined;
        // ?link=true from a signed-in session: the identity is linked to this account, no new session starts.
        const linking = request.query.link === 'true' && request.auth.kind === 'session';
        try {
          const started = await oidc.start(provider, next, linking ? requireSession(request).user.id : null);
          cookie(reply, FLOW_COOKIE, started.token, 'lax');
          return reply.redirect(started.url, 302);
        } catch (error) {
          if (error instanceof OidcRefusal) return toSignin(reply, error.error);
          throw error;
        }
      },
    );

    app.get<{ Params: { provider: string } }>('/authentication/oidc/:provider/callback', async (request, reply) => {
      const { provider } = request.params;
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      clear(reply, FLOW_COOKIE);
      try {
        const outcome = await oidc.callback(provider, request.cookies[FLOW_COOKIE], query, callerOf(request).ip);
        if (outcome.kind === 'link') {
          cookie(reply, LINK_COOKIE, outcome.ticket, 'strict');
          return reply.redirect('/signin/link', 302);
        }
        if (outcome.kind === 'linked') return reply.redirect(outcome.next, 302);
        await signedIn(reply, outcome.started);
        return reply.redirect(outcome.next, 302);
      } catch (error) {
        return refused(request, reply, provider, error);
      }
    });

    addRoute(app, api.identities, async ({ request }) => identities.list(requireUser(request).id));
    addRoute(app, api.unlinkIdentity, async ({ params, request }) => {
      await identities.unlink(requireSession(request).user.id, params.id);
      return { unlinked: true as const };
    });

    addRoute(app, api.oidcLinkInfo, async ({ request }) => accounts.linkInfo(request.cookies[LINK_COOKIE]));

    addRoute(app, api.oidcLink, async ({ body, request, reply }) => {
      try {
        const linked = await accounts.confirmLink(request.cookies[LINK_COOKIE], body.password, callerOf(request).ip);
        clear(reply, LINK_COOKIE);
        return { ...(await signedIn(reply, linked.started)), next: linked.next };
      } catch (error) {
        if (error instanceof HttpError) securityEvent(request, 'oidc.linking', { reason: error.code });
        throw error;
      }
    });
  };
}
