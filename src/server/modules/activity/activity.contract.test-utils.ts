import { expect } from 'vitest';
import {
  bodyFailures,
  crossSite,
  json,
  rateLimited,
  unknownToken,
  withoutScope,
  type Api,
  type ApiRequest,
  type Method,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';

/**
 * The contract test's scenarios for the activity routes (issue 15): a user's events, their unread count, and which
 * of them are emailed. One per status each declares, or more.
 *
 * The events listed are API tokens created (token.created) and not used (a first use is an event too, recorded
 * after its answer): events at the same (test clock) time are then of one type, and list alike under both prefixes.
 */

type ActivityRoute = Extract<
  RouteName,
  'listActivity' | 'activityUnread' | 'markActivitySeen' | 'notificationSettings' | 'updateNotificationSettings'
>;

const ACTIVITY = '/account/activity';
const UNREAD = `${ACTIVITY}/unread`;
const SEEN: ApiRequest = { method: 'POST', url: `${ACTIVITY}/seen` };
const NOTIFICATIONS = '/account/notifications';
const choose = (emailEvents: unknown): ApiRequest => ({ method: 'PUT', url: NOTIFICATIONS, payload: { emailEvents } });

/** Alice, signed in, with `tokens` API tokens created (an event each): her browser. */
async function withEvents(api: Api, tokens = 1): Promise<Api> {
  const alice = await api.signUp();
  for (let i = 0; i < tokens; i++) await alice.withToken();
  return alice;
}

/** A user's route: nobody signed in, and an API token nobody holds. */
const signedOut = (method: Method, url: string, payload?: unknown): Scenario[] => [
  {
    status: 401,
    code: 'auth.not_signed_in',
    why: 'nobody signed in',
    run: (api) => api.inject({ method, url, payload }),
  },
  unknownToken({ method, url, payload }),
];
/** A user's route that reads the account's secrets' story: also refused to a token without secrets:read. */
const readRefused = (method: Method, url: string): Scenario[] => [
  ...signedOut(method, url),
  withoutScope({ method, url }, 'secrets:read'),
];

export const ACTIVITY_SCENARIOS: Record<ActivityRoute, Scenario[]> = {
  listActivity: [
    {
      status: 200,
      why: 'a user with one event',
      run: async (api) => (await withEvents(api)).inject({ url: ACTIVITY }),
    },
    {
      status: 200,
      why: 'the second page, from the first one’s next',
      run: async (api) => {
        const alice = await withEvents(api, 2);
        const first = await alice.inject({ url: `${ACTIVITY}?limit=1` });
        expect(first.statusCode, first.body).toBe(200);
        const { items, next } = first.json<{ items: unknown[]; next: string | null }>();
        expect(items).toHaveLength(1);
        expect(next).not.toBeNull();
        return alice.inject({ url: `${ACTIVITY}?limit=1&before=${next}` });
      },
    },
    {
      status: 400,
      code: 'validation.before',
      why: 'a cursor that is not one',
      run: async (api) => (await withEvents(api)).inject({ url: `${ACTIVITY}?before=not-a-cursor` }),
    },
    {
      status: 400,
      code: 'validation.limit',
      why: 'a page of 0 events',
      run: async (api) => (await withEvents(api)).inject({ url: `${ACTIVITY}?limit=0` }),
    },
    ...readRefused('GET', ACTIVITY),
    rateLimited({ url: ACTIVITY }),
  ],
  activityUnread: [
    {
      status: 200,
      why: 'a user with an unread event',
      run: async (api) => (await withEvents(api)).inject({ url: UNREAD }),
    },
    {
      status: 200,
      why: 'a user who has seen every event, by an API token',
      run: async (api) => {
        const alice = await withEvents(api);
        const token = await alice.withToken();
        expect((await alice.inject(SEEN)).statusCode).toBe(200);
        return token.inject({ url: UNREAD });
      },
    },
    ...readRefused('GET', UNREAD),
    rateLimited({ url: UNREAD }),
  ],
  markActivitySeen: [
    crossSite(SEEN),
    {
      status: 200,
      why: 'a user with unread events',
      run: async (api) => (await withEvents(api, 2)).inject(SEEN),
    },
    {
      status: 200,
      why: 'an API token, with an empty JSON body',
      run: async (api) => (await (await api.signUp()).withToken()).inject({ ...SEEN, payload: {} }),
    },
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'malformed JSON',
      run: async (api) => (await api.signUp()).inject({ ...SEEN, ...json('{"x":') }),
    },
    ...readRefused('POST', SEEN.url),
    ...bodyFailures('POST', SEEN.url),
    rateLimited(SEEN),
  ],
  notificationSettings: [
    {
      status: 200,
      why: 'a user who never chose (the defaults)',
      run: async (api) => (await api.signUp()).inject({ url: NOTIFICATIONS }),
    },
    {
      status: 200,
      why: 'an API token of a user who chose',
      run: async (api) => {
        const alice = await api.signUp();
        expect((await alice.inject(choose(['request.answered']))).statusCode).toBe(200);
        return (await alice.withToken()).inject({ url: NOTIFICATIONS });
      },
    },
    ...readRefused('GET', NOTIFICATIONS),
    rateLimited({ url: NOTIFICATIONS }),
  ],
  updateNotificationSettings: [
    {
      status: 200,
      why: 'a few events, one twice',
      run: async (api) => (await api.signUp()).inject(choose(['secret.viewed', 'request.answered', 'secret.viewed'])),
    },
    {
      status: 200,
      why: 'no event at all',
      run: async (api) => (await api.signUp()).inject(choose([])),
    },
    {
      status: 400,
      code: 'validation.emailEvents',
      why: 'an event type that is not one (the test event is never emailed)',
      run: async (api) => (await api.signUp()).inject(choose(['webhook.test'])),
    },
    {
      status: 400,
      code: 'validation.emailEvents',
      why: 'no list',
      run: async (api) => (await api.signUp()).inject({ method: 'PUT', url: NOTIFICATIONS, payload: {} }),
    },
    ...signedOut('PUT', NOTIFICATIONS, { emailEvents: [] }),
    {
      status: 403,
      code: 'auth.session_required',
      why: 'an API token instead of a session',
      run: async (api) => (await (await api.signUp()).withToken()).inject(choose([])),
    },
    crossSite(choose([])),
    ...bodyFailures('PUT', NOTIFICATIONS),
    rateLimited(choose([])),
  ],
};
