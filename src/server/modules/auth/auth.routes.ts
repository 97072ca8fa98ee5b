import type { FastifyInstance, FastifyReply } from 'fastify';
import { authRoutes as api } from '../../../shared/api/auth.contract.js';
import { addRoute } from '../../http/route.js';
import { callerOf } from '../../http/caller.js';
import { notSignedIn } from './auth.errors.js';
import type { AuthService, StartedSession } from './auth.service.js';
import { clearSessionCookies, setSessionCookies, type CookieOptions } from './cookies.js';
import type { UserRow } from './users.repository.js';
import type { Language } from '../../../shared/rules/languages.js';
import { DEVICE_COOKIE, isDeviceToken, newDeviceToken, pickLanguage } from '../activity/activity.service.js';

const sessionInfo = (user: UserRow, expiresAt: number) => ({
  username: user.username,
  email: user.email,
  role: user.role as 'user' | 'creator' | 'admin',
  expirationDate: new Date(expiresAt).toISOString(),
});

/** Remembers the devices a user signs in from (modules/activity): absent, nothing is remembered. */
export interface Devices {
  signedIn(userId: string, deviceToken: string, language: Language | null): Promise<void>;
}

export function authRoutes(auth: AuthService, cookies: CookieOptions, devices?: Devices) {
  /** The device's cookie (a random token, set at its first sign-in), and its sign-in remembered. */
  const rememberDevice = async (reply: FastifyReply, userId: string) => {
    if (!devices) return;
    const present = reply.request.cookies[DEVICE_COOKIE];
    const token = isDeviceToken(present) ? present : newDeviceToken();
    if (token !== present) {
      reply.setCookie(DEVICE_COOKIE, token, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        secure: cookies.secure(reply.request),
        maxAge: 400 * 24 * 60 * 60,
      });
    }
    await devices
      .signedIn(userId, token, pickLanguage(reply.request.headers['accept-language']))
      .catch((error: unknown) => {
        reply.request.log.warn({ err: error }, 'could not record the sign-in’s device');
      });
  };
  const signedIn = async (reply: FastifyReply, started: StartedSession) => {
    await rememberDevice(reply, started.user.id);
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
