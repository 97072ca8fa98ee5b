import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { RouteContract } from '../../shared/api/contract.js';
import { scopesFor, TOKEN_SCOPES } from '../../shared/rules/tokens.js';
import type { TestApp } from './app.js';
import { plausibleEmailBody, seedFuzzEmail, targetedEmailArb, type EmailSeeds } from './fuzz-email.js';

/**
 * The accounts side of the fuzz test (src/server/fuzz.test.ts): seeded users, sessions and API tokens, the
 * credentials a generated request carries, and bodies for the authentication and account routes.
 */

export const FUZZ_USER = { username: 'fuzzer', email: 'fuzzer@example.com', password: 'correct horse' };

/** What the seeded accounts give the generators to aim at. */
export interface AccountSeeds {
  /** `hush_session=…` of live sessions (two of fuzzer's, one of fuzzer2's). */
  cookies: string[];
  /** fuzzer's API tokens, with every scope a user may give: live, expiring and revoked. */
  tokens: string[];
  tokenIds: string[];
  /** The one-time first-admin token (no admin exists yet). */
  setupToken: string;
  /** fuzzer's emailed links (fuzz-email.ts). */
  email: EmailSeeds;
}

/** The answer of a seeding request, which must succeed. */
export async function ok(response: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`seeding failed: ${answer.statusCode} ${answer.body}`);
  return answer;
}

const sessionCookie = (response: LightMyRequestResponse) =>
  `hush_session=${response.cookies.find((cookie) => cookie.name === 'hush_session')!.value}`;

export async function seedFuzzAccounts(t: TestApp): Promise<AccountSeeds> {
  const setupToken = (await t.services.auth.issueSetupToken())!;
  const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
    ok(t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} }));
  /** Signs up and in; on an instance that emails sign-up links, the account is made as an admin makes one. */
  const signUp = async (account: typeof FUZZ_USER) => {
    const answer = await post('/authentication/signup', account);
    if (answer.statusCode !== 202) return sessionCookie(answer);
    await t.services.auth.createUser(account, 'user');
    return sessionCookie(await post('/authentication/signin', account));
  };
  const fuzzer = await signUp(FUZZ_USER);
  const again = sessionCookie(
    await post('/authentication/signin', { username: FUZZ_USER.email, password: FUZZ_USER.password }),
  );
  const fuzzer2 = await signUp({ ...FUZZ_USER, username: 'fuzzer2', email: 'fuzzer2@example.com' });
  await post('/secret', { text: 'hush1.b3du', ttl: 2419200, preventBurn: true }, fuzzer);

  const created = [];
  for (const expiresInDays of [null, 1, 30]) {
    const payload = { name: 'fuzz', expiresInDays, scopes: scopesFor('user') };
    created.push((await post('/account/tokens', payload, fuzzer)).json());
  }
  const revoked = created[2]!.id;
  await ok(t.app.inject({ method: 'DELETE', url: `/api/v1/account/tokens/${revoked}`, headers: { cookie: fuzzer } }));
  return {
    cookies: [fuzzer, again, fuzzer2],
    tokens: created.map((token) => token.token as string),
    tokenIds: created.map((token) => token.id as string),
    setupToken,
    email: await seedFuzzEmail(
      t,
      (await t.services.auth.resolveSession(fuzzer.slice('hush_session='.length)))!.user.id,
      FUZZ_USER.email,
    ),
  };
}

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

/** Who a generated request claims to be: nobody, a session, an API token (live or not), or something broken. */
export const credentialsArb = (seeds: AccountSeeds): fc.Arbitrary<Record<string, string>> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 5, arbitrary: fc.constantFrom(...seeds.cookies).map((cookie) => ({ cookie })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...seeds.tokens), fc.constantFrom('Bearer', 'basic', 'bearer'))
        .map(([token, scheme]) => ({
          authorization: scheme === 'basic' ? basic(`${token}:${scheme}`) : `${scheme} ${token}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'Basic',
          'Basic !!!',
          basic(':'),
          basic(':password'),
          basic('nope:x'),
          'Bearer',
          'Bearer nope',
          `Bearer hush_${'A'.repeat(43)}`,
          'Digest username="x"',
          `Bearer ${'x'.repeat(3000)}`,
        )
        .map((authorization) => ({ authorization })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom('hush_session=', 'hush_session=nope', 'hush_session=%', 'hush_login=e30=', 'a=b; c'),
          fc.constantFrom(...seeds.cookies).map((cookie) => `hush_session=nope; ${cookie}`),
          fc.string({ unit: fc.constantFrom(...'ab=;% ,"'), maxLength: 30 }).map((text) => `hush_session=${text}`),
        )
        .map((cookie) => ({ cookie })),
    },
  );

/** Browser headers about where a request comes from: mostly none, sometimes another site. */
export const siteArb: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:80' },
      { origin: 'null' },
      { origin: 'not a url' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ),
  },
);

const json = (value: unknown) => JSON.stringify(value);
const freshName = fc.stringMatching(/^[a-z0-9]{6,14}$/);
const passwords = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('', 'abcd', 'x'.repeat(51), null, 5) },
  { weight: 1, arbitrary: fc.constant(FUZZ_USER.password) },
);

/** Bodies with the real field names and mostly the right types, for the authentication and account routes. */
export function plausibleAccountBody(route: RouteContract, seeds: AccountSeeds): fc.Arbitrary<string> | null {
  const account = {
    username: fc.oneof(
      fc.constantFrom(FUZZ_USER.username, 'FUZZER', 'abc', 'u'.repeat(21), 'a b c', 'ünïcødé'),
      freshName,
    ),
    email: fc.oneof(
      fc.constantFrom(FUZZ_USER.email, 'FUZZER@EXAMPLE.COM', 'x@y', '', 'no-at', 'a@evil-example.com'),
      freshName.map((name) => `${name}@example.com`),
    ),
    password: passwords,
  };
  const email = plausibleEmailBody(route, seeds.email);
  if (email) return email;
  switch (`${route.method} ${route.path}`) {
    case 'POST /authentication/signup':
      return fc.record(account, { requiredKeys: [] }).map(json);
    case 'POST /authentication/setup':
      return fc
        .record({ ...account, token: fc.constantFrom(seeds.setupToken, 'wrong', '') }, { requiredKeys: [] })
        .map(json);
    case 'POST /authentication/signin':
      return fc
        .record({
          username: fc.constantFrom(FUZZ_USER.username, FUZZ_USER.email, 'FuZzEr', 'nobody', '', 'x'.repeat(300)),
          password: fc.constantFrom(FUZZ_USER.password, 'wrong', ''),
        })
        .map(json);
    case 'PUT /account/update':
      return fc
        .record(
          {
            currentPassword: fc.constantFrom(FUZZ_USER.password, 'wrong', ''),
            newPassword: fc.constantFrom(FUZZ_USER.password, 'abcd', 'x'.repeat(51)),
            confirmNewPassword: fc.constantFrom(FUZZ_USER.password, 'other'),
            email: fc.constantFrom('fuzzer2@example.com', 'new@example.com', 'FUZZER@example.com', 'bad'),
            generated: fc.boolean(),
          },
          { requiredKeys: ['currentPassword'] },
        )
        .map(json);
    case 'POST /account/delete':
      return fc.record({ currentPassword: fc.constantFrom(FUZZ_USER.password, 'wrong', '') }).map(json);
    case 'POST /account/tokens':
      return fc
        .record(
          {
            name: fc.oneof(fc.constantFrom('ci', '', '  ', 'x'.repeat(65)), fc.string({ maxLength: 70 })),
            expiresInDays: fc.constantFrom(null, 0, 1, 3650, 3651, 1.5, -1, '7'),
            scopes: fc.oneof(
              fc.constantFrom(null, [], 'secrets:read', ['admin'], ['requests', 'requests'], [...TOKEN_SCOPES]),
              fc.uniqueArray(fc.constantFrom(...TOKEN_SCOPES, 'everything', '')),
            ),
          },
          { requiredKeys: [] },
        )
        .map(json);
    default:
      return null;
  }
}

/** The request that succeeds on an authentication or account route, given live credentials. */
export function targetedAccountArb(
  route: RouteContract,
  seeds: AccountSeeds,
): fc.Arbitrary<{ segment: string; body: { payload?: string; contentType?: string } }> | null {
  const fresh = freshName.map((name) => ({
    username: name,
    email: `${name}@example.com`,
    password: FUZZ_USER.password,
  }));
  const body = (arbitrary: fc.Arbitrary<unknown>) =>
    arbitrary.map((value) => ({ segment: '', body: { payload: json(value), contentType: 'application/json' } }));
  const email = targetedEmailArb(route, seeds.email);
  if (email) return email;
  switch (`${route.method} ${route.path}`) {
    case 'POST /authentication/signup':
      return body(fresh);
    case 'POST /authentication/setup':
      return body(fresh.map((account) => ({ ...account, token: seeds.setupToken })));
    case 'POST /authentication/signin':
      return body(fc.constant({ username: FUZZ_USER.username, password: FUZZ_USER.password }));
    case 'PUT /account/update':
    case 'POST /account/delete':
      return body(fc.constant({ currentPassword: FUZZ_USER.password }));
    case 'POST /account/tokens':
      return body(fc.constant({ name: 'fuzz' }));
    case 'DELETE /account/tokens/{id}':
      return fc.constantFrom(...seeds.tokenIds).map((segment) => ({ segment, body: {} }));
    default:
      // A route with a path parameter needs an id of its own (an empty one would leave the route, and the
      // generator's filter would never be satisfied): without a case above, it falls through to the next targets.
      if (route.path.includes('{')) return null;
      return route.path.startsWith('/account') || route.path.startsWith('/authentication')
        ? fc.constant({ segment: '', body: {} })
        : null;
  }
}
