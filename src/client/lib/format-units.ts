/**
 * Sizes, speeds and durations in the reader's language. Sizes are binary everywhere (1 KiB = 1,024 bytes), as the
 * limits are set and as the server words its errors; the numbers come from Intl, the unit symbols from the IEC
 * (French writes octets: o, Kio, Mio). Durations are Intl units, with no texts to translate.
 */
import { binarySize, IEC_UNITS } from '../../shared/rules/bytes';

const SYMBOLS: Record<string, readonly string[]> = { fr: ['o', 'Kio', 'Mio', 'Gio', 'Tio'] };

const language = (locale: string | undefined) => (locale ?? 'en').split('-')[0]!.toLowerCase();

const number = (locale: string | undefined, value: number) => {
  const digits = value < 10 && !Number.isInteger(value) ? 1 : 0;
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  } catch {
    return new Intl.NumberFormat('en', { maximumFractionDigits: digits }).format(value);
  }
};

/** "812 B", "3.3 KiB", "191 MiB", "1.4 GiB" ("1,4 Gio" in French). */
export function formatSize(bytes: number, locale?: string): string {
  const { value, step } = binarySize(bytes);
  const symbols = SYMBOLS[language(locale)] ?? IEC_UNITS;
  return `${number(locale, step === 0 ? Math.round(value) : value)} ${symbols[step]}`;
}

/** "12 MiB/s", "830 KiB/s". */
export function formatRate(bytesPerSecond: number, locale?: string): string {
  return `${formatSize(bytesPerSecond, locale)}/s`;
}

const unit = (locale: string | undefined, name: string, value: number) =>
  new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: name,
    unitDisplay: 'long',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);

/** "45 seconds", "3 minutes", "1.5 hours": one unit, rounded, for an estimate. */
export function formatDuration(seconds: number, locale?: string): string {
  if (seconds < 90) return unit(locale, 'second', Math.max(1, Math.round(seconds)));
  if (seconds < 90 * 60) return unit(locale, 'minute', Math.round(seconds / 60));
  return unit(locale, 'hour', seconds / 3600);
}
