const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "in 3 hours", "vor 5 Minuten": the largest unit that fits, in the reader's language. Always numeric, because
 * "tomorrow" for something 30 hours away would be wrong on the calendar.
 */
export function formatRelativeTime(target: Date, now: Date, locale: string): string {
  const seconds = (target.getTime() - now.getTime()) / 1000;
  // A unit fits once the next smaller one would round up to it: 59.6 minutes is "1 hour", not "60 minutes".
  const [unit, size] =
    UNITS.find(([, size], index) => Math.abs(seconds) >= size - (UNITS[index + 1]?.[1] ?? 0) / 2) ??
    (['second', 1] as const);
  const value = Math.round(seconds / size);
  try {
    return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(value, unit);
  } catch {
    // An unknown language tag: English is better than nothing.
    return new Intl.RelativeTimeFormat('en', { numeric: 'always' }).format(value, unit);
  }
}

export function formatDateTime(date: Date, locale: string): string {
  try {
    return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return date.toISOString();
  }
}
