import { z } from 'zod';
import { DELIVERY_ERRORS } from '../rules/deliveries.js';
import { EVENT_TYPES, WEBHOOK_FORMATS } from '../rules/events.js';
import { defineRoute, errorResponse, noNul, scopeRefusal, type ResponseContract } from './contract.js';
import { EXAMPLE } from './examples.js';

/**
 * Webhooks (issue 15): per user under /account/webhooks, per instance under /admin/webhooks. Deliveries follow the
 * Standard Webhooks convention (webhook-id, webhook-timestamp, webhook-signature: v1,HMAC-SHA256), are retried with
 * exponential backoff for 24 hours, and carry the event, its time and ids, never content.
 */
export const WebhookFormat = z.enum(WEBHOOK_FORMATS);

export const Webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    format: WebhookFormat,
    events: z.array(z.enum(EVENT_TYPES)).nullable().describe('The events sent; null: every event'),
    enabled: z.boolean(),
    disabledReason: z
      .string()
      .nullable()
      .describe(
        'Why Hush turned it off, as a code: failed_window:<hours> (every delivery failed for the retry window). ' +
          'Rows from older versions may hold English text',
      ),
    pinned: z.boolean().describe('Set by HUSH_WEBHOOK_URL: it cannot be changed here'),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Webhook' });

export const WebhookWithSecret = Webhook.extend({
  secret: z.string().describe('The signing secret (whsec_…): shown once, store it now'),
}).meta({ id: 'WebhookWithSecret' });

export const WebhookBody = z
  .object({
    url: noNul(z.string().trim().min(1, 'is required').max(2000)),
    format: WebhookFormat.default('standard'),
    events: z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length).nullish(),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'WebhookBody' });

export const Delivery = z
  .object({
    id: z.string(),
    eventId: z.string().describe('The idempotency id sent as webhook-id'),
    type: z.string(),
    state: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    lastCode: z.number().int().nullable().describe('The HTTP status of the last attempt'),
    lastError: z
      .string()
      .nullable()
      .describe(
        `Why the last attempt failed, as a code: ${DELIVERY_ERRORS.join(', ')}; an errno after a colon for some ` +
          '(network:ECONNRESET); http_status and redirect have the status in lastCode. Rows from older versions ' +
          'may hold English text',
      ),
    createdAt: z.iso.datetime(),
    nextAttemptAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Delivery' });

export const WebhookParams = z.object({ id: noNul(z.string().max(64)) });

const WEBHOOK_EXAMPLE = {
  id: 'd2ViaG9vay1leGFtcGxlMQ',
  url: 'https://hooks.example.com/hush',
  format: 'standard' as const,
  events: null,
  enabled: true,
  disabledReason: null,
  pinned: false,
  createdAt: EXAMPLE.createdAt,
};

const unauthorized = errorResponse('Not signed in, or the API token sent is not valid (auth.not_signed_in)');
const rateLimited = errorResponse('Too many requests');
const notFound = errorResponse('No such webhook (webhook.not_found)');
const badBody = {
  400: errorResponse(
    'A field is invalid; the URL is not http(s), or points at a private address (webhook.url_not_allowed)',
  ),
  413: errorResponse('Body too large'),
  415: errorResponse('Body is not JSON'),
};

/**
 * The same routes for a user's webhooks and the instance's. A user's webhooks are account settings no token scope
 * grants (they send the account's events to a URL of the caller's choice): a session, or an API token made before
 * scopes, which could manage them then. The instance's need the admin scope.
 */
function webhookRoutes<const P extends string, const N extends string>(
  prefix: P,
  name: N,
  access: 'user' | 'admin',
  whose: string,
) {
  const scope = access === 'admin' ? 'admin' : 'legacy';
  const refused = scopeRefusal(scope);
  const guard =
    access === 'admin'
      ? { 403: errorResponse(`Not an admin (auth.admin_required), or ${refused}`) }
      : { 403: errorResponse(`A cookie-authenticated request from another site (auth.cross_site), or ${refused}`) };
  const turnedOff = {
    403: errorResponse(`${guard[403].description}; or webhooks are turned off on this instance (webhook.disabled)`),
  };
  const base = { tag: 'webhooks', access, scope } as const;
  /** Reads: a session's cross-site check is for changes only, so a user's answer 403 only to a scoped token. */
  const readGuard: Record<number, ResponseContract> =
    access === 'admin' ? guard : { 403: errorResponse(`Refused: ${refused}`) };
  /** The instance webhook pinned by HUSH_WEBHOOK_URL cannot be changed (its log and test event work). */
  const pinnedConflict: Record<number, ResponseContract> =
    access === 'admin' ? { 409: errorResponse('The webhook is pinned by HUSH_WEBHOOK_URL (webhook.pinned)') } : {};
  /** What a POST or DELETE on one webhook may answer besides its success (an empty or JSON body). */
  const actionOnOne = {
    400: errorResponse('The id is malformed, or a body was sent that is not valid JSON'),
    401: unauthorized,
    ...guard,
    404: notFound,
    413: errorResponse('Body too large'),
    415: errorResponse('Body is not JSON'),
    429: rateLimited,
  };
  return {
    list: defineRoute({
      ...base,
      method: 'GET',
      path: `${prefix}`,
      operationId: `list${name}Webhooks`,
      summary: `${whose} webhooks`,
      responses: {
        200: { description: 'The list', schema: z.array(Webhook), example: [WEBHOOK_EXAMPLE] },
        401: unauthorized,
        ...readGuard,
        429: rateLimited,
      },
    }),
    create: defineRoute({
      ...base,
      method: 'POST',
      path: `${prefix}`,
      operationId: `create${name}Webhook`,
      summary: `Add a webhook to ${whose.toLowerCase()}; its signing secret is shown once`,
      body: WebhookBody,
      bodyExample: { url: 'https://hooks.example.com/hush', format: 'standard', events: ['secret.viewed'] },
      responses: {
        201: { description: 'The webhook and its secret', schema: WebhookWithSecret },
        ...badBody,
        401: unauthorized,
        ...turnedOff,
        409: errorResponse('Too many webhooks (webhook.limit)'),
        429: rateLimited,
      },
    }),
    update: defineRoute({
      ...base,
      method: 'PUT',
      path: `${prefix}/{id}`,
      operationId: `update${name}Webhook`,
      summary: 'Change a webhook’s URL, format, events, or turn it on or off',
      params: WebhookParams,
      body: WebhookBody,
      bodyExample: { url: 'https://hooks.example.com/hush', format: 'slack', events: null, enabled: true },
      responses: {
        200: { description: 'The webhook', schema: Webhook },
        ...badBody,
        401: unauthorized,
        ...turnedOff,
        404: notFound,
        ...pinnedConflict,
        429: rateLimited,
      },
    }),
    remove: defineRoute({
      ...base,
      method: 'DELETE',
      path: `${prefix}/{id}`,
      operationId: `delete${name}Webhook`,
      summary: 'Delete a webhook and its delivery log',
      params: WebhookParams,
      responses: {
        200: { description: 'Deleted', schema: z.object({ deleted: z.literal(true) }) },
        ...actionOnOne,
        ...pinnedConflict,
      },
    }),
    rotate: defineRoute({
      ...base,
      method: 'POST',
      path: `${prefix}/{id}/rotate`,
      operationId: `rotate${name}WebhookSecret`,
      summary: 'A new signing secret, shown once; the old one also signs for 24 hours',
      params: WebhookParams,
      responses: {
        200: { description: 'The webhook and its new secret', schema: WebhookWithSecret },
        ...actionOnOne,
        ...pinnedConflict,
      },
    }),
    test: defineRoute({
      ...base,
      method: 'POST',
      path: `${prefix}/{id}/test`,
      operationId: `test${name}Webhook`,
      summary: 'Queue a test event (webhook.test) to this webhook; its delivery shows in the log',
      params: WebhookParams,
      responses: {
        202: { description: 'Queued', schema: Delivery },
        ...actionOnOne,
      },
    }),
    deliveries: defineRoute({
      ...base,
      method: 'GET',
      path: `${prefix}/{id}/deliveries`,
      operationId: `list${name}WebhookDeliveries`,
      summary: 'The webhook’s latest deliveries, newest first, with their state and retries',
      params: WebhookParams,
      responses: {
        200: { description: 'The log', schema: z.array(Delivery) },
        400: errorResponse('The id is malformed'),
        401: unauthorized,
        ...readGuard,
        404: notFound,
        429: rateLimited,
      },
    }),
  };
}

export const ownWebhookRoutes = webhookRoutes('/account/webhooks', 'Own', 'user', 'Your');
export const instanceWebhookRoutes = webhookRoutes('/admin/webhooks', 'Instance', 'admin', 'The instance’s');

export const webhookApiRoutes = {
  listOwnWebhooks: ownWebhookRoutes.list,
  createOwnWebhook: ownWebhookRoutes.create,
  updateOwnWebhook: ownWebhookRoutes.update,
  deleteOwnWebhook: ownWebhookRoutes.remove,
  rotateOwnWebhook: ownWebhookRoutes.rotate,
  testOwnWebhook: ownWebhookRoutes.test,
  ownWebhookDeliveries: ownWebhookRoutes.deliveries,
  listInstanceWebhooks: instanceWebhookRoutes.list,
  createInstanceWebhook: instanceWebhookRoutes.create,
  updateInstanceWebhook: instanceWebhookRoutes.update,
  deleteInstanceWebhook: instanceWebhookRoutes.remove,
  rotateInstanceWebhook: instanceWebhookRoutes.rotate,
  testInstanceWebhook: instanceWebhookRoutes.test,
  instanceWebhookDeliveries: instanceWebhookRoutes.deliveries,
};
