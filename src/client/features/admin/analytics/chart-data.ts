import type { DailyAnalytics } from '../api/admin.types';

type Day = DailyAnalytics['days'][number];

/** A UTC day ("2029-03-12") as "12 Mar" or, `long`, "12 Mar 2029" in the reader's language. */
export function dayLabel(date: string, locale: string, long = false): string {
  const options: Intl.DateTimeFormatOptions = long
    ? { dateStyle: 'medium', timeZone: 'UTC' }
    : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  try {
    return new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, options);
  } catch {
    return date;
  }
}

/** The busiest day (the first of equals), or null when there were no visits. */
export function busiestDay(days: readonly Day[]): Day | null {
  let best: Day | null = null;
  for (const day of days) if (day.visits > 0 && (!best || day.visits > best.visits)) best = day;
  return best;
}

/** The facts the chart's text alternative states: the span, the totals and the busiest day. */
export function chartFacts(daily: DailyAnalytics, locale: string) {
  const first = daily.days[0];
  const last = daily.days[daily.days.length - 1];
  const peak = busiestDay(daily.days);
  const number = (value: number) => value.toLocaleString(locale);
  return {
    from: first ? dayLabel(first.date, locale, true) : '',
    to: last ? dayLabel(last.date, locale, true) : '',
    visits: number(daily.totals.visits),
    uniqueVisitors: number(daily.totals.uniqueVisitors),
    peakDay: peak ? dayLabel(peak.date, locale, true) : '',
    peakVisits: peak ? number(peak.visits) : '0',
    empty: peak === null,
  };
}
