import type { ReceiptData } from '../../../shared/api/receipts.contract.js';
import type { EndReason } from '../../../shared/rules/receipts.js';
import type { Db, SecretStatusTable, SecretsTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { matchesHash } from '../../lib/tokens.js';
import type { Selectable } from 'kysely';
import { expiryReason } from './status-record.js';
import { receiptNotFound } from './receipts.errors.js';
import type { StatusTable } from './status-rows.js';

const DAY = 86_400_000;
/** How many ended secrets a user's list holds, the latest first. */
const ENDED_LIMIT = 500;
const iso = (ms: number) => new Date(ms).toISOString();
const times = (list: string | null): number[] => (list ? list.split(',').map(Number) : []);
const items = (list: string | null): string[] => (list ? list.split(',') : []);

type LiveRow = Pick<
  Selectable<SecretsTable>,
  | 'id'
  | 'owner_id'
  | 'request_id'
  | 'delete_token_hash'
  | 'is_public'
  | 'prevent_burn'
  | 'file_count'
  | 'max_views'
  | 'views_left'
  | 'view_times'
  | 'failed_times'
  | 'reader_ips'
  | 'created_at'
  | 'expires_at'
  | 'ready'
>;
type EndedRow = Selectable<SecretStatusTable>;

const LIVE_COLUMNS = [
  'id',
  'owner_id',
  'request_id',
  'delete_token_hash',
  'is_public',
  'prevent_burn',
  'file_count',
  'max_views',
  'views_left',
  'view_times',
  'failed_times',
  'reader_ips',
  'created_at',
  'expires_at',
  'ready',
] as const;

function views(viewTimes: string | null, readerIps: string | null) {
  const addresses = items(readerIps);
  return times(viewTimes).map((at, i) => {
    const ip = addresses[i];
    return { at: iso(at), ip: ip && ip !== '-' ? ip : null };
  });
}

/**
 * Receipts (issue 15): a secret's status from its row while it lives, from secret_status once it has ended (or, past
 * its expiry before the purge came, as the purge will record it). Reading one never spends a view.
 */
export function createReceiptsService(deps: {
  db: Db;
  clock: Clock;
  retentionDays: number;
  /** Moves the statuses of last views that wait in secret_status_pending (status-pending.ts): before a purge. */
  settle?: () => Promise<void>;
}) {
  const { db, clock } = deps;
  const retention = deps.retentionDays * DAY;

  function fromLive(row: LiveRow, now: number): ReceiptData {
    const viewList = views(row.view_times, row.reader_ips);
    const expired = row.expires_at <= now;
    const endReason: EndReason | null = expired ? expiryReason(row) : null;
    return {
      id: row.id,
      state: expired ? 'ended' : row.ready === 1 ? 'open' : 'uploading',
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
      maxViews: row.max_views,
      viewsUsed: row.prevent_burn === 1 ? viewList.length : row.max_views - row.views_left,
      preventBurn: row.prevent_burn === 1,
      isPublic: row.is_public === 1,
      fileCount: row.file_count,
      views: viewList,
      failedAttempts: times(row.failed_times).map(iso),
      endedAt: expired ? iso(row.expires_at) : null,
      endReason,
      keptUntil: expired ? iso(row.expires_at + retention) : null,
    };
  }

  function fromEnded(row: EndedRow): ReceiptData {
    const viewList = views(row.view_times, row.reader_ips);
    return {
      id: row.id,
      state: 'ended',
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
      maxViews: row.max_views,
      viewsUsed: row.prevent_burn === 1 ? viewList.length : row.views_used,
      preventBurn: row.prevent_burn === 1,
      isPublic: row.is_public === 1,
      fileCount: row.file_count,
      views: viewList,
      failedAttempts: times(row.failed_times).map(iso),
      endedAt: iso(row.ended_at),
      endReason: row.end_reason as EndReason,
      keptUntil: iso(row.ended_at + retention),
    };
  }

  /** The status of a secret, live or ended, if `allowed` says its holder may see it. */
  async function find(id: string, allowed: (row: { owner_id: string | null; delete_token_hash: string }) => boolean) {
    const now = clock();
    const live = await db.selectFrom('secrets').select(LIVE_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (live) {
      if (!allowed(live)) throw receiptNotFound();
      return fromLive(live, now);
    }
    // A last view's status may still wait in the pending table (SQLite; status-pending.ts).
    const endedIn = (table: StatusTable) =>
      db
        .selectFrom(table)
        .selectAll()
        .where('id', '=', id)
        .where('ended_at', '>', now - retention)
        .executeTakeFirst();
    const ended = (await endedIn('secret_status')) ?? (await endedIn('secret_status_pending'));
    if (!ended || !allowed(ended)) throw receiptNotFound();
    return fromEnded(ended);
  }

  return {
    /** For whoever holds the receipt link: its delete token is the capability. */
    byToken: (id: string, deleteToken: string) => find(id, (row) => matchesHash(deleteToken, row.delete_token_hash)),

    /** For the secret's owner. */
    byOwner: (id: string, userId: string) => find(id, (row) => row.owner_id === userId),

    /** The statuses of the user's secrets that have ended (responses to their requests are in the inbox). */
    async ended(userId: string): Promise<ReceiptData[]> {
      const since = clock() - retention;
      const endedIn = (table: StatusTable) =>
        db
          .selectFrom(table)
          .selectAll()
          .where('owner_id', '=', userId)
          .where('request_id', 'is', null)
          .where('ended_at', '>', since)
          .orderBy('ended_at', 'desc')
          .limit(ENDED_LIMIT)
          .execute();
      // Those whose status still waits in the pending table (SQLite; status-pending.ts) are the latest.
      const rows = [...(await endedIn('secret_status_pending')), ...(await endedIn('secret_status'))];
      return rows
        .sort((a, b) => b.ended_at - a.ended_at)
        .slice(0, ENDED_LIMIT)
        .map(fromEnded);
    },

    /** Deletes statuses past their retention (the purge). */
    async purge(): Promise<number> {
      await deps.settle?.();
      const result = await db
        .deleteFrom('secret_status')
        .where('ended_at', '<=', clock() - retention)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
