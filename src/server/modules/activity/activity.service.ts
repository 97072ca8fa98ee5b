import type { z } from 'zod';
import type { ActivityItem } from '../../../shared/api/activity.contract.js';
import { ACTIVITY_PAGE, EVENT_TYPES, type EventType } from '../../../shared/rules/events.js';
import { validationError } from '../../http/errors.js';
import type { Transaction } from 'kysely';
import type { DB, Db } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { type Language, toSupportedLanguage } from '../../../shared/rules/languages.js';
import { recordEvents } from '../events/events.repository.js';

const iso = (ms: number) => new Date(ms).toISOString();
const SHOWN: readonly string[] = EVENT_TYPES;

/** A page cursor: the last item's time and id, so that equal times never skip or repeat an event. */
const cursorOf = (at: number, id: string) => Buffer.from(`${at}:${id}`).toString('base64url');
function parseCursor(cursor: string): { at: number; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split(':');
  const time = Number(at);
  if (
    rest.length > 0 ||
    !at ||
    !/^\d+$/.test(at) ||
    !Number.isSafeInteger(time) ||
    !id ||
    !/^[A-Za-z0-9_-]{1,64}$/.test(id)
  ) {
    throw validationError('before', 'is not a page cursor');
  }
  return { at: time, id };
}

/** The first of the user's languages (Accept-Language, in order of preference) that Hush speaks. */
export function pickLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((param) => param.trim().startsWith('q='));
      return { code: toSupportedLanguage(tag.trim()), q: q ? Number(q.trim().slice(2)) : 1, i };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.find((entry) => entry.code !== null)?.code ?? null;
}

/** A device's cookie holds a random token; the database keeps its hash per user. */
export const DEVICE_COOKIE = 'hush_device';
export const isDeviceToken = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
export const newDeviceToken = () => randomToken(32);

/**
 * A user's activity (issue 15): their events, newest first, with an unread count (events after the time they last
 * looked); which events are emailed to them; the devices they signed in from, for "sign-in from a new device".
 */
export function createActivityService(deps: {
  db: Db;
  clock: Clock;
  /** The instance sends email (SMTP set up and the channel on). */
  emailAvailable: () => Promise<boolean>;
  /** HUSH_EMAIL_EVENTS: what users who never chose are emailed about. */
  defaultEmailEvents: readonly EventType[];
  /** HUSH_FORCED_LANGUAGE: every email in it. */
  forcedLanguage?: Language | null;
}) {
  const { db, clock } = deps;

  async function unread(userId: string): Promise<number> {
    const row = await db
      .selectFrom('events')
      .innerJoin('users', 'users.id', 'events.user_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('events.user_id', '=', userId)
      .where('events.type', 'in', EVENT_TYPES)
      .whereRef('events.created_at', '>', 'users.activity_seen_at')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** `executor`: a transaction to read in (on SQLite, one that holds the only connection must be used). */
  async function emailEventsOf(
    userId: string,
    executor: Db | Transaction<DB> = db,
  ): Promise<{ email: string; events: EventType[] }> {
    const user = await executor
      .selectFrom('users')
      .select(['email', 'email_events'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const chosen = user.email_events ? (JSON.parse(user.email_events) as string[]) : deps.defaultEmailEvents;
    return { email: user.email, events: chosen.filter((type): type is EventType => SHOWN.includes(type)) };
  }

  async function notifications(userId: string) {
    const { email, events } = await emailEventsOf(userId);
    return { emailAvailable: await deps.emailAvailable(), email, emailEvents: events };
  }

  return {
    async list(userId: string, query: { before?: string | undefined; limit: number }) {
      const limit = Math.min(query.limit, ACTIVITY_PAGE);
      const seen = await db.selectFrom('users').select('activity_seen_at').where('id', '=', userId).executeTakeFirst();
      let select = db
        .selectFrom('events')
        .select(['id', 'type', 'subject_id', 'created_at', 'data'])
        .where('user_id', '=', userId)
        .where('type', 'in', EVENT_TYPES);
      if (query.before) {
        const { at, id } = parseCursor(query.before);
        select = select.where((eb) =>
          eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
        );
      }
      const rows = await select
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const items: z.input<typeof ActivityItem>[] = page.map((row) => ({
        id: row.id,
        type: row.type as EventType,
        at: iso(row.created_at),
        subjectId: row.subject_id,
        data: row.data ? (JSON.parse(row.data) as Record<string, string | number | boolean | null>) : {},
        unread: row.created_at > (seen?.activity_seen_at ?? 0),
      }));
      return {
        items,
        next: rows.length > limit && last ? cursorOf(last.created_at, last.id) : null,
        unread: await unread(userId),
      };
    },

    unread: async (userId: string) => ({ unread: await unread(userId) }),

    /** Everything so far is seen: the count starts again from now. */
    async seen(userId: string) {
      const latest = await db
        .selectFrom('events')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const at = Math.max(clock(), Number(latest?.at ?? 0));
      await db.updateTable('users').set({ activity_seen_at: at }).where('id', '=', userId).execute();
      return { unread: 0 };
    },

    notifications,
    emailEventsOf,

    async updateNotifications(userId: string, body: { emailEvents: readonly EventType[] }) {
      const events = [...new Set(body.emailEvents)];
      await db
        .updateTable('users')
        .set({ email_events: JSON.stringify(events) })
        .where('id', '=', userId)
        .execute();
      return notifications(userId);
    },

    /**
     * A sign-in from this device (its cookie token). A device the user never signed in from is remembered, and
     * reported (session.new_device) unless it is the account's first: its sign-up or first sign-in is not news.
     */
    async signedIn(userId: string, deviceToken: string, language: Language | null = null): Promise<void> {
      const now = clock();
      const hash = sha256(deviceToken);
      // The language of their emails: the one they sign in with.
      const locale = deps.forcedLanguage ?? language;
      if (locale) await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
      await db.transaction().execute(async (trx) => {
        const known = await trx
          .selectFrom('user_devices')
          .select('device_hash')
          .where('user_id', '=', userId)
          .limit(50)
          .execute();
        if (known.some((row) => row.device_hash === hash)) return;
        const inserted = await trx
          .insertInto('user_devices')
          .values({ user_id: userId, device_hash: hash, first_seen_at: now })
          .onConflict((conflict) => conflict.columns(['user_id', 'device_hash']).doNothing())
          .executeTakeFirst();
        if (known.length > 0 && Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) {
          await recordEvents(trx, [{ type: 'session.new_device', userId, subjectId: userId, at: now }]);
        }
      });
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
