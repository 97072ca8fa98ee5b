/** Sizes in the server's and the CLI's English texts, in binary units as everywhere in Hush (1 KiB = 1,024 bytes). */
const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/** A limit exactly as it was set: `1 GiB`, `10 MiB`, `1500 bytes` (never rounded, so never a wrong limit). */
export function formatLimit(bytes: number): string {
  for (let step = UNITS.length; step >= 1; step--) {
    const size = 1024 ** step;
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${UNITS[step - 1]}`;
  }
  return `${bytes} bytes`;
}

/** A measured size to one decimal: `812 bytes`, `3.3 KiB`, `57.9 MiB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes / 1024;
  let step = 0;
  while (value >= 1024 && step < UNITS.length - 1) {
    value /= 1024;
    step++;
  }
  return `${value.toFixed(1)} ${UNITS[step]}`;
}
