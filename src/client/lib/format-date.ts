/**
 * Dates in the reader's language, one style per kind: a day ("12 Mar 2026"), a moment ("12 Mar 2026, 14:05") and a
 * distance ("in 3 hours", relative-time.ts). A language tag Intl refuses falls back to ISO 8601.
 */

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** A day: "12 Mar 2026". */
export function formatDate(value: string | Date, locale?: string): string {
  try {
    return toDate(value).toLocaleDateString(locale, { dateStyle: 'medium' });
  } catch {
    return toDate(value).toISOString().slice(0, 10);
  }
}

/** A moment: "12 Mar 2026, 14:05". */
export function formatDateTime(value: string | Date, locale?: string): string {
  try {
    return toDate(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return toDate(value).toISOString();
  }
}
