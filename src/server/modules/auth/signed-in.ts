import type { FastifyReply } from 'fastify';
import type { Language } from '../../../shared/rules/languages.js';
import { DEVICE_COOKIE, isDeviceToken, newDeviceToken, pickLanguage } from '../activity/activity.service.js';
import type { StartedSession } from './auth.service.js';
import { setSessionCookies, type CookieOptions } from './cookies.js';
import type { UserRow } from './users.repository.js';

/** Who is signed in, and until when (the SessionInfo of the auth contract; the login cookie holds the same). */
export const sessionInfo = (user: UserRow, expiresAt: number) => ({
  username: user.username,
  email: user.email,
  role: user.role as 'user' | 'creator' | 'admin',
  expirationDate: new Date(expiresAt).toISOString(),
});

/** Remembers the devices a user signs in from (modules/activity): absent, nothing is remembered. */
export interface Devices {
  signedIn(userId: string, deviceToken: string, language: Language | null): Promise<void>;
}

/** Describes a new session in the sessions list (modules/sessions): its browser, from the start. */
export interface SessionStarted {
  started(token: string, userAgentHeader: string | undefined): Promise<void>;
}

/**
 * How every way of signing in (password, passkey, OpenID, trusted header) ends: the device remembered, the session
 * cookies set, and the SessionInfo answered. One owner, so no sign-in path forgets a cookie attribute.
 */
export function signedInResponder(cookies: CookieOptions, devices?: Devices, sessions?: SessionStarted) {
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
  return async (reply: FastifyReply, started: StartedSession) => {
    await rememberDevice(reply, started.user.id);
    await sessions?.started(started.token, reply.request.headers['user-agent']).catch((error: unknown) => {
      reply.request.log.warn({ err: error }, 'could not record the session’s browser');
    });
    setSessionCookies(
      reply,
      { token: started.token, username: started.user.username, expiresAt: started.expiresAt },
      cookies,
    );
    return sessionInfo(started.user, started.expiresAt);
  };
}

export type SignedIn = ReturnType<typeof signedInResponder>;
