import { describe, expect, it } from 'vitest';
import { chunkSizes } from './status-record.js';

describe('chunkSizes: the INSERTs that write a flush of statuses', () => {
  it.each([0, 1, 2, 3, 63, 64, 65, 127, 128, 200, 313, 2048])('%i rows: every row once, in few shapes', (count) => {
    const sizes = chunkSizes(count);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(count);
    expect(sizes.every((size) => [64, 32, 16, 8, 4, 2, 1].includes(size))).toBe(true);
    // Full chunks, then each smaller size at most once.
    const rest = sizes.filter((size) => size < 64);
    expect(new Set(rest).size).toBe(rest.length);
    expect(sizes.filter((size) => size === 64)).toHaveLength(Math.floor(count / 64));
  });

  it('313 rows take four full chunks and 32 + 16 + 8 + 1, not 57 single rows', () => {
    expect(chunkSizes(313)).toEqual([64, 64, 64, 64, 32, 16, 8, 1]);
  });
});
