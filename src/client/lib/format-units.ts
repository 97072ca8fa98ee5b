/**
 * File sizes, speeds and durations in the reader's language, through Intl alone (no texts to translate): decimal
 * units (1 MB = 1,000,000 bytes) as file managers and speed meters show them.
 */
const SIZE_UNITS = [
  ['terabyte', 1e12],
  ['gigabyte', 1e9],
  ['megabyte', 1e6],
  ['kilobyte', 1e3],
] as const;

const unit = (locale: string | undefined, name: string, value: number, display: 'short' | 'long' = 'short') =>
  new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: name,
    unitDisplay: display,
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);

/** "812 bytes", "3.4 kB", "200 MB", "1.5 GB". */
export function formatSize(bytes: number, locale?: string): string {
  const found = SIZE_UNITS.find(([, size]) => bytes >= size);
  return found ? unit(locale, found[0], bytes / found[1]) : unit(locale, 'byte', bytes, 'long');
}

/** "12 MB/s", "850 kB/s". */
export function formatRate(bytesPerSecond: number, locale?: string): string {
  return bytesPerSecond >= 1e6
    ? unit(locale, 'megabyte-per-second', bytesPerSecond / 1e6)
    : unit(locale, 'kilobyte-per-second', bytesPerSecond / 1e3);
}

/** "45 seconds", "3 minutes", "1.5 hours": one unit, rounded, for an estimate. */
export function formatDuration(seconds: number, locale?: string): string {
  if (seconds < 90) return unit(locale, 'second', Math.max(1, Math.round(seconds)), 'long');
  if (seconds < 90 * 60) return unit(locale, 'minute', Math.round(seconds / 60), 'long');
  return unit(locale, 'hour', seconds / 3600, 'long');
}
