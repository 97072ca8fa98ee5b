import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chunkCount,
  cipherSize,
  DEFAULT_CHUNK_SIZE,
  encodeFileHeader,
  FILE_HEADER_BYTES,
  MAX_CHUNK_SIZE,
  MAX_CHUNKS,
  parseFileHeader,
  plainSizeOf,
} from './file-format.js';

const KIB = 1024;

describe('sizes, for the server to check uploads', () => {
  it('chunkCount and cipherSize', () => {
    expect(FILE_HEADER_BYTES).toBe(28);
    expect([0, 1, 1023, 1024, 1025, 3584].map((n) => chunkCount(n, KIB))).toEqual([1, 1, 1, 2, 2, 4]);
    expect(cipherSize(0, KIB)).toBe(28 + 16);
    expect(cipherSize(1024, KIB)).toBe(28 + 1024 + 32);
    expect(cipherSize(10 * 1024 * 1024)).toBe(28 + 10 * 1024 * 1024 + 11 * 16);
    expect(() => chunkCount(-1, KIB)).toThrow(RangeError);
    expect(() => cipherSize(1.5, KIB)).toThrow(RangeError);
  });

  it('plainSizeOf inverts cipherSize and refuses every size no file has', () => {
    for (const chunkSize of [16, 17, 100]) {
      const valid = new Map<number, number>();
      for (let n = 0; n < 1000; n++) valid.set(cipherSize(n, chunkSize), n);
      const top = cipherSize(999, chunkSize);
      for (let s = 0; s <= top; s++) expect(plainSizeOf(s, chunkSize)).toBe(valid.get(s) ?? null);
    }
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 35 }), fc.integer({ min: 16, max: MAX_CHUNK_SIZE }), (n, chunkSize) => {
        expect(plainSizeOf(cipherSize(n, chunkSize), chunkSize)).toBe(n);
      }),
    );
    // The 32-bit counter bounds a file to 2^32 chunks.
    const most = MAX_CHUNKS * 16 - 1;
    expect(chunkCount(most, 16)).toBe(MAX_CHUNKS);
    expect(plainSizeOf(cipherSize(most, 16), 16)).toBe(most);
    expect(() => chunkCount(most + 1, 16)).toThrow(RangeError);
    expect(plainSizeOf(cipherSize(most, 16) + 16, 16)).toBeNull();
    expect(plainSizeOf(-1)).toBeNull();
    expect(plainSizeOf(FILE_HEADER_BYTES)).toBeNull();
  });
});

describe('parseFileHeader', () => {
  it('reads a header inside a larger buffer at any offset (a Node Buffer from a shared pool)', () => {
    const header = encodeFileHeader(DEFAULT_CHUNK_SIZE, new Uint8Array(16).fill(1), new Uint8Array(7).fill(2));
    const backing = new Uint8Array(100).fill(0xff);
    backing.set(header, 40);
    const view = backing.subarray(40, 90);
    const parsed = parseFileHeader(view);
    expect(parsed.chunkSize).toBe(DEFAULT_CHUNK_SIZE);
    expect([...parsed.bytes]).toEqual([...header]);
    expect(parsed.salt).toEqual(new Uint8Array(16).fill(1));
  });
});
