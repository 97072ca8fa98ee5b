import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  createSoftwareAuthenticator,
  type Misbehaviour,
  type SoftwareAuthenticator,
} from './software-authenticator.js';

/**
 * Passkeys through the API, answered by a software authenticator (software-authenticator.ts): the registration and
 * sign-in round trips the web page makes, for the tests of passkeys and of the second factor.
 */

type Inject = (options: InjectOptions & { url: string }) => Promise<LightMyRequestResponse>;

/** `app.inject` reaches the app as http://localhost: the origin a browser there would report. */
export const INJECT_ORIGIN = 'http://localhost';

export const newAuthenticator = (origin = INJECT_ORIGIN) => createSoftwareAuthenticator({ origin });

export function passkeyCalls(inject: Inject) {
  return {
    /** Registers a new passkey of `authenticator` for the session's account; the 201 (or refusal) answer. */
    async register(
      cookie: string,
      authenticator: SoftwareAuthenticator,
      extra: { name?: string; misbehave?: Misbehaviour } = {},
    ) {
      const options = await inject({ method: 'POST', url: '/account/passkeys/options', headers: { cookie } });
      expect(options.statusCode, options.body).toBe(200);
      const { response } = authenticator.register(options.json(), extra.misbehave);
      return inject({
        method: 'POST',
        url: '/account/passkeys',
        headers: { cookie },
        payload: { ...(extra.name !== undefined && { name: extra.name }), credential: response },
      });
    },

    /** Options for a passkey sign-in; with `cookie` (e.g. the pending sign-in's) when given. */
    async options(cookie?: string) {
      const options = await inject({
        method: 'POST',
        url: '/authentication/signin/passkey/options',
        ...(cookie && { headers: { cookie } }),
      });
      expect(options.statusCode, options.body).toBe(200);
      return options.json<{ challenge: string; allowCredentials?: { id: string }[]; userVerification?: string }>();
    },

    /** Sends an assertion for sign-in. */
    signin: (credential: unknown, cookie?: string) =>
      inject({
        method: 'POST',
        url: '/authentication/signin/passkey',
        ...(cookie && { headers: { cookie } }),
        payload: { credential },
      }),
  };
}
