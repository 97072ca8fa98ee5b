import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { routeKey, type RouteContract } from '../../shared/api/contract.js';
import { PASSKEY_NAME_MAX } from '../../shared/rules/passkeys.js';
import type { TestApp } from './app.js';
import { ok } from './fuzz-accounts.js';
import type { FileTarget } from './fuzz-files.js';
import { newAuthenticator, passkeyCalls } from './passkeys.js';

/**
 * The passkeys side of the fuzz test (src/server/fuzz.test.ts, issue 16.3): fuzzer's passkeys, registered through the
 * API by software authenticators (software-authenticator.ts: real ES256 keys, so the server verifies genuine bytes),
 * and answers to challenges issued before the run, each good once, for the routes that take an answer.
 */

export interface PasskeySeeds {
  /** An authenticator's answers to registration options issued to fuzzer (each registers once). */
  registrations: unknown[];
  /** fuzzer's passkeys. */
  ids: string[];
  /** Answers to sign-in options without a username, each by another passkey of fuzzer's (each signs in once). */
  assertions: unknown[];
}

export const NO_PASSKEY_SEEDS: PasskeySeeds = { registrations: [], ids: [], assertions: [] };

const REGISTER = 'POST /account/passkeys';
const SIGNIN = 'POST /authentication/signin/passkey';
/** Answers to registration options are burnt by another account's session too: more of them than of the others. */
const REGISTRATIONS = 16;
const PASSKEYS = 6;
const ASSERTIONS = 4;

const json = (value: unknown) => JSON.stringify(value);

/** Registers passkeys and answers challenges as the account of `cookie` (fuzzer's session), for the passkey routes. */
export async function seedFuzzPasskeys(t: TestApp, route: RouteContract, cookie: string): Promise<PasskeySeeds> {
  const key = routeKey(route);
  const inject = (options: InjectOptions & { url: string }) =>
    t.app.inject({ ...options, url: `/api/v1${options.url}` } as InjectOptions);
  const calls = passkeyCalls(inject);
  if (key === REGISTER) {
    const authenticator = newAuthenticator();
    const registrations = [];
    for (let i = 0; i < REGISTRATIONS; i++) {
      const options = await ok(inject({ method: 'POST', url: '/account/passkeys/options', headers: { cookie } }));
      registrations.push(authenticator.register(options.json()).response);
    }
    return { ...NO_PASSKEY_SEEDS, registrations };
  }
  if (key === SIGNIN) {
    // One passkey per answer: an authenticator's counter moves at each answer, and one sent after a later one would
    // be refused as a clone's.
    const assertions = [];
    for (let i = 0; i < ASSERTIONS; i++) {
      const authenticator = newAuthenticator();
      await ok(calls.register(cookie, authenticator));
      assertions.push(authenticator.authenticate(await calls.options()));
    }
    return { ...NO_PASSKEY_SEEDS, assertions };
  }
  if (route.path !== '/account/passkeys/{id}') return NO_PASSKEY_SEEDS;
  const ids = [];
  for (let i = 0; i < PASSKEYS; i++) {
    ids.push((await ok(calls.register(cookie, newAuthenticator(), { name: `Key ${i}` }))).json<{ id: string }>().id);
  }
  return { ...NO_PASSKEY_SEEDS, ids };
}

const names = fc.constantFrom('Laptop', ' Phone ', 'ünïcødé ☃', 'k'.repeat(PASSKEY_NAME_MAX));

/** The request that succeeds on a passkey route, given the seeds and fuzzer's session. */
export function targetedPasskeyArb(route: RouteContract, seeds: PasskeySeeds): fc.Arbitrary<FileTarget> | null {
  const body = (value: unknown) => ({ payload: json(value), contentType: 'application/json' });
  switch (routeKey(route)) {
    case REGISTER:
      return fc
        .tuple(fc.constantFrom(...seeds.registrations), fc.option(names, { nil: undefined }))
        .map(([credential, name]) => ({ segment: '', body: body({ credential, name }) }));
    case 'PUT /account/passkeys/{id}':
      return fc
        .tuple(fc.constantFrom(...seeds.ids), names)
        .map(([segment, name]) => ({ segment, body: body({ name }) }));
    case 'DELETE /account/passkeys/{id}':
      return fc.constantFrom(...seeds.ids).map((segment) => ({ segment, body: {} }));
    case SIGNIN:
      return fc.constantFrom(...seeds.assertions).map((credential) => ({ segment: '', body: body({ credential }) }));
    default:
      return null;
  }
}
