import type { FastifyInstance, FastifyRequest } from 'fastify';
import { instanceWebhookRoutes, ownWebhookRoutes } from '../../../shared/api/webhooks.contract.js';
import { keyedRateLimit } from '../../http/rate-limit.js';
import { addRoute } from '../../http/route.js';
import { requireAdmin, requireUser } from '../auth/authenticate.js';
import type { Scope, WebhooksService } from './webhooks.service.js';

type Api = typeof ownWebhookRoutes | typeof instanceWebhookRoutes;
type Check = ((request: FastifyRequest) => Promise<void>) | null;

/** Test calls a user may make per minute, own and instance webhooks together: each sends a request to a URL. */
export const WEBHOOK_TESTS_PER_MINUTE = 5;

function register(
  app: FastifyInstance,
  api: Api,
  service: WebhooksService,
  scopeOf: (r: FastifyRequest) => Scope,
  testLimit: Check,
) {
  addRoute(app, api.list, ({ request }) => service.list(scopeOf(request)));
  addRoute(app, api.create, ({ body, request }) => service.create(scopeOf(request), body), 201);
  addRoute(app, api.update, ({ params, body, request }) => service.update(scopeOf(request), params.id, body));
  addRoute(app, api.remove, ({ params, request }) => service.remove(scopeOf(request), params.id));
  addRoute(app, api.rotate, ({ params, request }) => service.rotate(scopeOf(request), params.id));
  addRoute(
    app,
    api.test,
    async ({ params, request }) => {
      await testLimit?.(request);
      return service.test(scopeOf(request), params.id);
    },
    202,
  );
  addRoute(app, api.deliveries, ({ params, request }) => service.deliveries(scopeOf(request), params.id));
}

/**
 * A user's webhooks (by session or API token) and the instance's (admins). The caller is checked before the body is
 * parsed (401 for nobody, 403 for a non-admin on the instance's); the service scopes each by owner.
 */
export function webhooksRoutes(service: WebhooksService) {
  return async (app: FastifyInstance) => {
    const testLimit = keyedRateLimit(app, {
      name: 'webhook-test',
      max: WEBHOOK_TESTS_PER_MINUTE,
      windowSeconds: 60,
      keyOf: (request) => requireUser(request).id,
    });
    await app.register(async (own) => {
      own.addHook('preHandler', async (request) => {
        requireUser(request);
      });
      register(own, ownWebhookRoutes, service, (request) => requireUser(request).id, testLimit);
    });
    await app.register(async (instance) => {
      instance.addHook('preHandler', async (request) => {
        requireAdmin(request);
      });
      register(instance, instanceWebhookRoutes, service, () => null, testLimit);
    });
  };
}
