import type { Config } from '../../config.js';
import {
  bodyFailures,
  crossSite,
  json,
  rateLimited,
  unknownToken,
  type ApiRequest,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';

/**
 * The contract test's scenarios for POST /authentication/header. The contract test's client is at 127.0.0.1, which
 * these scenarios make the trusted proxy, so the header it sends is the proxy's (trusted-header.test.ts covers peers
 * that are not trusted, and trusted-header.nginx.test.ts a real proxy).
 */

const HEADER = '/authentication/header';
export const HEADER_CONFIG = { authHeader: 'Remote-User', trustedProxies: ['127.0.0.1'] } satisfies Partial<Config>;
const as = (username: string, extra: Record<string, string> = {}): ApiRequest => ({
  method: 'POST',
  url: HEADER,
  headers: { 'remote-user': username, ...extra },
});
/** A scenario with the header feature on (and `config` on top). */
const on = (scenario: Scenario, config: Partial<Config> = {}): Scenario => ({
  ...scenario,
  config: { ...HEADER_CONFIG, ...scenario.config, ...config },
});

export const TRUSTED_HEADER_SCENARIOS: Record<Extract<RouteName, 'headerSignIn'>, Scenario[]> = {
  headerSignIn: [
    on({ status: 200, why: 'the trusted proxy names a new user', run: (api) => api.inject(as('carol')) }),
    on({
      status: 400,
      code: 'auth.header_invalid',
      why: 'the proxy names a user the USERNAME rules refuse',
      run: (api) => api.inject(as('a b')),
    }),
    on({
      status: 400,
      code: 'request.invalid_json',
      why: 'a body that is not valid JSON',
      run: (api) => {
        const { payload, headers } = json('{,}');
        return api.inject({ ...as('carol'), payload, headers: { ...headers, 'remote-user': 'carol' } });
      },
    }),
    on({
      status: 401,
      code: 'auth.header_missing',
      why: 'no header',
      run: (api) => api.inject({ method: 'POST', url: HEADER }),
    }),
    {
      status: 401,
      code: 'auth.header_missing',
      why: 'the feature is off',
      run: (api) => api.inject(as('carol')),
    },
    on(unknownToken(as('carol'))),
    on(
      {
        status: 403,
        code: 'auth.header_unknown_user',
        why: 'a user without an account, and auto-create off',
        run: (api) => api.inject(as('carol')),
      },
      { authHeaderAutoCreate: false },
    ),
    on({
      status: 403,
      code: 'auth.signin_disabled',
      why: 'signing in disabled for users',
      run: async (api) => {
        await api.signUp({ username: 'carol' });
        await api.services.settings.update({ disable_users: true });
        return api.inject(as('carol'));
      },
    }),
    on({
      status: 403,
      code: 'auth.email_domain',
      why: 'a new account’s email outside the organisation’s domain',
      run: async (api) => {
        await api.services.settings.update({ restrict_organization_email: 'example.org' });
        return api.inject(as('carol'));
      },
    }),
    on(crossSite(as('alice'))),
    on(
      {
        status: 409,
        code: 'auth.email_taken',
        why: 'a new account with the email of another',
        run: async (api) => {
          await api.signUp({ username: 'alice' });
          return api.inject(as('carol', { 'remote-email': 'alice@example.com' }));
        },
      },
      { authHeaderEmail: 'Remote-Email' },
    ),
    ...bodyFailures('POST', HEADER).map((scenario) => on(scenario)),
    on(rateLimited(as('carol'))),
  ],
};
