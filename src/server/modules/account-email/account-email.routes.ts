import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountEmailRoutes as api } from '../../../shared/api/account-email.contract.js';
import { callerOf } from '../../http/caller.js';
import { addRoute } from '../../http/route.js';
import { requireSession } from '../auth/authenticate.js';
import { securityEvent } from '../auth/security-events.js';
import type { SignedIn } from '../auth/signed-in.js';
import type { AccountEmailService, Asker } from './account-email.service.js';

/** The caller as the account emails see it: address, languages, and where a refused link is recorded. */
const askerOf = (request: FastifyRequest): Asker => ({
  ip: callerOf(request).ip,
  acceptLanguage: request.headers['accept-language'],
  refused: (details) => securityEvent(request, 'email.token', details),
});

/** `signedIn`: how a confirmed sign-up ends, like every sign-in (auth/signed-in.ts). */
export function accountEmailRoutes(service: AccountEmailService, signedIn: SignedIn) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.requestPasswordReset, async ({ body, request }) =>
      service.requestReset(body.login, askerOf(request)),
    );
    addRoute(app, api.confirmPasswordReset, async ({ body, request }) =>
      service.confirmReset(body.token, body.password, askerOf(request)),
    );
    addRoute(app, api.verifyEmail, async ({ body, request }) => service.verify(body.token, askerOf(request)));
    addRoute(app, api.confirmSignup, async ({ body, reply, request }) =>
      signedIn(reply, await service.confirmSignup(body.token, body.password, askerOf(request))),
    );
    addRoute(app, api.sendVerification, async ({ request }) =>
      service.resendVerification(requireSession(request).user, askerOf(request)),
    );
  };
}
