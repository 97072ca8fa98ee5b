import { api, ApiError } from '../../../lib/api-client';
import type { DailyAnalytics, Stats } from './admin.types';
import { isForbidden } from './refusals';

export const ANALYTICS_FAILED = 'Failed to fetch analytics data';

/**
 * One analytics call: the data, or an ApiError. A 403 (spec §7/§8: a permission denial, which the page shows as
 * forbidden) stays as the server said it; any other failure says 'Failed to fetch analytics data' and keeps its
 * status and code (so a 401 still means the session ended).
 */
async function fetchAnalytics<T>(path: string, signal?: AbortSignal): Promise<T> {
  try {
    return await api<T>(path, { signal });
  } catch (error) {
    if (!(error instanceof ApiError) || isForbidden(error)) throw error;
    throw new ApiError(error.status, error.code, ANALYTICS_FAILED, { ...error.details });
  }
}

/** Page views of the last 30 days: per day, per page and in total. */
export const getDailyAnalytics = (signal?: AbortSignal) =>
  fetchAnalytics<DailyAnalytics>('/analytics/data/aggregate/daily', signal);

/** Secrets and users on the instance. */
export const getStats = (signal?: AbortSignal) => fetchAnalytics<Stats>('/stats', signal);

export interface AnalyticsData {
  daily: DailyAnalytics;
  stats: Stats;
}

/** Both calls at once (spec §2). A 403 on either is forbidden, even when the other one failed otherwise. */
export async function loadAnalytics(signal?: AbortSignal): Promise<AnalyticsData> {
  const [daily, stats] = await Promise.allSettled([getDailyAnalytics(signal), getStats(signal)]);
  if (daily.status === 'fulfilled' && stats.status === 'fulfilled') return { daily: daily.value, stats: stats.value };
  const failures = [daily, stats].flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  throw failures.find(isForbidden) ?? failures[0];
}
