import type { FastifyInstance } from 'fastify';
import type { AccountSessionsService } from './account-sessions.service.js';

/**
 * Keeps each session's last activity and browser for the sessions list: after the authentication hook has found
 * the session, at most one write a minute per session.
 */
export function registerSessionActivity(app: FastifyInstance, sessions: Pick<AccountSessionsService, 'seen'>): void {
  app.addHook('preHandler', async (request) => {
    if (request.auth?.kind !== 'session') return;
    await sessions.seen(request.auth.session, request.headers['user-agent']);
  });
}
