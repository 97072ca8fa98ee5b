import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../config.js';
import type { ProviderAccount, ProviderClient, TestProvider } from './oidc-provider.js';
import type { TestApp } from './app.js';

/** The address Hush is configured with in OpenID tests; only the browser (these helpers) ever goes there. */
export const HUSH_URL = 'http://hush.test';
export const CLIENT = { client_id: 'hush', client_secret: 'hush-client-secret-for-tests' };
export const callbackOf = (id: string) => `${HUSH_URL}/api/v1/authentication/oidc/${id}/callback`;

/** The provider's registration of Hush (and of another application, for codes issued to someone else). */
export const providerClients = (ids: string[] = ['default']): ProviderClient[] => [
  { ...CLIENT, redirect_uris: ids.map(callbackOf), post_logout_redirect_uris: [`${HUSH_URL}/signin`] },
  { client_id: 'other-app', client_secret: 'other-app-secret-for-tests', redirect_uris: ids.map(callbackOf) },
];

/** Hush's configuration for one provider, `default`, with the role claim `groups`. */
export const oidcConfig = (provider: TestProvider, overrides: Partial<Config> = {}): Partial<Config> => ({
  publicUrl: HUSH_URL,
  oidcAllowHttp: true,
  oidcProviders: [
    {
      id: 'default',
      name: 'Example SSO',
      issuer: provider.issuer,
      clientId: CLIENT.client_id,
      clientSecret: CLIENT.client_secret,
      scopes: ['openid', 'email', 'profile', 'groups'],
    },
  ],
  oidcRoleClaim: 'groups',
  oidcAdminValues: ['hush-admins'],
  oidcCreatorValues: ['hush-creators'],
  ...overrides,
});

export const alice: ProviderAccount = {
  sub: 'alice-at-idp',
  email: 'alice@example.com',
  email_verified: true,
  preferred_username: 'alice',
  groups: ['staff'],
};

type Jar = Map<string, string>;

function keep(jar: Jar, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair, ...attributes] = line.split(';');
    const name = pair!.slice(0, pair!.indexOf('='));
    const value = pair!.slice(pair!.indexOf('=') + 1);
    const gone = attributes.some((a) => /^\s*(max-age=0|expires=Thu, 01 Jan 1970)/i.test(a));
    if (gone || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}
const header = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * A browser for the OpenID flow: Hush is reached through `app.inject()`, the provider over real HTTP; each side
 * keeps its cookies, and redirects are followed by hand so that a test can stop, look and tamper at every step.
 */
export function oidcBrowser(t: TestApp) {
  const hush: Jar = new Map();
  const idp: Jar = new Map();

  const inject = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await t.app.inject({ ...options, headers: { ...options.headers, cookie: header(hush) } });
    keep(hush, [response.headers['set-cookie'] ?? []].flat());
    return response;
  };

  return {
    cookies: hush,
    inject,
    /** GET …/start: the provider's authorization address (or Hush's refusal page). */
    async start(provider = 'default', next = '/account'): Promise<string> {
      const response = await inject({
        url: `/api/v1/authentication/oidc/${provider}/start?next=${encodeURIComponent(next)}`,
      });
      return String(response.headers.location);
    },
    /** Follows the provider's redirects (its interaction signs in) until it sends the browser back to Hush. */
    async authorize(url: string): Promise<string> {
      let location = url;
      for (let hops = 0; hops < 10 && !location.startsWith(HUSH_URL); hops++) {
        const response = await fetch(location, { redirect: 'manual', headers: { cookie: header(idp) } });
        keep(idp, response.headers.getSetCookie());
        const next = response.headers.get('location');
        if (!next) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
        location = new URL(next, location).href;
      }
      return location;
    },
    /** The provider's redirect, delivered to Hush. */
    callback(url: string) {
      const parsed = new URL(url);
      return inject({ url: parsed.pathname + parsed.search });
    },
    /** The whole sign-in: start, the provider, the callback. */
    async signIn(provider = 'default', next = '/account') {
      return this.callback(await this.authorize(await this.start(provider, next)));
    },
  };
}

/** Where a redirect of Hush goes: its path and query. */
export const locationOf = (response: LightMyRequestResponse) => String(response.headers.location);
