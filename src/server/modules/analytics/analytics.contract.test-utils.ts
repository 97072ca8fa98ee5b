import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  asAdmin,
  bodyFailures,
  crossSite,
  nonAdminToken,
  rateLimited,
  unknownToken,
  withoutScope,
  type Api,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';

/** The contract test's scenarios for page views, the analytics aggregate and the statistics: one per status, or more. */

type AnalyticsRoute = Extract<RouteName, 'track' | 'analyticsDaily' | 'stats'>;

const TRACK = '/analytics/track';
const DAILY = '/analytics/data/aggregate/daily';
const STATS = '/stats';
const page = { path: '/secret/AAAAAAAAAAAAAAAAAAAAAA#encryption_key=BBBB' };

const trackView = (api: Pick<Api, 'inject'>) => api.inject({ method: 'POST', url: TRACK, payload: page });

/** The admin-only GET routes: 200 for an admin by session and by token, 401, 403 for other users, 429. */
function adminOnly(url: string, prepare: (api: Api) => Promise<unknown>): Scenario[] {
  const asAdminAfter =
    (via: 'session' | 'token') =>
    async (api: Api): Promise<LightMyRequestResponse> => {
      await prepare(api);
      return (await asAdmin(api, via)).inject({ url });
    };
  return [
    { status: 200, why: 'an admin’s session', config: { analytics: true }, run: asAdminAfter('session') },
    { status: 200, why: 'an admin’s API token', config: { analytics: true }, run: asAdminAfter('token') },
    {
      status: 401,
      code: 'auth.not_signed_in',
      why: 'nobody signed in',
      run: (api) => api.inject({ url }),
    },
    unknownToken({ url }),
    {
      status: 403,
      code: 'auth.admin_required',
      why: 'a signed-in user who is not an admin',
      run: async (api) => (await api.signUp()).inject({ url }),
    },
    nonAdminToken({ url }),
    withoutScope({ url }, 'admin'),
    rateLimited({ url }),
  ];
}

export const ANALYTICS_SCENARIOS: Record<AnalyticsRoute, Scenario[]> = {
  track: [
    {
      status: 200,
      why: 'a page view with analytics on',
      config: { analytics: true },
      run: async (api) => {
        const response = await trackView(api);
        expect(response.json()).toEqual({ recorded: true });
        return response;
      },
    },
    {
      status: 200,
      why: 'a page view with analytics off (nothing recorded)',
      run: async (api) => {
        const response = await trackView(api);
        expect(response.json()).toEqual({ recorded: false });
        return response;
      },
    },
    {
      status: 200,
      why: 'a bot’s page view (nothing recorded)',
      config: { analytics: true },
      run: (api) =>
        api.inject({ method: 'POST', url: TRACK, payload: page, headers: { 'user-agent': 'Googlebot/2.1' } }),
    },
    {
      status: 400,
      code: 'validation.path',
      why: 'a path that does not start with /',
      run: (api) => api.inject({ method: 'POST', url: TRACK, payload: { path: 'secret' } }),
    },
    {
      status: 400,
      code: 'validation.path',
      why: 'no path',
      run: (api) => api.inject({ method: 'POST', url: TRACK, payload: {} }),
    },
    unknownToken({ method: 'POST', url: TRACK, payload: page }),
    crossSite({ method: 'POST', url: TRACK, payload: page }),
    ...bodyFailures('POST', TRACK),
    rateLimited({ method: 'POST', url: TRACK, payload: page }),
  ],
  analyticsDaily: adminOnly(DAILY, async (api) => {
    await trackView(api);
    await trackView(api);
  }),
  stats: adminOnly(STATS, async (api) => {
    await api.create();
    await api.create({ isPublic: true, text: 'plain' });
  }),
};
