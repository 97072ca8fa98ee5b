import type { FastifyInstance } from 'fastify';
import { analyticsRoutes as api } from '../../../shared/api/analytics.contract.js';
import { addRoute } from '../../http/route.js';
import { requireAdmin } from '../auth/authenticate.js';
import type { StatsService } from './stats.service.js';

export function statsRoutes(service: StatsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.stats, async ({ request }) => {
      requireAdmin(request);
      return service.stats();
    });
  };
}
