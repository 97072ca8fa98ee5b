import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { routeKey, type RouteContract } from '../../shared/api/contract.js';
import { EVENT_TYPES } from '../../shared/rules/events.js';
import type { TestApp } from './app.js';
import type { FileTarget } from './fuzz-files.js';

/**
 * The receipts, activity and webhooks side of the fuzz test (src/server/fuzz.test.ts, issue 15): secrets of the
 * first seeded account's (one live, one ended) for the receipts, webhooks of that account's and of the instance's,
 * bodies for the webhook and notification routes, and the requests that succeed on those routes.
 *
 * The webhook URLs look public and are never called: the delivery worker is stopped before the run.
 */

export interface ActivitySeeds {
  /** The first account's secrets, live and ended, with their delete tokens. */
  secrets: { id: string; deleteToken: string }[];
  /** The first account's webhooks. */
  webhooks: string[];
  /** The instance's webhooks (added by the admin). */
  instanceWebhooks: string[];
}

export const NO_ACTIVITY_SEEDS: ActivitySeeds = { secrets: [], webhooks: [], instanceWebhooks: [] };

const HOOK_URL = 'https://hooks.example.com/fuzz';
const json = (value: unknown) => JSON.stringify(value);

/** Creates the secrets and webhooks through the API as the account of `cookie` (and the admin of `adminCookie`). */
export async function seedFuzzActivity(t: TestApp, cookie: string, adminCookie?: string): Promise<ActivitySeeds> {
  await t.services.worker.stop();
  const ok = async (request: InjectOptions) => {
    const response = await t.app.inject({ ...request, url: `/api/v1${request.url as string}` });
    if (response.statusCode >= 300) throw new Error(`seeding failed: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const secrets: ActivitySeeds['secrets'] = [];
  for (const maxViews of [5, 1]) {
    const created = await ok({
      method: 'POST',
      url: '/secret',
      headers: { cookie },
      payload: { text: 'hush1.c2VjcmV0', ttl: 3600, maxViews },
    });
    secrets.push({ id: created.id, deleteToken: created.deleteToken });
    // Viewed: the first keeps four views, the second ends (its status is what stays).
    await ok({ method: 'POST', url: `/secret/${created.id}`, payload: {} });
  }
  const hook = async (base: string, headers: Record<string, string>, format: string) =>
    (await ok({ method: 'POST', url: base, headers, payload: { url: HOOK_URL, format } })).id as string;
  const webhooks = [await hook('/account/webhooks', { cookie }, 'standard')];
  webhooks.push(await hook('/account/webhooks', { cookie }, 'slack'));
  await ok({ method: 'POST', url: `/account/webhooks/${webhooks[0]}/test`, headers: { cookie } });
  const instanceWebhooks = adminCookie ? [await hook('/admin/webhooks', { cookie: adminCookie }, 'ntfy')] : [];
  return { secrets, webhooks, instanceWebhooks };
}

const urls = fc.constantFrom(
  HOOK_URL,
  'http://hooks.example.com:8080/x?y=1',
  'http://127.0.0.1/',
  'http://[::1]:80/',
  'http://[::ffff:10.0.0.1]/',
  'http://169.254.169.254/latest/meta-data',
  'http://0x7f000001/',
  'http://localhost./',
  'http://a.internal/',
  'https://user:pw@hooks.example.com/',
  'ftp://hooks.example.com/',
  'javascript:alert(1)',
  'not a url',
  '',
  '  ',
  'https://hooks.example.com/a\u0000b',
  `https://hooks.example.com/${'x'.repeat(2000)}`,
);
const eventLists = fc.constantFrom(
  null,
  [],
  ['secret.viewed'],
  [...EVENT_TYPES],
  [...EVENT_TYPES, ...EVENT_TYPES],
  ['webhook.test'],
  ['nope'],
  'secret.viewed',
  [1],
);
const validWebhook = fc.record(
  {
    url: fc.constantFrom(HOOK_URL, `${HOOK_URL}/other`),
    format: fc.constantFrom('standard', 'slack', 'ntfy'),
    events: fc.constantFrom(null, ['secret.viewed', 'request.answered'], [...EVENT_TYPES]),
    enabled: fc.boolean(),
  },
  { requiredKeys: ['url'] },
);

const isWebhookRoute = (route: RouteContract) => route.tag === 'webhooks';

/** Bodies with the real field names and mostly the right types, for the webhook and notification routes. */
export function plausibleActivityBody(route: RouteContract): fc.Arbitrary<string> | null {
  if (isWebhookRoute(route) && (route.method === 'POST' || route.method === 'PUT') && route.body) {
    return fc
      .record(
        {
          url: urls,
          format: fc.constantFrom('standard', 'slack', 'ntfy', 'xml', '', null, 1),
          events: eventLists,
          enabled: fc.constantFrom(true, false, 'true', 1, null),
        },
        { requiredKeys: [] },
      )
      .map(json);
  }
  if (routeKey(route) === 'PUT /account/notifications') {
    return fc.record({ emailEvents: eventLists }, { requiredKeys: [] }).map(json);
  }
  return null;
}

/** The request that succeeds on a receipts, activity or webhooks route, given the seeds and live credentials. */
export function targetedActivityArb(route: RouteContract, seeds: ActivitySeeds): fc.Arbitrary<FileTarget> | null {
  const body = (value: unknown) => ({ payload: json(value), contentType: 'application/json' });
  const none = { segment: '', body: {} };
  if (isWebhookRoute(route)) {
    const ids = route.path.startsWith('/admin') ? seeds.instanceWebhooks : seeds.webhooks;
    if (!route.path.includes('{id}')) {
      return route.method === 'POST'
        ? validWebhook.map((value) => ({ segment: '', body: body(value) }))
        : fc.constant(none);
    }
    const seeded = fc.constantFrom(...ids);
    if (route.method === 'PUT')
      return fc.tuple(seeded, validWebhook).map(([segment, value]) => ({ segment, body: body(value) }));
    return seeded.map((segment) => ({ segment, body: {} }));
  }
  switch (routeKey(route)) {
    case 'POST /receipt/{id}':
      return fc
        .constantFrom(...seeds.secrets)
        .map(({ id, deleteToken }) => ({ segment: id, body: body({ deleteToken }) }));
    case 'GET /account/secrets/{id}/receipt':
      return fc.constantFrom(...seeds.secrets).map(({ id }) => ({ segment: id, body: {} }));
    case 'PUT /account/notifications':
      return fc
        .constantFrom([], ['secret.viewed'], [...EVENT_TYPES])
        .map((emailEvents) => ({ segment: '', body: body({ emailEvents }) }));
    default:
      return route.tag === 'receipts' || route.tag === 'activity' ? fc.constant(none) : null;
  }
}
