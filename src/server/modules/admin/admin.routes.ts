import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRoutes as api } from '../../../shared/api/admin.contract.js';
import type { RequireTwoFactor } from '../../../shared/rules/two-factor.js';
import { addRoute } from '../../http/route.js';
import { requireAdmin } from '../auth/authenticate.js';
import type { AdminService } from './admin.service.js';

export interface AdminRoutesDeps {
  /** Refuses a require_two_factor that would hold the caller's own session (modules/two-factor/requirement.ts). */
  ownRequirement?(request: FastifyRequest, setting: RequireTwoFactor | undefined): Promise<void>;
}

export function adminRoutes(service: AdminService, deps: AdminRoutesDeps = {}) {
  return async (app: FastifyInstance) => {
    // Every route here is for admins: the caller is checked (401 for nobody, 403 for anyone else) before the query
    // or body is even parsed. The hook runs after the app's authentication hook, and only for these routes.
    app.addHook('preHandler', async (request) => {
      requireAdmin(request);
    });

    addRoute(app, api.adminSettings, () => service.settings());
    addRoute(app, api.updateAdminSettings, async ({ body, request }) => {
      await deps.ownRequirement?.(request, body.require_two_factor);
      return service.updateSettings(body);
    });
    addRoute(app, api.adminUsers, ({ query }) => service.listUsers(query.skip, query.take));
    addRoute(app, api.createUser, ({ body }) => service.createUser(body));
    addRoute(app, api.updateUser, ({ body }) => service.updateUser(body));
    addRoute(app, api.deleteUser, ({ body }) => service.deleteUser(body.username));
  };
}
