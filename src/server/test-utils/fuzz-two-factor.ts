import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { routeKey, type RouteContract } from '../../shared/api/contract.js';
import { pendingOf } from '../modules/two-factor/two-factor.test-utils.js';
import { totpCodeAt } from '../modules/two-factor/totp.js';
import type { TestApp } from './app.js';
import { FUZZ_USER, ok } from './fuzz-accounts.js';
import type { FileTarget } from './fuzz-files.js';

/**
 * The two-factor side of the fuzz test (src/server/fuzz.test.ts, issue 16.2): fuzzer's authenticator key, set up
 * through the API (and confirmed, except for the run of the confirmation itself), its backup codes, password sign-ins
 * waiting for their second factor, and the requests that succeed on those routes. A code is computed from the real
 * clock when its request is generated, as an authenticator app shows it.
 */

export interface TwoFactorSeeds {
  /** fuzzer's key, in base32 ('' when none was set up). */
  secret: string;
  /** Its ten backup codes (each works once). */
  backupCodes: string[];
  /** `hush_pending=…` of password sign-ins of fuzzer's, each waiting for a code (each finishes once). */
  pending: string[];
}

export const NO_TWO_FACTOR_SEEDS: TwoFactorSeeds = { secret: '', backupCodes: [], pending: [] };

const CONFIRM = 'POST /account/two-factor/totp/confirm';
const SECOND_FACTOR = 'POST /authentication/signin/second-factor';
/** The routes that need codes on: turning them off, new backup codes, and the second step of a sign-in. */
const CONFIRMED = ['POST /account/two-factor/totp/disable', 'POST /account/two-factor/backup-codes', SECOND_FACTOR];
const PENDING_SIGNINS = 8;

const json = (value: unknown) => JSON.stringify(value);

/** Sets fuzzer's key up as the account of `cookie` (fuzzer's session), for the routes that need one. */
export async function seedFuzzTwoFactor(t: TestApp, route: RouteContract, cookie: string): Promise<TwoFactorSeeds> {
  const key = routeKey(route);
  if (key !== CONFIRM && !CONFIRMED.includes(key)) return NO_TWO_FACTOR_SEEDS;
  const post = (url: string, payload: Record<string, unknown>, headers: InjectOptions['headers'] = { cookie }) =>
    ok(t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers }));
  const started = await post('/account/two-factor/totp', { currentPassword: FUZZ_USER.password });
  const { secret } = started.json<{ secret: string }>();
  if (key === CONFIRM) return { ...NO_TWO_FACTOR_SEEDS, secret };
  const confirmed = await post('/account/two-factor/totp/confirm', { code: totpCodeAt(secret, Date.now()) });
  const { backupCodes } = confirmed.json<{ backupCodes: string[] }>();
  const pending: string[] = [];
  if (key === SECOND_FACTOR) {
    for (let i = 0; i < PENDING_SIGNINS; i++) {
      const login = { username: FUZZ_USER.username, password: FUZZ_USER.password };
      pending.push(pendingOf(await post('/authentication/signin', login, {})));
    }
  }
  return { secret, backupCodes, pending };
}

/** The request that succeeds on a two-factor route, given the seeds and fuzzer's session. */
export function targetedTwoFactorArb(route: RouteContract, seeds: TwoFactorSeeds): fc.Arbitrary<FileTarget> | null {
  const body = (value: unknown) => ({ payload: json(value), contentType: 'application/json' });
  const target = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((value) => ({ segment: '', body: body(value) }));
  // Mapped at each generation: the code an authenticator app shows when the request goes out. The seeding's
  // confirmation spent the current step, so after it the app's clock runs a step (30 s) ahead, which is still
  // accepted: the first code the run sends succeeds, whenever it comes.
  const totp = (aheadMs: number) => fc.constant(seeds.secret).map((secret) => totpCodeAt(secret, Date.now() + aheadMs));
  const anyCode = () => fc.oneof(totp(30_000), fc.constantFrom(...seeds.backupCodes));
  const currentPassword = FUZZ_USER.password;
  switch (routeKey(route)) {
    case 'POST /account/two-factor/totp':
      return target(fc.constant({ currentPassword }));
    case CONFIRM:
      return target(totp(0).map((code) => ({ code })));
    case 'POST /account/two-factor/totp/disable':
      return target(anyCode().map((code) => ({ currentPassword, code })));
    case 'POST /account/two-factor/backup-codes':
      return target(
        fc.oneof(
          fc.constant({ currentPassword }),
          anyCode().map((code) => ({ code })),
        ),
      );
    case SECOND_FACTOR:
      return fc
        .tuple(fc.constantFrom(...seeds.pending), anyCode())
        .map(([cookie, code]) => ({ segment: '', headers: { cookie }, body: body({ code }) }));
    default:
      return null;
  }
}
