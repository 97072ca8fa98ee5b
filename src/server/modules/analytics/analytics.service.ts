import crypto from 'node:crypto';
import type { DailyAnalytics } from '../../../shared/api/analytics.contract.js';
import type { Clock } from '../../lib/clock.js';
import type { AnalyticsRepository } from './analytics.repository.js';
import { isBot } from './bots.js';
import { pagePath } from '../../../shared/rules/pages.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The aggregate covers this many UTC days, today included. */
export const AGGREGATE_DAYS = 30;

/** The UTC day of a time, YYYY-MM-DD. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface PageView {
  path: string;
  /** The client address as the server established it (trusted proxies only); never stored. */
  ip: string | null;
  /** Never stored. */
  userAgent: string | undefined;
  /** DNT: 1 or Sec-GPC: 1 was sent. */
  optedOut: boolean;
}

export interface AnalyticsServiceDeps {
  repository: AnalyticsRepository;
  clock: Clock;
  enabled: boolean;
  retentionDays: number;
}

export function createAnalyticsService(deps: AnalyticsServiceDeps) {
  const { repository, clock } = deps;
  // The salt of the current day, once read: it never changes for that day, so one query per day and instance.
  let cached: { day: string; salt: Promise<string> } | null = null;

  function saltOf(day: string): Promise<string> {
    if (cached?.day !== day) {
      const salt = repository.daySalt(day, crypto.randomBytes(32).toString('base64url'));
      cached = { day, salt };
      salt.catch(() => {
        if (cached?.salt === salt) cached = null;
      });
    }
    return cached.salt;
  }

  /** HMAC-SHA256 of address and user agent under the day's salt: the same person gets another id tomorrow. */
  async function visitorId(day: string, ip: string | null, userAgent: string): Promise<string> {
    const salt = Buffer.from(await saltOf(day), 'base64url');
    const mac = crypto
      .createHmac('sha256', salt)
      .update(`${ip ?? ''}\n${userAgent}`)
      .digest();
    return mac.subarray(0, 16).toString('base64url');
  }

  return {
    /**
     * Records a page view, unless analytics are off, the browser asks not to be tracked, or the user agent is a
     * bot. Stored: the UTC day, the page path (known pages only, else /404) and the day's visitor id.
     */
    async track(view: PageView): Promise<{ recorded: boolean }> {
      if (!deps.enabled || view.optedOut || isBot(view.userAgent)) return { recorded: false };
      const day = utcDay(clock());
      const visitor = await visitorId(day, view.ip, view.userAgent ?? '');
      await repository.insertView({ day, path: pagePath(view.path), visitor });
      return { recorded: true };
    },

    /** The last 30 UTC days, oldest first, with zeros for days without visits; per page; and the totals. */
    async daily(): Promise<DailyAnalytics> {
      const now = clock();
      const dates = Array.from({ length: AGGREGATE_DAYS }, (_, i) => utcDay(now - (AGGREGATE_DAYS - 1 - i) * DAY_MS));
      const from = dates[0]!;
      const to = dates[dates.length - 1]!;
      const [byDay, paths] = await Promise.all([repository.countByDay(from, to), repository.countByPath(from, to)]);
      const found = new Map(byDay.map((row) => [row.day, row]));
      const days = dates.map((date) => {
        const row = found.get(date);
        return { date, visits: row?.visits ?? 0, uniqueVisitors: row?.uniqueVisitors ?? 0 };
      });
      // Visitor ids differ from day to day, so the distinct visitors of the period are the sum of the days'.
      const totals = days.reduce(
        (sum, day) => ({ visits: sum.visits + day.visits, uniqueVisitors: sum.uniqueVisitors + day.uniqueVisitors }),
        { visits: 0, uniqueVisitors: 0 },
      );
      return { days, paths, totals };
    },

    /**
     * Deletes page views older than the retention (days kept: today and the `retentionDays - 1` before it), and
     * the salts of past days, so that yesterday's visitor ids can never be computed again.
     */
    async purge(): Promise<{ views: number; salts: number }> {
      const now = clock();
      const today = utcDay(now);
      if (cached && cached.day < today) cached = null;
      return repository.purge(utcDay(now - (deps.retentionDays - 1) * DAY_MS), today);
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
