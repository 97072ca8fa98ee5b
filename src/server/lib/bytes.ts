import { binarySize, IEC_UNITS } from '../../shared/rules/bytes.js';

/** Sizes in the server's and the CLI's English texts, in binary units as everywhere in Hush (1 KiB = 1,024 bytes). */

/** A limit exactly as it was set: `1 GiB`, `10 MiB`, `1500 bytes` (never rounded, so never a wrong limit). */
export function formatLimit(bytes: number): string {
  for (let step = IEC_UNITS.length - 1; step >= 1; step--) {
    const size = 1024 ** step;
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${IEC_UNITS[step]}`;
  }
  return `${bytes} bytes`;
}

/** A measured size to one decimal: `812 bytes`, `3.3 KiB`, `57.9 MiB`. */
export function formatSize(bytes: number): string {
  const { value, step } = binarySize(bytes);
  return step === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${IEC_UNITS[step]}`;
}
