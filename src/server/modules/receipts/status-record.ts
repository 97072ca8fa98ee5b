import type { EndReason } from '../../../shared/rules/receipts.js';
import { addressPrefix, normalizeIp } from '../../../shared/rules/ip.js';
import type { DB, Db, SecretStatusTable } from '../../db/schema.js';
import type { Insertable, Transaction } from 'kysely';
import { arg, createPreparedQueries } from '../../db/prepared.js';
import type { LastView, SecretRow } from '../secrets/secrets.repository.js';
import { recordEvents, type NewEvent } from '../events/events.repository.js';

type Executor = Db | Transaction<DB>;
type StatusRow = Insertable<SecretStatusTable>;

/** Every column of a status, in one order (the prepared insert's placeholders follow it). */
const STATUS_COLUMNS = [
  'id',
  'owner_id',
  'request_id',
  'delete_token_hash',
  'is_public',
  'prevent_burn',
  'file_count',
  'max_views',
  'views_used',
  'view_times',
  'failed_times',
  'reader_ips',
  'created_at',
  'expires_at',
  'ended_at',
  'end_reason',
] as const satisfies readonly (keyof SecretStatusTable)[];

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
 * Writes what outlives a secret, with the executor of the change that ends it (its transaction): the status row
 * (secret_status) and the events its owner, or an instance channel, hears of.
 */
/**
 * Statuses gathered before they are written (endedSoon): at most this long, or this many. Each commit writes the
 * pages its rows touch, and the id index puts every row on a page of its own: fewer, larger commits share pages and
 * checkpoints. Measured on read-burn (SQLite, 2 cores): 20 ms cost 20 % of the throughput before these statuses,
 * 100 ms about 10 %.
 */
const FLUSH_MS = 100;
const FLUSH_ROWS = 2048;
/** Rows per INSERT: chunks of the largest size, then one of each smaller power of two (few statement shapes). */
const FLUSH_CHUNK = 64;

/** The sizes of the INSERTs that write `count` rows: 64, 64, …, then 32, 16, 8, 4, 2, 1 as the rest needs. */
export function chunkSizes(count: number): number[] {
  const sizes: number[] = [];
  let left = count;
  for (; left >= FLUSH_CHUNK; left -= FLUSH_CHUNK) sizes.push(FLUSH_CHUNK);
  for (let size = FLUSH_CHUNK >> 1; size >= 1; size >>= 1) if (left & size) sizes.push(size);
  return sizes;
}

export function createStatusRecorder(deps: {
  db: Db;
  audience: Audience;
  readerIps: ReaderIpMode;
  log?: { error(object: object, message: string): void };
}) {
  // A last view's status is written with every read that burns a secret: compiled once per batch size.
  const prepared = createPreparedQueries(deps.db);
  const insertStatuses = (executor: Executor, rows: StatusRow[]) =>
    prepared.run(
      `statuses:${rows.length}`,
      () =>
        deps.db
          .insertInto('secret_status')
          .values(
            rows.map(
              (_, i) =>
                Object.fromEntries(STATUS_COLUMNS.map((name) => [name, arg('rows', i, name)])) as unknown as StatusRow,
            ),
          )
          // A secret ends once; a second writer (a crash's replay) finds the row there and leaves it.
          .onConflict((conflict) => conflict.column('id').doNothing()),
      { rows },
      executor,
    );
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

  let buffered: StatusRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  /** Writes the statuses gathered by endedSoon (and waits for a write under way). */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = buffered;
    buffered = [];
    writing = writing.then(async () => {
      if (rows.length === 0) return;
      // Chunks of powers of two: seven statement shapes at most, compiled once each; one commit.
      await deps.db
        .transaction()
        .execute(async (trx) => {
          let i = 0;
          for (const size of chunkSizes(rows.length)) {
            await insertStatuses(trx, rows.slice(i, i + size));
            i += size;
          }
        })
        .catch((error: unknown) => deps.log?.error({ err: error }, 'could not write the statuses of ended secrets'));
    });
    return writing;
  }

  const recorder = {
    readerIps: deps.readerIps,
    /** The address to keep for a view, or null. */
    address: (ip: string | null) => keptAddress(ip, deps.readerIps),

    async ended(executor: Executor, endings: readonly Ending[]): Promise<void> {
      if (endings.length === 0) return;
      await insertStatuses(executor, statusRows(endings));
      const events = endings.filter((ending) => deps.audience.wants(ending.row.owner_id)).flatMap(endEvents);
      await recordEvents(executor, events);
    },

    /**
     * Last views nobody hears of as events: their statuses are gathered for up to FLUSH_MS and written in one commit
     * (a transaction per batch of reads cost 40 % of the read-burn throughput on SQLite). A process killed in that
     * window loses those statuses (the secrets are gone either way); a shutdown and every receipt read `flush` first.
     */
    endedSoon(endings: readonly Ending[]): void {
      buffered.push(...statusRows(endings));
      if (buffered.length >= FLUSH_ROWS) void flush();
      else if (!timer) timer = setTimeout(() => void flush(), FLUSH_MS);
    },

    flush,

    /**
     * The repository's hook for last views taken (secrets.repository, lastViews): an expired row went by expiring.
     * In the delete's transaction when an event goes with it (`atomic`), else gathered (endedSoon).
     */
    async lastViews(executor: Executor, taken: readonly LastView[], atomic: boolean): Promise<void> {
      const endings = taken.map(({ row, at, ip }) => ({
        row,
        at,
        reason: row.expires_at > at ? ('last_view' as const) : expiryReason(row),
        view: { at, ip },
      }));
      if (atomic) await recorder.ended(executor, endings);
      else recorder.endedSoon(endings);
    },

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
  return recorder;
}

export type StatusRecorder = ReturnType<typeof createStatusRecorder>;
