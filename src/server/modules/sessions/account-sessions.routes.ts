import type { FastifyInstance } from 'fastify';
import { sessionsRoutes as api } from '../../../shared/api/sessions.contract.js';
import { addRoute } from '../../http/route.js';
import { requireSession } from '../auth/authenticate.js';
import { clearSessionCookies, type CookieOptions } from '../auth/cookies.js';
import type { AccountSessionsService } from './account-sessions.service.js';

export function accountSessionsRoutes(sessions: AccountSessionsService, cookies: CookieOptions) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.sessions, async ({ request }) => {
      const { user, session } = requireSession(request);
      return sessions.list(user.id, session.id);
    });

    addRoute(app, api.revokeSession, async ({ params, request, reply }) => {
      const { user, session } = requireSession(request);
      const revoked = await sessions.revoke(user.id, params.id, session.id);
      if (revoked.current) clearSessionCookies(reply, cookies);
      return revoked;
    });

    addRoute(app, api.signOutOthers, async ({ request }) => {
      const { user, session } = requireSession(request);
      return sessions.signOutOthers(user.id, session.id);
    });
  };
}
