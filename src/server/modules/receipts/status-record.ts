import type { EndReason } from '../../../shared/rules/receipts.js';
import { addressPrefix, normalizeIp } from '../../../shared/rules/ip.js';
import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB, Db, EventsTable } from '../../db/schema.js';
import { arg } from '../../db/prepared.js';
import type { LastView, LastViewRecords, SecretRow } from '../secrets/secrets.repository.js';
import { eventRows, recordEvents, type NewEvent } from '../events/events.repository.js';
import { createPendingStatuses } from './status-pending.js';
import { createStatusInserts, STATUS_COLUMNS, type StatusRow } from './status-rows.js';

type Executor = Db | Transaction<DB>;

const EVENT_COLUMNS = [
  'id',
  'type',
  'user_id',
  'subject_id',
  'created_at',
  'data',
  'dispatched',
] as const satisfies readonly (keyof EventsTable)[];

/** HUSH_STATUS_READER_IP: readers' addresses are not kept (off), kept as a /24 or /48 (prefix), or whole (full). */
export type ReaderIpMode = 'off' | 'prefix' | 'full';

/** The address a status keeps of a reader: null unless the admin turned it on. Never a comma (the list's separator). */
export function keptAddress(ip: string | null, mode: ReaderIpMode): string | null {
  if (mode === 'off' || !ip) return null;
  return mode === 'prefix' ? addressPrefix(ip) : normalizeIp(ip);
}

/** A comma-separated list with one more item (times of views and wrong passwords, readers' addresses). */
export const appended = (list: string | null, item: string | number): string =>
  list === null || list === '' ? String(item) : `${list},${item}`;

/** A secret that went, and how. */
export interface Ending {
  row: SecretRow;
  reason: EndReason;
  at: number;
  /** The view that ended it (a last view), not yet in the row's lists. */
  view?: { at: number; ip: string | null };
}

/** Who hears of events: a user always (their activity); events of nobody's only when an instance channel listens. */
export interface Audience {
  wants(userId: string | null): boolean;
}

/** A secret past its expiry went by expiring: read (some views spent) or unread. */
export function expiryReason(row: Pick<SecretRow, 'view_times'>): EndReason {
  return row.view_times ? 'expired' : 'expired_unread';
}

function endEvents(ending: Ending): NewEvent[] {
  const { row, reason, at } = ending;
  const base = { userId: row.owner_id, subjectId: row.id, at };
  switch (reason) {
    case 'last_view':
      return [{ ...base, type: 'secret.viewed', data: { viewsLeft: 0, ended: true } }];
    case 'burned_by_creator':
      return [{ ...base, type: 'secret.burned', data: { by: 'creator' } }];
    case 'burned_by_reader':
      return [{ ...base, type: 'secret.burned', data: { by: 'reader' } }];
    case 'burned_by_attempts':
      return [{ ...base, type: 'secret.burned', data: { by: 'attempts' } }];
    case 'expired':
    case 'expired_unread':
      return [{ ...base, type: 'secret.expired', data: { unread: reason === 'expired_unread' } }];
  }
}

/**
 * Writes what outlives a secret, with the executor of the change that ends it (its transaction, or its statement):
 * the status row (secret_status) and the events its owner, or an instance channel, hears of.
 */
export function createStatusRecorder(deps: {
  db: Db;
  dialect: Dialect;
  audience: Audience;
  readerIps: ReaderIpMode;
  log?: { error(object: object, message: string): void };
}) {
  const insert = createStatusInserts(deps.db);
  const pending = createPendingStatuses(deps);
  /** The status rows of secrets that ended. */
  const statusRows = (endings: readonly Ending[]): StatusRow[] =>
    endings.map(({ row, reason, at, view }) => {
      const viewed = view !== undefined && reason === 'last_view';
      const viewsUsed = row.max_views - row.views_left + (viewed && row.prevent_burn === 0 ? 1 : 0);
      return {
        id: row.id,
        owner_id: row.owner_id,
        request_id: row.request_id,
        delete_token_hash: row.delete_token_hash,
        is_public: row.is_public,
        prevent_burn: row.prevent_burn,
        file_count: row.file_count,
        max_views: row.max_views,
        views_used: Math.max(0, Math.min(row.max_views, viewsUsed)),
        view_times: viewed ? appended(row.view_times, view.at) : row.view_times,
        failed_times: row.failed_times,
        reader_ips: viewed && deps.readerIps !== 'off' ? appended(row.reader_ips, view.ip ?? '-') : row.reader_ips,
        created_at: row.created_at,
        expires_at: row.expires_at,
        ended_at: at,
        end_reason: reason,
      };
    });
  /** How last views end their secrets: an expired row taken by a reader went by expiring. */
  const lastViewEndings = (taken: readonly LastView[]): Ending[] =>
    taken.map(({ row, at, ip }) => ({
      row,
      at,
      reason: row.expires_at > at ? ('last_view' as const) : expiryReason(row),
      view: { at, ip },
    }));
  const eventsOf = (endings: readonly Ending[]) =>
    endings.filter((ending) => deps.audience.wants(ending.row.owner_id)).flatMap(endEvents);

  async function ended(executor: Executor, endings: readonly Ending[]): Promise<void> {
    if (endings.length === 0) return;
    await insert('secret_status', executor, statusRows(endings));
    await recordEvents(executor, eventsOf(endings));
  }

  /**
   * The status and events of last views, written with the statement or transaction that deletes their secrets
   * (secrets.repository, hooks.lastViews): a view served is never without its record, whatever fails after it. On
   * SQLite the statuses go to the pending table, and move into secret_status soon after (status-pending.ts).
   */
  const lastViews: LastViewRecords = {
    async write(executor, taken) {
      if (taken.length === 0) return;
      const endings = lastViewEndings(taken);
      await insert(pending.table, executor, statusRows(endings));
      await recordEvents(executor, eventsOf(endings));
      pending.wrote(endings.length);
    },
    // PostgreSQL: one statement deletes the rows and writes their records (a data-modifying WITH), one round trip
    // and atomic without a transaction. The records are those of the rows as their readers found them (a last view's
    // row cannot change but for wrong passwords: their times come from the row deleted), passed as two JSON values,
    // and only the rows the DELETE takes get theirs: one statement shape for every batch size.
    ...(deps.dialect === 'postgres' && {
      oneStatement: {
        wrap: (deleting) => {
          const selected = STATUS_COLUMNS.map((name) =>
            sql.ref(name === 'failed_times' ? 't.failed_times' : `s.${name}`),
          );
          const query = sql<SecretRow>`with taken as (${deleting}),
          recorded as (
            insert into secret_status (${sql.join(STATUS_COLUMNS.map((name) => sql.ref(name)))})
            select ${sql.join(selected)}
            from json_populate_recordset(null::secret_status, ${arg<string>('statuses')}::json) as s
            join taken as t on t.id = s.id
            on conflict (id) do nothing
          ),
          told as (
            insert into events (${sql.join(EVENT_COLUMNS.map((name) => sql.ref(name)))})
            select ${sql.join(EVENT_COLUMNS.map((name) => sql.ref(`e.${name}`)))}
            from json_populate_recordset(null::events, ${arg<string>('events')}::json) as e
            where e.subject_id in (select id from taken)
          )
          select * from taken`;
          return { compile: () => query.compile(deps.db) };
        },
        values: (views) => {
          const endings = lastViewEndings(views);
          return {
            statuses: JSON.stringify(statusRows(endings)),
            events: JSON.stringify(eventRows(eventsOf(endings))),
          };
        },
      },
    }),
  };

  return {
    readerIps: deps.readerIps,
    /** The address to keep for a view, or null. */
    address: (ip: string | null) => keptAddress(ip, deps.readerIps),

    ended,

    lastViews,

    /** Moves the statuses of last views that wait (SQLite; before a purge, and in tests that read the table). */
    settle: pending.settle,

    /** At shutdown: the statuses that wait move. */
    close: pending.close,

    /** The events of a view that leaves views (the row's lists are updated by the claim itself). */
    async viewed(executor: Executor, row: SecretRow, viewsLeft: number, at: number): Promise<void> {
      if (!deps.audience.wants(row.owner_id)) return;
      await recordEvents(executor, [
        { type: 'secret.viewed', userId: row.owner_id, subjectId: row.id, at, data: { viewsLeft } },
      ]);
    },

    async passwordFailed(executor: Executor, row: SecretRow, attemptsLeft: number, at: number): Promise<void> {
      if (!deps.audience.wants(row.owner_id)) return;
      await recordEvents(executor, [
        { type: 'secret.password_failed', userId: row.owner_id, subjectId: row.id, at, data: { attemptsLeft } },
      ]);
    },

    wants: (userId: string | null) => deps.audience.wants(userId),
  };
}

export type StatusRecorder = ReturnType<typeof createStatusRecorder>;
