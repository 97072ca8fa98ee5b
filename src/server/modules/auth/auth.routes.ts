import type { FastifyInstance, FastifyReply } from 'fastify';
import { authRoutes as api } from '../../../shared/api/auth.contract.js';
import { addRoute } from '../../http/route.js';
import { callerOf } from '../../http/caller.js';
import { notSignedIn } from './auth.errors.js';
import type { AuthService, StartedSession } from './auth.service.js';
import { clearSessionCookies, setSessionCookies, type CookieOptions } from './cookies.js';
import type { UserRow } from './users.repository.js';

const sessionInfo = (user: UserRow, expiresAt: number) => ({
  username: user.username,
  email: user.email,
  role: user.role as 'user' | 'creator' | 'admin',
  expirationDate: new Date(expiresAt).toISOString(),
});

export function authRoutes(auth: AuthService, cookies: CookieOptions) {
  const signedIn = (reply: FastifyReply, started: StartedSession) => {
    setSessionCookies(
      reply,
      { token: started.token, username: started.user.username, expiresAt: started.expiresAt },
      cookies,
    );
    return sessionInfo(started.user, started.expiresAt);
  };

  return async (app: FastifyInstance) => {
    addRoute(app, api.signup, async ({ body, reply }) => signedIn(reply, await auth.signup(body)));
    addRoute(app, api.signin, async ({ body, reply, request }) =>
      signedIn(reply, await auth.signin(body.username, body.password, callerOf(request).ip)),
    );
    addRoute(app, api.setup, async ({ body, reply }) => signedIn(reply, await auth.setup(body)));

    addRoute(app, api.signout, async ({ request, reply }) => {
      if (request.auth.kind === 'session') await auth.signout(request.auth.session.id);
      clearSessionCookies(reply, cookies);
      return { signedOut: true as const };
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
