import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { WebhookBody } from '../../../shared/api/webhooks.contract.js';
import { MAX_WEBHOOKS_PER_OWNER, TEST_EVENT, type WebhookFormat } from '../../../shared/rules/events.js';
import { httpError } from '../../http/errors.js';
import type { Db, WebhooksTable, DeliveriesTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken } from '../../lib/tokens.js';
import { recordEvents } from '../events/events.repository.js';
import { newWebhookSecret } from './signing.js';
import { urlProblem, type UrlProblem } from './url-guard.js';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
const DAY = 86_400_000;
/** The id of the instance webhook pinned by HUSH_WEBHOOK_URL. */
export const PINNED_WEBHOOK_ID = 'env';
/** Deliveries shown in a webhook's log. */
const LOG_SIZE = 100;

export const webhookNotFound = () => httpError(404, 'webhook.not_found');
const URL_PROBLEMS: Record<UrlProblem, string> = {
  not_url: 'This is not a URL',
  not_http: 'Webhook URLs must start with http:// or https://',
  credentials: 'Webhook URLs must not hold a user name or password',
  private_address:
    'Webhook URLs must reach a public address, not loopback, private, link-local or metadata ones (HUSH_WEBHOOK_ALLOW_PRIVATE)',
};
const urlNotAllowed = (why: UrlProblem) =>
  httpError(400, 'webhook.url_not_allowed', { reason: why }, URL_PROBLEMS[why]);
const tooMany = () => httpError(409, 'webhook.limit');
const pinned = () => httpError(409, 'webhook.pinned');
const webhooksOff = () => httpError(403, 'webhook.disabled');

type WebhookRow = Selectable<WebhooksTable>;
type DeliveryRow = Selectable<DeliveriesTable>;
type Body = z.output<typeof WebhookBody>;

/** Whose webhooks: a user's (their id) or the instance's (null). */
export type Scope = string | null;

export function toWebhook(row: WebhookRow) {
  return {
    id: row.id,
    url: row.url,
    format: row.format as WebhookFormat,
    events: row.events ? (JSON.parse(row.events) as string[]) : null,
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    pinned: false,
    createdAt: iso(row.created_at),
  };
}

export function toDelivery(row: DeliveryRow & { type?: string | null }) {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type ?? 'unknown',
    state: row.state as 'pending' | 'delivered' | 'failed',
    attempts: row.attempts,
    lastCode: row.last_code,
    lastError: row.last_error,
    createdAt: iso(row.created_at),
    nextAttemptAt: row.state === 'pending' ? iso(row.next_at) : null,
    finishedAt: isoOrNull(row.finished_at),
  };
}

/**
 * Webhooks of a user or of the instance (issue 15): the URL is checked when saved (and again at every delivery,
 * after DNS), the signing secret is shown once at creation and at rotation, when the old one keeps signing for a day.
 */
export function createWebhooksService(deps: {
  db: Db;
  clock: Clock;
  allowPrivate: boolean;
  /** The instance webhook pinned by the environment (HUSH_WEBHOOK_URL), if any. */
  pinnedUrl: string | null;
  /** Called after the instance's webhooks change (whether anonymous events have an audience). */
  changed?: () => Promise<void>;
  /** The worker: deliver now, not at its next round. */
  poke?: () => void;
  /** disable_webhooks: none can be added or turned on. */
  turnedOff?: () => Promise<boolean>;
}) {
  const { db, clock } = deps;

  function checkUrl(url: string) {
    const problem = urlProblem(url, deps.allowPrivate);
    if (problem) throw urlNotAllowed(problem);
  }

  const isPinned = (scope: Scope, id: string) => scope === null && id === PINNED_WEBHOOK_ID && deps.pinnedUrl !== null;

  /** A webhook to change: the pinned one cannot be (409). */
  async function find(scope: Scope, id: string): Promise<WebhookRow> {
    if (isPinned(scope, id)) throw pinned();
    let query = db.selectFrom('webhooks').selectAll().where('id', '=', id);
    query = scope === null ? query.where('owner_id', 'is', null) : query.where('owner_id', '=', scope);
    const row = await query.executeTakeFirst();
    if (!row) throw webhookNotFound();
    return row;
  }

  const pinnedView = () =>
    deps.pinnedUrl
      ? [
          {
            id: PINNED_WEBHOOK_ID,
            url: deps.pinnedUrl,
            format: 'standard' as const,
            events: null,
            enabled: true,
            disabledReason: null,
            pinned: true,
            createdAt: iso(0),
          },
        ]
      : [];

  const afterChange = async (scope: Scope) => {
    if (scope === null) await deps.changed?.();
  };

  return {
    async list(scope: Scope) {
      let query = db.selectFrom('webhooks').selectAll();
      query = scope === null ? query.where('owner_id', 'is', null) : query.where('owner_id', '=', scope);
      const rows = await query.orderBy('created_at').execute();
      return [...(scope === null ? pinnedView() : []), ...rows.map(toWebhook)];
    },

    async create(scope: Scope, body: Body) {
      if (await deps.turnedOff?.()) throw webhooksOff();
      checkUrl(body.url);
      let count = db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number | string>().as('n'));
      count = scope === null ? count.where('owner_id', 'is', null) : count.where('owner_id', '=', scope);
      if (Number((await count.executeTakeFirst())?.n ?? 0) >= MAX_WEBHOOKS_PER_OWNER) throw tooMany();
      const row: WebhookRow = {
        id: randomToken(16),
        owner_id: scope,
        url: body.url,
        format: body.format,
        events: body.events ? JSON.stringify([...new Set(body.events)]) : null,
        secret: newWebhookSecret(),
        previous_secret: null,
        previous_secret_until: null,
        enabled: body.enabled ? 1 : 0,
        disabled_reason: null,
        failing_since: null,
        created_at: clock(),
      };
      await db.insertInto('webhooks').values(row).execute();
      await afterChange(scope);
      return { ...toWebhook(row), secret: row.secret };
    },

    async update(scope: Scope, id: string, body: Body) {
      const row = await find(scope, id);
      checkUrl(body.url);
      const enabled = body.enabled ? 1 : 0;
      if (enabled === 1 && row.enabled === 0 && (await deps.turnedOff?.())) throw webhooksOff();
      const changes = {
        url: body.url,
        format: body.format,
        events: body.events ? JSON.stringify([...new Set(body.events)]) : null,
        enabled,
        // Turned on again: the notice goes, and its failures are forgotten.
        ...(enabled === 1 && { disabled_reason: null, failing_since: null }),
      };
      await db.updateTable('webhooks').set(changes).where('id', '=', row.id).execute();
      await afterChange(scope);
      return toWebhook({ ...row, ...changes });
    },

    async remove(scope: Scope, id: string) {
      const row = await find(scope, id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('deliveries').where('target', '=', row.id).where('channel', '=', 'webhook').execute();
        await trx.deleteFrom('webhooks').where('id', '=', row.id).execute();
      });
      await afterChange(scope);
      return { deleted: true as const };
    },

    /** A new secret, shown once; the old one signs along for a day, so receivers can switch without a gap. */
    async rotate(scope: Scope, id: string) {
      const row = await find(scope, id);
      const changes = { secret: newWebhookSecret(), previous_secret: row.secret, previous_secret_until: clock() + DAY };
      await db.updateTable('webhooks').set(changes).where('id', '=', row.id).execute();
      return { ...toWebhook(row), secret: changes.secret };
    },

    /** A test event (webhook.test) queued to this webhook only (the pinned one too), with its delivery. */
    async test(scope: Scope, id: string) {
      const row = isPinned(scope, id) ? { id: PINNED_WEBHOOK_ID } : await find(scope, id);
      const now = clock();
      const delivery = await db.transaction().execute(async (trx) => {
        const [eventId] = await recordEvents(
          trx,
          [{ type: TEST_EVENT, userId: scope, subjectId: row.id, at: now, data: { test: true } }],
          true,
        );
        const delivery: DeliveryRow = {
          id: randomToken(16),
          event_id: eventId!,
          channel: 'webhook',
          target: row.id,
          owner_id: scope,
          state: 'pending',
          attempts: 0,
          next_at: now,
          lease_until: 0,
          last_code: null,
          last_error: null,
          created_at: now,
          finished_at: null,
        };
        await trx.insertInto('deliveries').values(delivery).execute();
        return delivery;
      });
      deps.poke?.();
      return toDelivery({ ...delivery, type: TEST_EVENT });
    },

    async deliveries(scope: Scope, id: string) {
      const row = isPinned(scope, id) ? { id: PINNED_WEBHOOK_ID } : await find(scope, id);
      const rows = await db
        .selectFrom('deliveries')
        .leftJoin('events', 'events.id', 'deliveries.event_id')
        .selectAll('deliveries')
        .select('events.type')
        .where('deliveries.target', '=', row.id)
        .where('deliveries.channel', '=', 'webhook')
        .orderBy('deliveries.created_at', 'desc')
        .orderBy('deliveries.id', 'desc')
        .limit(LOG_SIZE)
        .execute();
      return rows.map(toDelivery);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
