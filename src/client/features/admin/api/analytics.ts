import { api, ApiError } from '../../../lib/api-client';
import type { DailyAnalytics, Stats } from './admin.types';

export const ANALYTICS_FAILED = 'Failed to fetch analytics data';

/** Spec §7/§8: a 403 is a permission denial, answered as this result rather than thrown. */
export interface Forbidden {
  forbidden: true;
  status: 403;
}
const FORBIDDEN: Forbidden = { forbidden: true, status: 403 };

const isForbidden = (value: unknown): value is Forbidden => (value as Forbidden | null)?.forbidden === true;

/**
 * One analytics call: the data, or the forbidden result on 403. Any other failure throws 'Failed to fetch
 * analytics data' as an ApiError that keeps the status and code (so a 401 still means the session ended).
 */
async function fetchAnalytics<T>(path: string, signal?: AbortSignal): Promise<T | Forbidden> {
  try {
    return await api<T>(path, signal ? { signal } : {});
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 403) return FORBIDDEN;
    throw new ApiError(error.status, error.code, ANALYTICS_FAILED, error.body);
  }
}

/** Page views of the last 30 days: per day, per page and in total. */
export const getDailyAnalytics = (signal?: AbortSignal) =>
  fetchAnalytics<DailyAnalytics>('/analytics/data/aggregate/daily', signal);

/** Secrets and users on the instance. */
export const getStats = (signal?: AbortSignal) => fetchAnalytics<Stats>('/stats', signal);

export type AnalyticsData = Forbidden | { forbidden: false; daily: DailyAnalytics; stats: Stats };

/** Both calls at once (spec §2). A 403 on either is forbidden, even when the other one failed otherwise. */
export async function loadAnalytics(signal?: AbortSignal): Promise<AnalyticsData> {
  const [daily, stats] = await Promise.allSettled([getDailyAnalytics(signal), getStats(signal)]);
  const values = [daily, stats].flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (values.some(isForbidden)) return FORBIDDEN;
  if (daily.status === 'rejected') throw daily.reason;
  if (stats.status === 'rejected') throw stats.reason;
  return { forbidden: false, daily: daily.value as DailyAnalytics, stats: stats.value as Stats };
}
