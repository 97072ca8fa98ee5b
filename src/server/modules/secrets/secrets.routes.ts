import type { FastifyInstance } from 'fastify';
import { secretRoutes as api } from '../../../shared/api/secrets.contract.js';
import { callerOf } from '../../http/caller.js';
import { addRoute } from '../../http/route.js';
import { roleOf } from '../auth/authenticate.js';
import type { SecretsService } from './secrets.service.js';

export function secretsRoutes(service: SecretsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.create, ({ body, request }) => service.create(body, callerOf(request), roleOf(request)));
    addRoute(app, api.exist, ({ params, request }) => service.status(params.id, callerOf(request)));
    addRoute(app, api.read, ({ params, body, request }) => service.read(params.id, body, callerOf(request)));
    addRoute(app, api.readByGet, ({ params, query, request }) =>
      service.read(params.id, { password: query.password, keyProof: query.keyProof }, callerOf(request)),
    );
    addRoute(app, api.burn, ({ params, body, request }) => service.burn(params.id, body, callerOf(request)));
    addRoute(app, api.publicList, () => service.listPublic());
    addRoute(app, api.publicListByUser, ({ params }) => service.listPublic(params.username));
  };
}
