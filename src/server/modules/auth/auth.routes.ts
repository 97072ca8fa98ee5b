import type { FastifyInstance } from 'fastify';
import { authRoutes as api } from '../../../shared/api/auth.contract.js';
import { addRoute, answerWith } from '../../http/route.js';
import { callerOf } from '../../http/caller.js';
import { notSignedIn } from './auth.errors.js';
import type { AuthService } from './auth.service.js';
import { clearSessionCookies, setSessionCookies, type CookieOptions } from './cookies.js';
import { setPendingCookie, type SecondFactor } from './second-factor.js';
import { sessionInfo, type SignedIn } from './signed-in.js';

export type { Devices } from './signed-in.js';

/**
 * `providerSignout`: where the browser signs out at the OpenID provider that started the session (modules/oidc), or
 * null; asked before the session is ended, as the answer is kept with it. `secondFactor`: after a correct password,
 * an account with a second factor gets a pending sign-in instead of a session (second-factor.ts).
 */
export function authRoutes(
  auth: AuthService,
  cookies: CookieOptions,
  signedIn: SignedIn,
  providerSignout?: (sessionId: string) => Promise<string | null>,
  secondFactor?: Pick<SecondFactor, 'begin'>,
) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.signup, async ({ body, reply, request }) => {
      const asker = { ip: callerOf(request).ip, acceptLanguage: request.headers['accept-language'] };
      const result = await auth.signup(body, asker);
      if ('pending' in result) {
        answerWith(reply, 202);
        return result;
      }
      return signedIn(reply, result);
    });
    addRoute(app, api.signin, async ({ body, reply, request }) => {
      const user = await auth.checkPassword(body.username, body.password, callerOf(request).ip);
      const pending = await secondFactor?.begin(user.id);
      if (pending) {
        setPendingCookie(reply, pending.token, cookies);
        return { secondFactor: { methods: pending.methods } };
      }
      return signedIn(reply, await auth.startSession(user, { method: 'password' }));
    });
    addRoute(app, api.setup, async ({ body, reply }) => signedIn(reply, await auth.setup(body)));

    addRoute(app, api.signout, async ({ request, reply }) => {
      let endSessionUrl: string | null = null;
      if (request.auth.kind === 'session') {
        endSessionUrl = (await providerSignout?.(request.auth.session.id)) ?? null;
        await auth.signout(request.auth.session.id);
      }
      clearSessionCookies(reply, cookies);
      return { signedOut: true as const, ...(endSessionUrl && { endSessionUrl }) };
    });

    addRoute(app, api.verify, async ({ request }) => {
      if (request.auth.kind === 'anonymous') throw notSignedIn();
      const expiresAt = request.auth.kind === 'session' ? request.auth.session.expires_at : Date.now();
      return sessionInfo(request.auth.user, expiresAt);
    });

    addRoute(app, api.refresh, async ({ request, reply }) => {
      if (request.auth.kind !== 'session') {
        clearSessionCookies(reply, cookies);
        throw notSignedIn();
      }
      const { session, user } = request.auth;
      const expiresAt = await auth.refresh(session.id, session.absolute_expires_at);
      const token = request.cookies.hush_session!;
      setSessionCookies(reply, { token, username: user.username, expiresAt }, cookies);
      return sessionInfo(user, expiresAt);
    });
  };
}
