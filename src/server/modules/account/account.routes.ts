import type { FastifyInstance } from 'fastify';
import { accountRoutes as api } from '../../../shared/api/account.contract.js';
import { addRoute } from '../../http/route.js';
import { requireSession, requireUser } from '../auth/authenticate.js';
import { clearSessionCookies, type CookieOptions } from '../auth/cookies.js';
import { presentAccount, type AccountService } from './account.service.js';

export function accountRoutes(service: AccountService, cookies: CookieOptions) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.account, async ({ request }) => presentAccount(requireUser(request)));
    addRoute(app, api.secrets, async ({ request }) => service.ownSecrets(requireUser(request)));
    addRoute(app, api.tokens, async ({ request }) => service.listTokens(requireUser(request)));

    // Credentials, tokens and the account itself change only with a session: an API token cannot.
    addRoute(app, api.update, async ({ request, body }) => {
      const { user, session } = requireSession(request);
      return service.update(user, session.id, body);
    });
    addRoute(app, api.delete, async ({ request, reply, body }) => {
      const result = await service.delete(requireSession(request).user, body.currentPassword);
      clearSessionCookies(reply, cookies);
      return result;
    });
    addRoute(app, api.createToken, async ({ request, body }) =>
      service.createToken(requireSession(request).user, body),
    );
    addRoute(app, api.revokeToken, async ({ request, params }) =>
      service.revokeToken(requireSession(request).user, params.id),
    );
  };
}
