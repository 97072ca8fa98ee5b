import type { FastifyInstance } from 'fastify';
import { requestRoutes as api } from '../../../shared/api/requests.contract.js';
import { callerOf } from '../../http/caller.js';
import { addRoute } from '../../http/route.js';
import { requireUser, roleOf } from '../auth/authenticate.js';
import type { RequestsService } from './requests.service.js';

/** `responsesPerMinute`: per client address; undefined when rate limits are off. */
export function requestsRoutes(service: RequestsService, options: { responsesPerMinute?: number | undefined }) {
  // A fill link is public: whoever holds one could send responses in a loop. Each address may send a few a minute.
  const respondLimit = options.responsesPerMinute
    ? { rateLimit: { max: options.responsesPerMinute, timeWindow: 60_000 } }
    : undefined;
  return async (app: FastifyInstance) => {
    addRoute(app, api.createRequest, ({ body, request }) =>
      service.create(body, requireUser(request).id, roleOf(request)),
    );
    addRoute(app, api.listRequests, ({ request }) => service.list(requireUser(request).id));
    addRoute(app, api.unreadResponses, ({ request }) => service.unread(requireUser(request).id));
    addRoute(app, api.getRequest, ({ params, request }) => service.detail(params.id, requireUser(request).id));
    addRoute(app, api.revokeRequest, ({ params, request }) => service.revoke(params.id, requireUser(request).id));
    addRoute(app, api.deleteRequest, ({ params, request }) => service.delete(params.id, requireUser(request).id));
    addRoute(app, api.requestForm, ({ params, request }) => service.form(params.id, callerOf(request)));
    addRoute(
      app,
      api.respond,
      ({ params, body, request }) => service.respond(params.id, body, callerOf(request)),
      201,
      respondLimit,
    );
  };
}
