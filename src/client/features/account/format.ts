/** A date as "12 Mar 2026" in the reader's language; ISO when the language tag is not one Intl accepts. */
export function formatDate(iso: string, locale: string): string {
  try {
    return new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });
  } catch {
    return iso.slice(0, 10);
  }
}

/** A date and time as "12 Mar 2026, 14:05" in the reader's language. */
export function formatDateTime(iso: string, locale: string): string {
  try {
    return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return iso;
  }
}
