import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Dialect } from '../../db/database.js';
import { mailConfig } from '../../test-utils/account-mail.js';
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
  options: { database?: TestApp['database'] } = {},
) {
  const clock = createTestClock(Date.now());
  const logs: string[] = [];
  const t = await createTestApp({
    dialect,
    clock,
    config: { ...(sink && mailConfig(sink.url)), logLevel: 'warn' },
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
    /** Signs a user up (its browser's languages: `language`) and answers its session cookie. */
    async signUp(username: string, language = 'en') {
      const response = await call({
        method: 'POST',
        url: '/authentication/signup',
        payload: { username, email: `${username}@example.com`, password: PASSWORD },
        headers: { 'accept-language': language },
      });
      expect(response.statusCode, response.body).toBe(201);
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
