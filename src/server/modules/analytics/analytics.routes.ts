import type { FastifyInstance, FastifyRequest } from 'fastify';
import { analyticsRoutes as api } from '../../../shared/api/analytics.contract.js';
import { callerOf } from '../../http/caller.js';
import { addRoute } from '../../http/route.js';
import type { AnalyticsService } from './analytics.service.js';
import { requireAdmin } from '../auth/authenticate.js';

/** DNT: 1 (Do Not Track) or Sec-GPC: 1 (Global Privacy Control): the browser asks not to be counted. */
function optedOut(request: FastifyRequest): boolean {
  return request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';
}

export function analyticsRoutes(service: AnalyticsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.track, async ({ request, body }) =>
      service.track({
        path: body.path,
        ip: callerOf(request).ip,
        userAgent: request.headers['user-agent'],
        optedOut: optedOut(request),
      }),
    );
    addRoute(app, api.analyticsDaily, async ({ request }) => {
      requireAdmin(request);
      return service.daily();
    });
  };
}
