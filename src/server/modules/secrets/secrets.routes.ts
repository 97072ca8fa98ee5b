import type { FastifyInstance } from 'fastify';
import { secretRoutes as api } from '../../../shared/api/secrets.contract.js';
import { callerOf } from '../../http/caller.js';
import { addRoute } from '../../http/route.js';
import { BURN_SCOPE } from '../../../shared/rules/tokens.js';
import { requireScope, roleOf, scopeGranted } from '../auth/authenticate.js';
import type { SecretsService } from './secrets.service.js';

export function secretsRoutes(service: SecretsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.create, ({ body, request }) => service.create(body, callerOf(request), roleOf(request)));
    addRoute(app, api.exist, ({ params, request }) => service.status(params.id, callerOf(request)));
    addRoute(app, api.read, ({ params, body, request }) => service.read(params.id, body, callerOf(request)));
    addRoute(app, api.readByGet, ({ params, query, request }) =>
      service.read(params.id, { password: query.password, keyProof: query.keyProof }, callerOf(request)),
    );
    addRoute(app, api.burn, ({ params, body, request }) => {
      // An API token counts as the owner only with its scope; the delete token and the key proof need none, so a
      // token sent along (the CLI sends it with every call) never stands in their way.
      if (scopeGranted(request, BURN_SCOPE)) return service.burn(params.id, body, callerOf(request));
      if (!body.deleteToken && !body.keyProof) requireScope(request, BURN_SCOPE);
      return service.burn(params.id, body, { ...callerOf(request), userId: null });
    });
    addRoute(app, api.publicList, () => service.listPublic());
    addRoute(app, api.publicListByUser, ({ params }) => service.listPublic(params.username));
  };
}
