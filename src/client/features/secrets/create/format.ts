import type { TFunction } from 'i18next';

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
