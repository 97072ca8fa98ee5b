import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../../config.js';
import type { Dialect } from '../../db/database.js';
import { mailConfig, mailedLink } from '../../test-utils/account-mail.js';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import type { startSmtpSink } from '../../test-utils/smtp-sink.js';

export const PASSWORD = 'correct horse';
export const NEW_PASSWORD = 'a brand new password';

/**
 * An app that emails account links to a real SMTP server (the test's sink), with a clock the test moves and its
 * log lines kept (security events are read from them).
 */
export async function emailWorld(
  dialect: Dialect,
  sink: Awaited<ReturnType<typeof startSmtpSink>> | null,
  options: {
    database?: TestApp['database'];
    clock?: ReturnType<typeof createTestClock>;
    config?: Partial<Config>;
  } = {},
) {
  const clock = options.clock ?? createTestClock(Date.now());
  const logs: string[] = [];
  const t = await createTestApp({
    dialect,
    clock,
    config: { ...options.config, ...(sink && mailConfig(sink.url)), logLevel: 'warn' },
    logStream: { write: (line) => void logs.push(line) },
    ...(options.database && { database: options.database }),
  });
  const call = (options: InjectOptions & { url: string }, cookie?: string) =>
    t.app.inject({
      ...options,
      url: `/api/v1${options.url}`,
      headers: { ...options.headers, ...(cookie && { cookie }) },
    });
  const sessionOf = (response: Awaited<ReturnType<typeof call>>) => {
    const session = response.cookies.find((cookie) => cookie.name === 'hush_session');
    return `hush_session=${session!.value}`;
  };
  return {
    t,
    clock,
    logs,
    call,
    /**
     * Signs a user up (its browser's languages: `language`) and answers its session cookie. With email, through the
     * link emailed to the address, opened with the password: the account's address is then verified.
     */
    async signUp(username: string, language = 'en') {
      const email = `${username}@example.com`;
      const after = sink?.received.length ?? 0;
      const headers = { 'accept-language': language };
      const response = await call({
        method: 'POST',
        url: '/authentication/signup',
        payload: { username, email, password: PASSWORD },
        headers,
      });
      if (!sink) {
        expect(response.statusCode, response.body).toBe(201);
        return sessionOf(response);
      }
      expect(response.statusCode, response.body).toBe(202);
      const { token } = await mailedLink(sink.received, email, 'confirm_signup', { after });
      const confirmed = await call({
        method: 'POST',
        url: '/authentication/signup/confirm',
        payload: { token, password: PASSWORD },
        headers,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      return sessionOf(confirmed);
    },
    /** An account whose address is unproven (made as an admin makes one), signed in from a browser in `language`. */
    async unverified(username: string, language = 'en') {
      await t.services.auth.createUser({ username, email: `${username}@example.com`, password: PASSWORD }, 'user');
      const response = await call({
        method: 'POST',
        url: '/authentication/signin',
        payload: { username, password: PASSWORD },
        headers: { 'accept-language': language },
      });
      expect(response.statusCode, response.body).toBe(200);
      return sessionOf(response);
    },
    async signIn(username: string, password: string) {
      return call({ method: 'POST', url: '/authentication/signin', payload: { username, password } });
    },
    sessionOf,
    /** The security events written so far, parsed. */
    securityEvents: () =>
      logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.security !== undefined),
    /** Waits for the emails sent in the background. */
    settled: () => t.services.accountEmail.settled(),
  };
}
