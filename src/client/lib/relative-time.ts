const DAY = 86400;

/**
 * Each unit with its size and the shortest span it is used for. Smaller units take over once the next one would
 * round up (59.6 minutes is "1 hour"); months start at 45 days, so a 28-day secret reads "in 4 weeks", not
 * "in 1 month".
 */
const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number, number])[] = [
  ['year', 365 * DAY, 330 * DAY],
  ['month', 30 * DAY, 45 * DAY],
  ['week', 7 * DAY, 13.5 * DAY],
  ['day', DAY, DAY - 1800],
  ['hour', 3600, 3600 - 30],
  ['minute', 60, 59.5],
  ['second', 1, 0],
];

/**
 * "in 3 hours", "vor 5 Minuten": the largest unit that fits, in the reader's language. Always numeric, because
 * "tomorrow" for something 30 hours away would be wrong on the calendar.
 */
export function formatRelativeTime(target: Date, now: Date, locale: string): string {
  const seconds = (target.getTime() - now.getTime()) / 1000;
  const [unit, size] = UNITS.find(([, , from]) => Math.abs(seconds) >= from) ?? (['second', 1] as const);
  const value = Math.round(seconds / size);
  try {
    return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(value, unit);
  } catch {
    // An unknown language tag: English is better than nothing.
    return new Intl.RelativeTimeFormat('en', { numeric: 'always' }).format(value, unit);
  }
}

/** A moment known to be past (a view, an ending): never "in 2 seconds" when the server's clock runs a little ahead. */
export function formatPastTime(target: Date, now: Date, locale: string): string {
  return formatRelativeTime(new Date(Math.min(target.getTime(), now.getTime() - 1000)), now, locale);
}
