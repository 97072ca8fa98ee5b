import type { TFunction } from 'i18next';

/** A size in bytes as "812 B", "3.4 KiB" or "1 MiB", with the reader's number format. */
export function formatBytes(bytes: number, t: TFunction<'create'>, locale?: string): string {
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024) return t('units.bytes', { value: number(bytes) });
  if (bytes < 1024 * 1024) return t('units.kib', { value: number(bytes / 1024) });
  return t('units.mib', { value: number(bytes / (1024 * 1024)) });
}

const UNITS = [
  ['days', 86400],
  ['hours', 3600],
  ['minutes', 60],
] as const;

/** A lifetime in seconds as "5 minutes", "1 hour", "7 days" (the largest whole unit). */
export function formatTtl(seconds: number, t: TFunction<'create'>): string {
  const [unit, size] = UNITS.find(([, size]) => seconds % size === 0) ?? UNITS[2];
  return t(`ttl.${unit}`, { count: Math.round(seconds / size) });
}
