import { expect } from 'vitest';
import { MAX_WEBHOOKS_PER_OWNER } from '../../../shared/rules/events.js';
import {
  asAdmin,
  bodyFailures,
  crossSite,
  json,
  nonAdminToken,
  rateLimited,
  unknownToken,
  type Api,
  type ApiRequest,
  type Method,
  type RouteName,
  type Scenario,
  withoutScope,
} from '../../test-utils/contract-api.js';

/**
 * The contract test's scenarios for the webhooks routes (issue 15): the same seven for a user's webhooks
 * (/account/webhooks, by session or API token) and for the instance's (/admin/webhooks, admins only). One per
 * status each declares, or more.
 *
 * The URLs look public (hooks.example.com) and are never called: the delivery worker is stopped before a test event
 * is queued, so the delivery log answers the same under both prefixes.
 */

type Caller = Pick<Api, 'inject'>;

/** Whose webhooks: the routes' base path, who owns them, and who is refused with a 403. */
interface Scope {
  base: string;
  /** The owner: alice (a user) or the admin, by session or by an API token. */
  owner(api: Api, via?: 'session' | 'token'): Promise<Caller>;
  /** The 403s of a route by its method: another site (a user's, changes only), or not an admin (the instance's). */
  forbidden(method: Method, url: string, payload?: unknown): Scenario[];
  /** A webhook of the other scope, by id: unknown here. */
  elsewhere(api: Api): Promise<{ as: Caller; id: string }>;
}

export const HOOK_URL = 'https://hooks.example.com/hush';
export const HOOK = { url: HOOK_URL };
/** A well-formed webhook id no webhook has. */
export const UNKNOWN_WEBHOOK = 'VW5rbm93bldlYmhvb2sxMg';

/** Adds a webhook as `as` and answers its id. */
export async function addWebhook(as: Caller, base: string, body: Record<string, unknown> = HOOK): Promise<string> {
  const created = await as.inject({ method: 'POST', url: base, payload: body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string }>().id;
}

const OWN: Scope = {
  base: '/account/webhooks',
  owner: async (api, via = 'session') => {
    const alice = await api.signUp();
    // No scope grants a user's webhooks: a token made before scopes manages them as it did.
    return via === 'token' ? alice.withToken({ scopes: null }) : alice;
  },
  // Another site's request with the session cookie is refused for changes; a GET changes nothing and is answered.
  // A token made with scopes is refused whatever they are.
  forbidden: (method, url, payload) => [
    withoutScope({ method, url, payload }, 'legacy'),
    ...(method === 'GET' ? [] : [crossSite({ method, url, payload })]),
  ],
  elsewhere: async (api) => {
    const admin = await asAdmin(api);
    return { as: await api.signUp(), id: await addWebhook(admin, '/admin/webhooks') };
  },
};

const INSTANCE: Scope = {
  base: '/admin/webhooks',
  owner: (api, via = 'session') => asAdmin(api, via),
  forbidden: (method, url, payload) => {
    const request = { method, url, payload };
    return [
      {
        status: 403,
        code: 'auth.admin_required',
        why: 'a signed-in user who is not an admin',
        run: async (api) => (await api.signUp()).inject(request),
      },
      nonAdminToken(request),
      withoutScope(request, 'admin'),
      ...(method === 'GET' ? [] : [crossSite(request)]),
    ];
  },
  elsewhere: async (api) => {
    const alice = await api.signUp();
    return { as: await asAdmin(api), id: await addWebhook(alice, '/account/webhooks') };
  },
};

/** Nobody signed in, an API token nobody holds, the 403s, and the rate limit. */
function refused(scope: Scope, method: Method, url: string, payload?: unknown): Scenario[] {
  const request = { method, url, payload };
  return [
    { status: 401, code: 'auth.not_signed_in', why: 'nobody signed in', run: (api) => api.inject(request) },
    unknownToken(request),
    ...scope.forbidden(method, url, payload),
    rateLimited(request),
  ];
}

/** What a route by webhook id answers besides its success: a malformed id, an unknown one, one of another scope. */
function byId(scope: Scope, method: Method, suffix = '', payload?: unknown): Scenario[] {
  const url = (id: string) => `${scope.base}/${id}${suffix}`;
  return [
    {
      status: 400,
      code: 'validation.id',
      why: 'an id longer than 64 characters',
      run: async (api) => (await scope.owner(api)).inject({ method, url: url('A'.repeat(65)), payload }),
    },
    {
      status: 404,
      code: 'webhook.not_found',
      why: 'an unknown id',
      run: async (api) => (await scope.owner(api)).inject({ method, url: url(UNKNOWN_WEBHOOK), payload }),
    },
    {
      status: 404,
      code: 'webhook.not_found',
      why: scope === OWN ? 'the instance’s webhook' : 'a user’s webhook',
      run: async (api) => {
        const { as, id } = await scope.elsewhere(api);
        return as.inject({ method, url: url(id), payload });
      },
    },
    ...refused(scope, method, url(UNKNOWN_WEBHOOK), payload),
    ...(method === 'GET' ? [] : bodyFailures(method, url(UNKNOWN_WEBHOOK))),
  ];
}

/** Runs `request(id)` as the owner of a webhook just added (the delivery worker stopped). */
const onWebhook =
  (scope: Scope, request: (id: string) => ApiRequest, via: 'session' | 'token' = 'session') =>
  async (api: Api) => {
    await api.services.worker.stop();
    const owner = await scope.owner(api, via);
    return owner.inject(request(await addWebhook(owner, scope.base)));
  };

const invalidBody = (scope: Scope, code: string, why: string, payload: unknown, id?: string): Scenario => ({
  status: 400,
  code,
  why,
  run: async (api) => {
    const owner = await scope.owner(api);
    if (id === undefined) return owner.inject({ method: 'POST', url: scope.base, payload });
    return owner.inject({ method: 'PUT', url: `${scope.base}/${await addWebhook(owner, scope.base)}`, payload });
  },
});

/** The seven routes' scenarios for one scope. */
function scenarios(scope: Scope): Scenario[][] {
  const { base } = scope;
  const item =
    (suffix = '') =>
    (id: string) => ({ url: `${base}/${id}${suffix}` });
  const post = (suffix: string) => (id: string) => ({ method: 'POST' as const, url: `${base}/${id}${suffix}` });
  const put = (payload: unknown) => (id: string) => ({ method: 'PUT' as const, url: `${base}/${id}`, payload });
  const list: Scenario[] = [
    { status: 200, why: 'one webhook', run: onWebhook(scope, () => ({ url: base })) },
    { status: 200, why: 'by an API token', run: onWebhook(scope, () => ({ url: base }), 'token') },
    ...refused(scope, 'GET', base),
  ];
  if (scope === INSTANCE) {
    list.push({
      status: 200,
      why: 'the webhook pinned by HUSH_WEBHOOK_URL',
      config: { webhookUrl: 'https://hooks.example.com/pinned' },
      run: async (api) => (await scope.owner(api)).inject({ url: base }),
    });
  }
  const create: Scenario[] = [
    {
      status: 201,
      why: 'a URL, with the defaults',
      run: async (api) => (await scope.owner(api)).inject({ method: 'POST', url: base, payload: HOOK }),
    },
    {
      status: 201,
      why: 'by an API token, with every field',
      run: async (api) =>
        (await scope.owner(api, 'token')).inject({
          method: 'POST',
          url: base,
          payload: {
            url: 'https://hooks.example.com/slack',
            format: 'slack',
            events: ['secret.viewed', 'request.answered'],
            enabled: false,
          },
        }),
    },
    invalidBody(scope, 'webhook.url_not_allowed', 'a loopback address', { url: 'http://127.0.0.1:8080/hook' }),
    invalidBody(scope, 'webhook.url_not_allowed', 'the cloud metadata address', {
      url: 'http://169.254.169.254/latest/meta-data',
    }),
    invalidBody(scope, 'webhook.url_not_allowed', 'a URL that is not http(s)', { url: 'ftp://hooks.example.com/x' }),
    invalidBody(scope, 'webhook.url_not_allowed', 'a URL with a password', {
      url: 'https://user:pw@hooks.example.com/x',
    }),
    invalidBody(scope, 'validation.url', 'a blank URL', { url: '  ' }),
    invalidBody(scope, 'validation.format', 'a format that is not one', { ...HOOK, format: 'xml' }),
    invalidBody(scope, 'validation.events', 'an event type that is not one', { ...HOOK, events: ['webhook.test'] }),
    {
      status: 400,
      code: 'request.invalid_json',
      why: 'malformed JSON',
      run: async (api) => (await scope.owner(api)).inject({ method: 'POST', url: base, ...json('{"url":') }),
    },
    ...refused(scope, 'POST', base, HOOK),
    {
      status: 403,
      code: 'webhook.disabled',
      why: 'webhooks turned off by the instance setting',
      run: async (api) => {
        const owner = await scope.owner(api);
        await api.services.settings.update({ disable_webhooks: true });
        return owner.inject({ method: 'POST', url: base, payload: HOOK });
      },
    },
    {
      status: 409,
      code: 'webhook.limit',
      why: `a webhook over the ${MAX_WEBHOOKS_PER_OWNER} an owner may have`,
      run: async (api) => {
        const owner = await scope.owner(api);
        for (let i = 0; i < MAX_WEBHOOKS_PER_OWNER; i++) await addWebhook(owner, base, { url: `${HOOK_URL}/${i}` });
        return owner.inject({ method: 'POST', url: base, payload: HOOK });
      },
    },
    ...bodyFailures('POST', base),
  ];
  const update: Scenario[] = [
    {
      status: 200,
      why: 'a new URL, format and events',
      run: onWebhook(scope, put({ url: `${HOOK_URL}/ntfy`, format: 'ntfy', events: ['secret.burned'] })),
    },
    {
      status: 200,
      why: 'turned off, by an API token',
      run: onWebhook(scope, put({ ...HOOK, enabled: false }), 'token'),
    },
    {
      status: 200,
      why: 'a webhook that is on, changed while webhooks are turned off',
      run: async (api) => {
        const owner = await scope.owner(api);
        const id = await addWebhook(owner, base);
        await api.services.settings.update({ disable_webhooks: true });
        return owner.inject(put({ ...HOOK, format: 'slack' })(id));
      },
    },
    {
      status: 403,
      code: 'webhook.disabled',
      why: 'turning a webhook on while webhooks are turned off',
      run: async (api) => {
        const owner = await scope.owner(api);
        const id = await addWebhook(owner, base, { ...HOOK, enabled: false });
        await api.services.settings.update({ disable_webhooks: true });
        return owner.inject(put({ ...HOOK, enabled: true })(id));
      },
    },
    invalidBody(scope, 'webhook.url_not_allowed', 'a private address', { url: 'http://10.0.0.1/hook' }, 'id'),
    invalidBody(scope, 'validation.enabled', 'an on/off that is not a boolean', { ...HOOK, enabled: 'yes' }, 'id'),
    ...byId(scope, 'PUT', '', HOOK),
  ];
  const remove: Scenario[] = [
    {
      status: 200,
      why: 'a webhook with a delivery in its log',
      run: async (api) => {
        await api.services.worker.stop();
        const owner = await scope.owner(api);
        const id = await addWebhook(owner, base);
        expect((await owner.inject(post('/test')(id))).statusCode).toBe(202);
        return owner.inject({ method: 'DELETE', url: `${base}/${id}` });
      },
    },
    {
      status: 200,
      why: 'by an API token',
      run: onWebhook(scope, (id) => ({ method: 'DELETE', url: `${base}/${id}` }), 'token'),
    },
    ...byId(scope, 'DELETE'),
  ];
  const rotate: Scenario[] = [
    { status: 200, why: 'a webhook of the owner', run: onWebhook(scope, post('/rotate')) },
    { status: 200, why: 'by an API token', run: onWebhook(scope, post('/rotate'), 'token') },
    ...byId(scope, 'POST', '/rotate'),
  ];
  const test: Scenario[] = [
    { status: 202, why: 'a webhook of the owner', run: onWebhook(scope, post('/test')) },
    { status: 202, why: 'by an API token', run: onWebhook(scope, post('/test'), 'token') },
    ...byId(scope, 'POST', '/test'),
  ];
  const deliveries: Scenario[] = [
    {
      status: 200,
      why: 'a webhook sent a test event (pending: no worker runs)',
      run: async (api) => {
        await api.services.worker.stop();
        const owner = await scope.owner(api);
        const id = await addWebhook(owner, base);
        expect((await owner.inject(post('/test')(id))).statusCode).toBe(202);
        return owner.inject(item('/deliveries')(id));
      },
    },
    ...byId(scope, 'GET', '/deliveries'),
  ];
  return [list, create, update, remove, rotate, test, deliveries];
}

type WebhookRoute = Extract<RouteName, `${string}Webhook${string}`>;

/** The instance webhook pinned by HUSH_WEBHOOK_URL cannot be changed through the API (its log and test work). */
const pinnedChange = (request: ApiRequest): Scenario => ({
  status: 409,
  code: 'webhook.pinned',
  why: 'the webhook pinned by HUSH_WEBHOOK_URL',
  config: {
    webhookUrl: 'https://hooks.example.com/pinned',
    webhookSecret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
  },
  run: async (api) => (await asAdmin(api)).inject(request),
});

export const WEBHOOK_SCENARIOS: Record<WebhookRoute, Scenario[]> = (() => {
  const [listOwn, createOwn, updateOwn, deleteOwn, rotateOwn, testOwn, ownDeliveries] = scenarios(OWN);
  const [list, create, update, remove, rotate, test, deliveries] = scenarios(INSTANCE);
  return {
    listOwnWebhooks: listOwn!,
    createOwnWebhook: createOwn!,
    updateOwnWebhook: updateOwn!,
    deleteOwnWebhook: deleteOwn!,
    rotateOwnWebhook: rotateOwn!,
    testOwnWebhook: testOwn!,
    ownWebhookDeliveries: ownDeliveries!,
    listInstanceWebhooks: list!,
    createInstanceWebhook: create!,
    updateInstanceWebhook: [...update!, pinnedChange({ method: 'PUT', url: `${INSTANCE.base}/env`, payload: HOOK })],
    deleteInstanceWebhook: [...remove!, pinnedChange({ method: 'DELETE', url: `${INSTANCE.base}/env` })],
    rotateInstanceWebhook: [...rotate!, pinnedChange({ method: 'POST', url: `${INSTANCE.base}/env/rotate` })],
    testInstanceWebhook: test!,
    instanceWebhookDeliveries: deliveries!,
  };
})();
