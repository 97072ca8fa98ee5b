import type { FastifyInstance, FastifyRequest } from 'fastify';
import { twoFactorRoutes as api } from '../../../shared/api/two-factor.contract.js';
import { callerOf } from '../../http/caller.js';
import { addRoute } from '../../http/route.js';
import { requireSession } from '../auth/authenticate.js';
import type { CookieOptions } from '../auth/cookies.js';
import { clearPendingCookie, PENDING_COOKIE } from '../auth/second-factor.js';
import { securityEvent } from '../auth/security-events.js';
import type { SignedIn } from '../auth/signed-in.js';
import { codeInvalid, codeReused, pendingInvalid } from './two-factor.errors.js';
import type { CodeAttempt, TwoFactorService } from './two-factor.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SecondFactor } from '../auth/second-factor.js';
import type { UsersRepository } from '../auth/users.repository.js';

export interface TwoFactorRoutesDeps {
  twoFactor: TwoFactorService;
  secondFactor: Pick<SecondFactor, 'userOf' | 'complete' | 'attempt'>;
  auth: Pick<AuthService, 'startSession'>;
  users: Pick<UsersRepository, 'findById'>;
  cookies: CookieOptions;
  /** How every sign-in ends (signed-in.ts): the one of the app. */
  signedIn: SignedIn;
  /** HUSH_PUBLIC_URL: its host names the instance in authenticator apps (else the request's host). */
  publicUrl: string;
}

const attemptOf = (request: FastifyRequest): CodeAttempt => ({
  ip: callerOf(request).ip,
  refused: (kind, details) => securityEvent(request, kind, details),
});

export function twoFactorRoutes(deps: TwoFactorRoutesDeps) {
  const { twoFactor, secondFactor, cookies, signedIn } = deps;
  const publicHost = deps.publicUrl ? new URL(deps.publicUrl).host : null;

  return async (app: FastifyInstance) => {
    // The second step of a password sign-in: no session before a right code, and the pending sign-in used once.
    addRoute(app, api.signinSecondFactor, async ({ body, request, reply }) => {
      const token = request.cookies[PENDING_COOKIE];
      const userId = token ? await secondFactor.userOf(token) : null;
      if (!token || !userId) {
        securityEvent(request, 'signin.second_factor', { reason: token ? 'pending_gone' : 'no_pending' });
        clearPendingCookie(reply, cookies);
        throw pendingInvalid();
      }
      // Counted against the account across clients first (issue 29.2), then per client by the check.
      const attempt = await secondFactor.attempt(userId);
      const result = await twoFactor.check(userId, body.code, attemptOf(request)).catch(async (error: unknown) => {
        await attempt.failed();
        throw error;
      });
      if (result === 'invalid' || result === 'reused') {
        await attempt.failed(token);
        throw result === 'reused' ? codeReused(401) : codeInvalid(401);
      }
      await attempt.passed();
      const user = await deps.users.findById(userId);
      if (!user || !(await secondFactor.complete(token, userId))) {
        securityEvent(request, 'signin.second_factor', { userId, reason: 'pending_used' });
        throw pendingInvalid();
      }
      clearPendingCookie(reply, cookies);
      return signedIn(reply, await deps.auth.startSession(user, { method: 'password' }));
    });

    addRoute(app, api.twoFactorStatus, async ({ request }) => twoFactor.status(requireSession(request).user.id));

    addRoute(app, api.enrolTotp, async ({ body, request }) => {
      const issuer = `Hush (${publicHost ?? request.host})`;
      return twoFactor.enrol(requireSession(request).user, body.currentPassword, issuer);
    });

    addRoute(app, api.confirmTotp, async ({ body, request }) =>
      twoFactor.confirm(requireSession(request).user, body.code, attemptOf(request)),
    );

    addRoute(app, api.regenerateBackupCodes, async ({ body, request }) =>
      twoFactor.regenerate(requireSession(request).user, body, attemptOf(request)),
    );

    addRoute(app, api.disableTotp, async ({ body, request }) =>
      twoFactor.disable(requireSession(request).user, body.currentPassword, body.code, attemptOf(request)),
    );
  };
}
