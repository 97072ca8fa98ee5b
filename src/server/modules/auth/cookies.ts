import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { HttpsCheck } from '../../http/security.js';

export const SESSION_COOKIE = 'hush_session';
/** Spec §3: readable by the page, base64 JSON {username, expirationDate}; it grants nothing by itself. */
export const LOGIN_COOKIE = 'hush_login';

export interface CookieOptions {
  /** Per request: behind a proxy, HTTPS is what the trusted proxy says (X-Forwarded-Proto). */
  secure: HttpsCheck;
}

/** Host-only (no Domain), SameSite=Strict, Secure under HTTPS; the session cookie is httpOnly. */
export function setSessionCookies(
  reply: FastifyReply,
  session: { token: string; username: string; expiresAt: number },
  options: CookieOptions,
): void {
  const expires = new Date(session.expiresAt);
  const base = { path: '/', sameSite: 'strict' as const, secure: options.secure(reply.request), expires };
  const login = Buffer.from(JSON.stringify({ username: session.username, expirationDate: expires.toISOString() }));
  reply.setCookie(SESSION_COOKIE, session.token, { ...base, httpOnly: true });
  reply.setCookie(LOGIN_COOKIE, login.toString('base64'), { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, options: CookieOptions): void {
  const base = { path: '/', sameSite: 'strict' as const, secure: options.secure(reply.request) };
  reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(LOGIN_COOKIE, base);
}
