import fc from 'fast-check';
import type { RouteContract } from '../../shared/api/contract.js';
import type { EmailTokenPurpose } from '../../shared/rules/account-email.js';
import { createPasswordHasher } from '../lib/passwords.js';
import { randomToken, sha256 } from '../lib/tokens.js';
import type { TestApp } from './app.js';

/**
 * The emailed links' side of the fuzz test (issue 16.4): an instance that sends account emails (to a port nobody
 * listens on: the sends fail after the answer, which is all the fuzzer sees), and live links of fuzzer's to aim at.
 */

const PATHS = [
  '/authentication/password-reset',
  '/authentication/password-reset/confirm',
  '/authentication/verify-email',
  '/account/email/verification',
];

/** The settings of the app a route is fuzzed on: email for the emailed links' routes, nothing otherwise. */
export const emailFuzzConfig = (route: RouteContract) =>
  PATHS.includes(route.path)
    ? { smtpUrl: 'smtp://127.0.0.1:9', smtpFrom: 'hush@example.com', publicUrl: 'http://hush.test' }
    : {};

export interface EmailSeeds {
  /** Unused links of fuzzer's (each works once). */
  reset: string[];
  verify: string[];
  /** Links of sign-ups waiting for them, each with the password 'correct horse' and a name of its own. */
  signup: string[];
}

/** Links as the emails would have carried them: only their SHA-256 stored, valid for an hour. */
export async function seedFuzzEmail(t: TestApp, userId: string, email: string): Promise<EmailSeeds> {
  const now = Date.now();
  const issue = async (purpose: EmailTokenPurpose) => {
    const tokens = Array.from({ length: 40 }, () => randomToken(32));
    await t.database.db
      .insertInto('email_tokens')
      .values(
        tokens.map((token) => ({
          token_hash: sha256(token),
          user_id: userId,
          purpose,
          email,
          created_at: now,
          expires_at: now + 3_600_000,
          used_at: null,
        })),
      )
      .execute();
    return tokens;
  };
  const passwordHash = await createPasswordHasher(1).hash('correct horse');
  const signup = Array.from({ length: 40 }, () => randomToken(32));
  await t.database.db
    .insertInto('signup_requests')
    .values(
      signup.map((token, i) => ({
        token_hash: sha256(token),
        username: `waiting_${i}`,
        email: `waiting${i}@example.com`,
        password_hash: passwordHash,
        created_at: now,
        expires_at: now + 3_600_000,
      })),
    )
    .execute();
  return { reset: await issue('reset_password'), verify: await issue('verify_email'), signup };
}

const json = (value: unknown) => JSON.stringify(value);

/** Bodies with the real field names, for the emailed links' routes. */
export function plausibleEmailBody(route: RouteContract, seeds: EmailSeeds): fc.Arbitrary<string> | null {
  const token = fc.constantFrom(seeds.reset[0]!, seeds.verify[0]!, 'A'.repeat(43), 'short', '', null, 43);
  switch (`${route.method} ${route.path}`) {
    case 'POST /authentication/password-reset':
      return fc
        .record({ login: fc.constantFrom('fuzzer', 'FUZZER@example.com', 'nobody', '', ' ', 'x'.repeat(300), 5) })
        .map(json);
    case 'POST /authentication/password-reset/confirm':
      return fc
        .record(
          { token, password: fc.constantFrom('correct horse', 'abcd', 'x'.repeat(51), null) },
          { requiredKeys: [] },
        )
        .map(json);
    case 'POST /authentication/verify-email':
      return fc.record({ token }, { requiredKeys: [] }).map(json);
    case 'POST /authentication/signup/confirm':
      return fc
        .record(
          {
            token: fc.constantFrom(seeds.signup[0]!, seeds.reset[1]!, 'A'.repeat(43), 'short', null),
            password: fc.constantFrom('correct horse', 'wrong horse', '', 'x'.repeat(2000), null),
          },
          { requiredKeys: [] },
        )
        .map(json);
    default:
      return null;
  }
}

/** The request that succeeds on an emailed link's route. */
export function targetedEmailArb(
  route: RouteContract,
  seeds: EmailSeeds,
): fc.Arbitrary<{ segment: string; body: { payload?: string; contentType?: string } }> | null {
  const body = (arbitrary: fc.Arbitrary<unknown>) =>
    arbitrary.map((value) => ({ segment: '', body: { payload: json(value), contentType: 'application/json' } }));
  switch (`${route.method} ${route.path}`) {
    case 'POST /authentication/password-reset':
      return body(fc.constantFrom({ login: 'fuzzer' }, { login: 'nobody@example.com' }));
    case 'POST /authentication/password-reset/confirm':
      return body(fc.constantFrom(...seeds.reset).map((token) => ({ token, password: 'correct horse' })));
    case 'POST /authentication/verify-email':
      return body(fc.constantFrom(...seeds.verify).map((token) => ({ token })));
    case 'POST /authentication/signup/confirm':
      return body(fc.constantFrom(...seeds.signup).map((token) => ({ token, password: 'correct horse' })));
    default:
      return null;
  }
}
