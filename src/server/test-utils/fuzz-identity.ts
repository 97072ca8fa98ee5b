import fc from 'fast-check';
import { routeKey, type RouteContract } from '../../shared/api/contract.js';
import type { Config } from '../config.js';
import type { TestApp } from './app.js';
import { FUZZ_USER, ok } from './fuzz-accounts.js';
import type { FileTarget } from './fuzz-files.js';
import { NO_OIDC_SEEDS, seedFuzzOidc, startFuzzProvider, targetedOidcArb, type OidcSeeds } from './fuzz-oidc.js';
import { NO_PASSKEY_SEEDS, seedFuzzPasskeys, targetedPasskeyArb, type PasskeySeeds } from './fuzz-passkeys.js';
import {
  NO_TWO_FACTOR_SEEDS,
  seedFuzzTwoFactor,
  targetedTwoFactorArb,
  type TwoFactorSeeds,
} from './fuzz-two-factor.js';
import { oidcConfig } from './oidc-browser.js';
import type { TestProvider } from './oidc-provider.js';
import { sessionOf } from './session-world.js';

/**
 * The sign-in methods' side of the fuzz test (src/server/fuzz.test.ts, issue 16): what the app of an identity route
 * starts with (a real OpenID provider, a trusted proxy), what is seeded for it (fuzz-two-factor.ts,
 * fuzz-passkeys.ts, fuzz-oidc.ts; fuzzer's other sessions here), and the requests that succeed on it. Every other
 * route's run starts and seeds none of it.
 */

export interface IdentitySeeds {
  twoFactor: TwoFactorSeeds;
  passkeys: PasskeySeeds;
  oidc: OidcSeeds;
  /** fuzzer's sessions in its list, other than the fuzzer's cookies (each signs out once). */
  sessions: string[];
}

export const NO_IDENTITY_SEEDS: IdentitySeeds = {
  twoFactor: NO_TWO_FACTOR_SEEDS,
  passkeys: NO_PASSKEY_SEEDS,
  oidc: NO_OIDC_SEEDS,
  sessions: [],
};

const HEADER_SIGNIN = 'POST /authentication/header';
const REVOKE_SESSION = 'DELETE /account/sessions/{id}';
/** inject's peer is 127.0.0.1: the app believes it as the forward-auth proxy in front of it. */
const HEADER_CONFIG = {
  authHeader: 'Remote-User',
  authHeaderEmail: 'Remote-Email',
  trustedProxies: ['127.0.0.1'],
} satisfies Partial<Config>;
const OTHER_SESSIONS = 5;

export interface IdentityFuzz {
  /** The app's settings for this route. */
  config: Partial<Config>;
  provider: TestProvider | null;
  /** After the app's close. */
  close(): Promise<void>;
}

/** What the route's app needs before it starts: the provider of the OpenID routes, the proxy of the header sign-in. */
export async function startIdentityFuzz(route: RouteContract): Promise<IdentityFuzz> {
  const provider = await startFuzzProvider(route);
  return {
    config: { ...(provider && oidcConfig(provider)), ...(routeKey(route) === HEADER_SIGNIN && HEADER_CONFIG) },
    provider,
    close: async () => provider?.stop(),
  };
}

/** fuzzer's sign-ins from other browsers: their ids in the list, as each sees itself. */
async function seedOtherSessions(t: TestApp): Promise<string[]> {
  const ids = [];
  for (let i = 0; i < OTHER_SESSIONS; i++) {
    const signedIn = await ok(
      t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/signin',
        payload: { username: FUZZ_USER.username, password: FUZZ_USER.password },
        headers: { 'user-agent': i % 2 ? 'curl/8.5.0' : 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Firefox/128.0' },
      }),
    );
    const listed = await ok(
      t.app.inject({ url: '/api/v1/account/sessions', headers: { cookie: sessionOf(signedIn) } }),
    );
    ids.push(listed.json<{ id: string; current: boolean }[]>().find((session) => session.current)!.id);
  }
  return ids;
}

/** Seeds what the route acts on, as fuzzer (`cookie`: fuzzer's session); nothing for the other routes. */
export async function seedFuzzIdentity(
  t: TestApp,
  route: RouteContract,
  cookie: string,
  provider: TestProvider | null,
): Promise<IdentitySeeds> {
  return {
    twoFactor: await seedFuzzTwoFactor(t, route, cookie),
    passkeys: await seedFuzzPasskeys(t, route, cookie),
    oidc: await seedFuzzOidc(t, route, provider, cookie),
    sessions: routeKey(route) === REVOKE_SESSION ? await seedOtherSessions(t) : [],
  };
}

/** The seeded ids, for path parameters. */
export const identitySegments = (seeds: IdentitySeeds) => [
  ...seeds.passkeys.ids,
  ...seeds.oidc.identities,
  ...seeds.sessions,
];

const fresh = fc.stringMatching(/^[a-z0-9]{6,14}$/);

/** The request that succeeds on an identity route, given the seeds (and fuzzer's session where one is needed). */
export function targetedIdentityArb(route: RouteContract, seeds: IdentitySeeds): fc.Arbitrary<FileTarget> | null {
  const key = routeKey(route);
  if (key === REVOKE_SESSION) return fc.constantFrom(...seeds.sessions).map((segment) => ({ segment, body: {} }));
  if (key === HEADER_SIGNIN) {
    // The proxy names fuzzer, or someone new (an account is made at the first sign-in), sometimes with an email.
    return fc
      .tuple(fc.oneof(fc.constantFrom(FUZZ_USER.username, 'FUZZER'), fresh), fc.boolean())
      .map(([user, email]) => ({
        segment: '',
        headers: { 'remote-user': user, ...(email && { 'remote-email': `${user}@example.com` }) },
        body: {},
      }));
  }
  return (
    targetedTwoFactorArb(route, seeds.twoFactor) ??
    targetedPasskeyArb(route, seeds.passkeys) ??
    targetedOidcArb(route, seeds.oidc)
  );
}
