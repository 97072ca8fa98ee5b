import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { PASSWORD, sessionOf, setCookies, type useSessionWorld } from '../../test-utils/session-world.js';
import { totpCodeAt } from './totp.js';

/** What the two-factor tests share: enrolling an account, and the two steps of its sign-in. */

type World = ReturnType<typeof useSessionWorld>;

/** The pending sign-in cookie a password step set, as a Cookie header value. */
export const pendingOf = (response: LightMyRequestResponse) =>
  `hush_pending=${setCookies(response).hush_pending!.value}`;

export function twoFactorHelpers(w: World) {
  const post = (url: string, cookie: string, payload?: Record<string, unknown>) =>
    w.inject({ method: 'POST', url, headers: { cookie }, ...(payload !== undefined && { payload }) });
  const code = (secret: string, offsetMs = 0) => totpCodeAt(secret, w.clock() + offsetMs);

  return {
    post,
    code,
    /** Signs `username` up and turns codes on: its session, key and backup codes. */
    async enrolled(username = 'alice') {
      const session = sessionOf(await w.signUp(username));
      const started = await post('/account/two-factor/totp', session, { currentPassword: PASSWORD });
      expect(started.statusCode, started.body).toBe(200);
      const { secret } = started.json<{ secret: string }>();
      const confirmed = await post('/account/two-factor/totp/confirm', session, { code: code(secret) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      // The confirming code is spent: the next code is the next step's.
      w.clock.advance(30_000);
      return { session, secret, backupCodes: confirmed.json<{ backupCodes: string[] }>().backupCodes };
    },
    /** The password step: answers the pending sign-in's cookie. */
    async passwordStep(username = 'alice') {
      const response = await w.signIn(username);
      expect(response.json(), response.body).toEqual({ secondFactor: { methods: ['totp'] } });
      return pendingOf(response);
    },
    secondStep: (pending: string, value: string) =>
      post('/authentication/signin/second-factor', pending, { code: value }),
  };
}
