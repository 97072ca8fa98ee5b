import type { FastifyInstance } from 'fastify';
import { activityRoutes as api } from '../../../shared/api/activity.contract.js';
import { addRoute } from '../../http/route.js';
import { requireSession, requireUser } from '../auth/authenticate.js';
import type { ActivityService } from './activity.service.js';

export function activityRoutes(service: ActivityService) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.listActivity, ({ query, request }) => service.list(requireUser(request).id, query));
    addRoute(app, api.activityUnread, ({ request }) => service.unread(requireUser(request).id));
    addRoute(app, api.markActivitySeen, ({ request }) => service.seen(requireUser(request).id));
    addRoute(app, api.notificationSettings, ({ request }) => service.notifications(requireUser(request).id));
    addRoute(app, api.updateNotificationSettings, ({ body, request }) =>
      service.updateNotifications(requireSession(request).user.id, body),
    );
  };
}
