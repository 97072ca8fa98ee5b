import type { Selectable, Transaction } from 'kysely';
import { coded, isPermanentDeliveryError, type DeliveryError } from '../../../shared/rules/deliveries.js';
import { TEST_EVENT, type WebhookFormat } from '../../../shared/rules/events.js';
import type { DB, DeliveriesTable, Db, EventsTable, WebhooksTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken } from '../../lib/tokens.js';
import { recordEvents, type EventData } from '../events/events.repository.js';
import type { HttpSender } from './http-sender.js';
import type { Mailer } from './mailer.js';
import type { OutboxEvent } from './payloads.js';
import { webhookRequest } from './payloads.js';
import { PINNED_WEBHOOK_ID } from './webhooks.service.js';

type EventRow = Selectable<EventsTable>;
type WebhookRow = Selectable<WebhooksTable>;
type DeliveryRow = Selectable<DeliveriesTable>;

/** Events fanned out per transaction. */
const BATCH = 50;
/**
 * Deliveries claimed, and sent at once, per step: few, so that a claim's lease need cover one send (a batch waiting
 * its turn under a lease would be sent again by another instance when the lease ran out).
 */
const PARALLEL = 8;
/** Deliveries sent per round at most (then the next round, a second later, goes on). */
const ROUND_DELIVERIES = 200;
const MAX_RETRY_DELAY_MS = 6 * 3_600_000;

export interface WorkerCounters {
  webhookDelivered(): void;
  webhookFailed(): void;
  emailDelivered(): void;
  emailFailed(): void;
  givenUp(): void;
  webhookDisabled(): void;
}

export interface WorkerDeps {
  db: Db;
  clock: Clock;
  send: HttpSender;
  mailer: Mailer | null;
  /** The instance's switches (disable_webhooks, disable_email_notifications), read each round. */
  switches: () => Promise<{ webhooks: boolean; email: boolean }>;
  /** Which events a user is emailed about, and where, read with `executor` (the fan-out's transaction). */
  emailChoices: (userId: string, executor: Transaction<DB>) => Promise<{ email: string; events: readonly string[] }>;
  pinned: { url: string; secret: string } | null;
  retryMs: number;
  windowMs: number;
  /** A delivery claimed longer ago than this belongs to a process that died mid-send: it is sent again. */
  leaseMs: number;
  counters?: Partial<WorkerCounters>;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/** The wait before retry `attempt` (1 = the first retry): doubling from `base`, at most six hours, ±10 %. */
export function retryDelay(attempt: number, base: number, random = Math.random): number {
  const delay = Math.min(base * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
  return Math.round(delay * (0.9 + random() * 0.2));
}

const parseData = (data: string | null): EventData => (data ? (JSON.parse(data) as EventData) : {});
const toOutboxEvent = (row: EventRow): OutboxEvent => ({
  id: row.id,
  type: row.type,
  userId: row.user_id,
  subjectId: row.subject_id,
  at: row.created_at,
  data: parseData(row.data),
});

const listens = (webhook: WebhookRow, type: string) =>
  type !== TEST_EVENT && (webhook.events === null || (JSON.parse(webhook.events) as string[]).includes(type));

/**
 * The outbox's worker (issue 15). Each round:
 * 1. Fan out: claims undispatched events (one UPDATE … WHERE dispatched = 0: of instances racing, each event goes to
 *    one) and writes their deliveries in the same transaction: the owner's webhooks and the instance's that listen
 *    to the type, the pinned HUSH_WEBHOOK_URL, and an email when the owner chose that type.
 * 2. Deliver: claims due deliveries by a lease (one UPDATE … WHERE lease_until <= now), sends them, and records the
 *    outcome: delivered; retried with exponential backoff; failed once the retry window has passed. A webhook that
 *    failed every attempt for the whole window is turned off, with an event (webhook.disabled) telling its owner.
 * At least once: a process killed between the send and its record sends again when the lease ends; the event id
 * (webhook-id) lets the receiver see the repeat.
 */
export function createOutboxWorker(deps: WorkerDeps) {
  const { db, clock } = deps;
  const counters = deps.counters ?? {};

  async function fanOut(): Promise<number> {
    const now = clock();
    const switches = await deps.switches();
    return db.transaction().execute(async (trx) => {
      const events = await trx
        .updateTable('events')
        .set({ dispatched: 1 })
        .where(
          'id',
          'in',
          trx.selectFrom('events').select('id').where('dispatched', '=', 0).orderBy('created_at').limit(BATCH),
        )
        .where('dispatched', '=', 0)
        .returningAll()
        .execute();
      if (events.length === 0) return 0;
      const users = [...new Set(events.flatMap((event) => (event.user_id ? [event.user_id] : [])))];
      const webhooks = switches.webhooks
        ? await trx
            .selectFrom('webhooks')
            .selectAll()
            .where('enabled', '=', 1)
            .where((eb) =>
              users.length > 0
                ? eb.or([eb('owner_id', 'is', null), eb('owner_id', 'in', users)])
                : eb('owner_id', 'is', null),
            )
            .execute()
        : [];
      const emailUsers = new Map<string, readonly string[]>();
      if (switches.email && deps.mailer) {
        for (const user of users) {
          // In the transaction: on SQLite it holds the only connection, and a read outside it would wait forever.
          const choices = await deps.emailChoices(user, trx).catch(() => null);
          if (choices) emailUsers.set(user, choices.events);
        }
      }
      const rows: DeliveryRow[] = [];
      const delivery = (event: EventRow, channel: string, target: string, owner: string | null): DeliveryRow => ({
        id: randomToken(16),
        event_id: event.id,
        channel,
        target,
        owner_id: owner,
        state: 'pending',
        attempts: 0,
        next_at: now,
        lease_until: 0,
        last_code: null,
        last_error: null,
        created_at: now,
        finished_at: null,
      });
      for (const event of events) {
        for (const webhook of webhooks) {
          const mine = webhook.owner_id === null || webhook.owner_id === event.user_id;
          if (mine && listens(webhook, event.type)) rows.push(delivery(event, 'webhook', webhook.id, webhook.owner_id));
        }
        if (switches.webhooks && deps.pinned && event.type !== TEST_EVENT) {
          rows.push(delivery(event, 'webhook', PINNED_WEBHOOK_ID, null));
        }
        if (event.user_id && emailUsers.get(event.user_id)?.includes(event.type)) {
          rows.push(delivery(event, 'email', event.user_id, event.user_id));
        }
      }
      for (let i = 0; i < rows.length; i += 100) {
        await trx
          .insertInto('deliveries')
          .values(rows.slice(i, i + 100))
          .execute();
      }
      return events.length;
    });
  }

  async function claimDue(now: number): Promise<DeliveryRow[]> {
    return db
      .updateTable('deliveries')
      .set((eb) => ({ lease_until: now + deps.leaseMs, attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        'in',
        db
          .selectFrom('deliveries')
          .select('id')
          .where('state', '=', 'pending')
          .where('next_at', '<=', now)
          .where('lease_until', '<=', now)
          .orderBy('next_at')
          .limit(PARALLEL),
      )
      .where('state', '=', 'pending')
      .where('lease_until', '<=', now)
      .returningAll()
      .execute();
  }

  type Outcome = { ok: boolean; code: number | null; error: DeliveryError | null };
  const failure = (error: DeliveryError): Outcome => ({ ok: false, code: null, error });

  async function sendWebhook(delivery: DeliveryRow, event: OutboxEvent, switches: { webhooks: boolean }) {
    if (!switches.webhooks) return { outcome: failure('webhooks_off'), webhook: null };
    if (delivery.target === PINNED_WEBHOOK_ID) {
      if (!deps.pinned) return { outcome: failure('webhook_removed'), webhook: null };
      const request = webhookRequest(event, 'standard', [deps.pinned.secret], clock());
      return { outcome: await deps.send({ url: deps.pinned.url, ...request }), webhook: null };
    }
    const webhook = await db.selectFrom('webhooks').selectAll().where('id', '=', delivery.target).executeTakeFirst();
    if (!webhook) return { outcome: failure('webhook_removed'), webhook: null };
    if (webhook.enabled !== 1) return { outcome: failure('webhook_off'), webhook: null };
    const now = clock();
    const secrets = [webhook.secret];
    if (webhook.previous_secret && (webhook.previous_secret_until ?? 0) > now) secrets.push(webhook.previous_secret);
    const request = webhookRequest(event, webhook.format as WebhookFormat, secrets, now);
    return { outcome: await deps.send({ url: webhook.url, ...request }), webhook };
  }

  async function sendEmail(delivery: DeliveryRow, event: OutboxEvent, switches: { email: boolean }): Promise<Outcome> {
    if (!switches.email || !deps.mailer) return failure('email_off');
    const user = await db
      .selectFrom('users')
      .select(['email', 'locale'])
      .where('id', '=', delivery.target)
      .executeTakeFirst();
    if (!user) return failure('account_deleted');
    return deps.mailer.send({ to: user.email, language: user.locale, event });
  }

  /** Records a webhook's failed attempt; turns it off when it has failed for the whole window. */
  async function webhookFailed(webhook: WebhookRow, now: number) {
    const since = webhook.failing_since ?? now;
    if (now - since < deps.windowMs) {
      if (webhook.failing_since === null) {
        await db.updateTable('webhooks').set({ failing_since: now }).where('id', '=', webhook.id).execute();
      }
      return;
    }
    // To two decimals: a window shorter than an hour (HUSH_DELIVERY_WINDOW_HOURS=0.5) is not said as 0 hours.
    const hours = Math.round(deps.windowMs / 36_000) / 100;
    const turnedOff = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('webhooks')
        .set({ enabled: 0, disabled_reason: coded('failed_window', hours) })
        .where('id', '=', webhook.id)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await recordEvents(trx, [
        { type: 'webhook.disabled', userId: webhook.owner_id, subjectId: webhook.id, at: now, data: { hours } },
      ]);
      return true;
    });
    if (turnedOff) {
      counters.webhookDisabled?.();
      deps.log.warn({ webhook: webhook.id }, 'webhook turned off after failing for its whole retry window');
    }
  }

  async function deliverOne(delivery: DeliveryRow, switches: { webhooks: boolean; email: boolean }) {
    const eventRow = await db.selectFrom('events').selectAll().where('id', '=', delivery.event_id).executeTakeFirst();
    const now0 = clock();
    let outcome: Outcome;
    let webhook: WebhookRow | null = null;
    if (!eventRow) outcome = failure('event_deleted');
    else if (delivery.channel === 'email') outcome = await sendEmail(delivery, toOutboxEvent(eventRow), switches);
    else ({ outcome, webhook } = await sendWebhook(delivery, toOutboxEvent(eventRow), switches));
    const now = Math.max(clock(), now0);
    const isEmail = delivery.channel === 'email';
    if (outcome.ok) {
      (isEmail ? counters.emailDelivered : counters.webhookDelivered)?.();
      await db
        .updateTable('deliveries')
        .set({ state: 'delivered', finished_at: now, last_code: outcome.code, last_error: null, lease_until: 0 })
        .where('id', '=', delivery.id)
        .execute();
      if (webhook?.failing_since) {
        await db.updateTable('webhooks').set({ failing_since: null }).where('id', '=', webhook.id).execute();
      }
      return;
    }
    (isEmail ? counters.emailFailed : counters.webhookFailed)?.();
    const next = now + retryDelay(delivery.attempts, deps.retryMs);
    const permanent = !eventRow || isPermanentDeliveryError(outcome.error);
    const giveUp = permanent || next - delivery.created_at > deps.windowMs;
    if (giveUp) counters.givenUp?.();
    await db
      .updateTable('deliveries')
      .set({
        state: giveUp ? 'failed' : 'pending',
        next_at: giveUp ? delivery.next_at : next,
        finished_at: giveUp ? now : null,
        last_code: outcome.code,
        last_error: outcome.error,
        lease_until: 0,
      })
      .where('id', '=', delivery.id)
      .execute();
    if (webhook) await webhookFailed(webhook, now);
  }

  /** Claims and sends due deliveries, PARALLEL at a time, each claim's lease covering its one send. */
  async function deliverDue(): Promise<number> {
    let sent = 0;
    const switches = await deps.switches();
    while (sent < ROUND_DELIVERIES) {
      const due = await claimDue(clock());
      if (due.length === 0) break;
      await Promise.all(
        due.map((delivery) =>
          deliverOne(delivery, switches).catch((error: unknown) =>
            deps.log.error({ err: error, delivery: delivery.id }, 'delivery failed unexpectedly'),
          ),
        ),
      );
      sent += due.length;
      if (due.length < PARALLEL) break;
    }
    return sent;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** One round: fan out, then deliver what is due, until nothing is left for now. */
  async function runOnce(): Promise<void> {
    for (let rounds = 0; rounds < 20; rounds++) {
      const fanned = await fanOut();
      const sent = await deliverDue();
      if (fanned < BATCH && sent < ROUND_DELIVERIES) break;
    }
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error: unknown) => deps.log.error({ err: error }, 'the outbox worker failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    runOnce,
    /** Starts the rounds: every `intervalMs`, and at once on poke (after a test event, say). */
    start(intervalMs: number) {
      stopped = false;
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    poke: kick,
    /** Stops; resolves once the round under way has finished. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    /** Deliveries and events past their retention (the purge). */
    async purge(retentionMs: number) {
      const before = clock() - retentionMs;
      await db.deleteFrom('deliveries').where('created_at', '<=', before).where('state', '!=', 'pending').execute();
      await db.deleteFrom('events').where('created_at', '<=', before).where('dispatched', '=', 1).execute();
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
