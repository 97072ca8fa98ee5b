/** Sizes are shown in binary units everywhere (1 KiB = 1,024 bytes), as the limits are set. */
export const IEC_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/**
 * A size as a value in the largest unit that keeps it at 1 or more: `step` indexes IEC_UNITS. A value that would
 * round to 1,024 of one unit is given as 1 of the next (never "1,024 KiB").
 */
export function binarySize(bytes: number): { value: number; step: number } {
  let value = bytes;
  let step = 0;
  while (step < IEC_UNITS.length - 1 && Math.round(value) >= 1024) {
    value /= 1024;
    step++;
  }
  return { value, step };
}
