import fc from 'fast-check';
import { routeKey, type RouteContract } from '../../shared/api/contract.js';
import { LINK_COOKIE } from '../modules/oidc/oidc.routes.js';
import type { TestApp } from './app.js';
import { FUZZ_USER, ok } from './fuzz-accounts.js';
import type { FileTarget } from './fuzz-files.js';
import { locationOf, oidcBrowser, providerClients } from './oidc-browser.js';
import { startTestProvider, type TestProvider } from './oidc-provider.js';

/**
 * The OpenID side of the fuzz test (src/server/fuzz.test.ts, issue 16.1): for the routes that need one, a real
 * OpenID provider (oidc-provider.ts) started before the app, and the sign-ins through it that leave what those routes
 * act on: identities waiting for fuzzer's password to link them (their link cookies), and identities linked to
 * fuzzer from its security page.
 */

export interface OidcSeeds {
  /** `hush_oidc_link=…` of identities at the provider with fuzzer's verified email (each links once). */
  tickets: string[];
  /** Identities linked to fuzzer. */
  identities: string[];
}

export const NO_OIDC_SEEDS: OidcSeeds = { tickets: [], identities: [] };

const UNLINK = 'DELETE /account/identities/{id}';
const LINK_ROUTES = ['GET /authentication/oidc/link', 'POST /authentication/oidc/link'];
const SEEDED = 5;
const NEXT = '/account/security';

/** The provider the route's app signs in with (null: the route needs none). Stop it after the app. */
export const startFuzzProvider = async (route: RouteContract): Promise<TestProvider | null> =>
  [...LINK_ROUTES, UNLINK].includes(routeKey(route)) ? startTestProvider({ clients: providerClients() }) : null;

/** Signs in at `provider` as new accounts of its: link tickets for fuzzer, or identities linked by fuzzer's `cookie`. */
export async function seedFuzzOidc(
  t: TestApp,
  route: RouteContract,
  provider: TestProvider | null,
  cookie: string,
): Promise<OidcSeeds> {
  const key = routeKey(route);
  if (!provider || (key !== UNLINK && !LINK_ROUTES.includes(key))) return NO_OIDC_SEEDS;
  const seeds: OidcSeeds = { tickets: [], identities: [] };
  for (let i = 0; i < SEEDED; i++) {
    const browser = oidcBrowser(t);
    const sub = `fuzz-${i}`;
    provider.loginAs(sub);
    if (key === UNLINK) {
      // From fuzzer's security page: a signed-in session links whatever email the provider has.
      provider.accounts.set(sub, { sub, email: `fuzz-${i}@idp.example`, email_verified: true });
      browser.cookies.set('hush_session', cookie.slice('hush_session='.length));
      const start = await browser.inject({
        url: `/api/v1/authentication/oidc/default/start?link=true&next=${encodeURIComponent(NEXT)}`,
      });
      const back = await browser.callback(await browser.authorize(locationOf(start)));
      if (locationOf(back) !== NEXT) throw new Error(`seeding a linked identity failed: ${locationOf(back)}`);
    } else {
      // A first sign-in with fuzzer's verified email: the identity waits for fuzzer's password.
      provider.accounts.set(sub, { sub, email: FUZZ_USER.email, email_verified: true });
      const back = await browser.signIn();
      if (locationOf(back) !== '/signin/link') throw new Error(`seeding a link ticket failed: ${locationOf(back)}`);
      seeds.tickets.push(`${LINK_COOKIE}=${browser.cookies.get(LINK_COOKIE)}`);
    }
  }
  if (key === UNLINK) {
    const listed = await ok(t.app.inject({ url: '/api/v1/account/identities', headers: { cookie } }));
    seeds.identities = listed.json<{ id: string }[]>().map((identity) => identity.id);
  }
  return seeds;
}

/** The request that succeeds on an OpenID route, given the seeds (and, to unlink, fuzzer's session). */
export function targetedOidcArb(route: RouteContract, seeds: OidcSeeds): fc.Arbitrary<FileTarget> | null {
  const ticket = () => fc.constantFrom(...seeds.tickets);
  switch (routeKey(route)) {
    case 'GET /authentication/oidc/link':
      return ticket().map((cookie) => ({ segment: '', headers: { cookie }, body: {} }));
    case 'POST /authentication/oidc/link':
      return ticket().map((cookie) => ({
        segment: '',
        headers: { cookie },
        body: { payload: JSON.stringify({ password: FUZZ_USER.password }), contentType: 'application/json' },
      }));
    case UNLINK:
      return fc.constantFrom(...seeds.identities).map((segment) => ({ segment, body: {} }));
    default:
      return null;
  }
}
