import { describe, expect, it } from 'vitest';
import { concatBytes } from './bytes.js';
import { deriveKeys, generateKey } from './envelope.js';
import { cipherSize, createFileEncryptor } from './file-stream.js';
import { encryptFileBytes } from './file-transform.js';
import { FilePartEncoder, partDigest } from './file-parts.js';

const CHUNK = 64;
const keys = await deriveKeys(generateKey());
const { header } = await createFileEncryptor(keys, { fileIndex: 3, chunkSize: CHUNK });
const plainOf = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 13 + 5) & 255);

describe('cutting an encrypted file into upload parts', () => {
  // Empty, inside one chunk, exactly one chunk (then an empty last one), and several.
  it.each([0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 5 * CHUNK + 17])(
    '%i bytes: parts of any size join into the stream',
    async (size) => {
      const plain = plainOf(size);
      const expected = await encryptFileBytes(keys, plain, { fileIndex: 3, header });
      for (const partSize of [1, 7, 28, 80, 81, 1000]) {
        const encoder = new FilePartEncoder(keys, 3, new Blob([plain]), header);
        expect(encoder.size).toBe(cipherSize(size, CHUNK));
        const count = Math.ceil(encoder.size / partSize);
        const parts = await Promise.all(Array.from({ length: count }, (_, index) => encoder.part(index, partSize)));
        expect(concatBytes(...parts)).toEqual(expected);
      }
    },
  );

  it('makes any part on its own, in any order, the same as in sequence', async () => {
    const plain = plainOf(9 * CHUNK + 3);
    const expected = await encryptFileBytes(keys, plain, { fileIndex: 3, header });
    const encoder = new FilePartEncoder(keys, 3, new Blob([plain]), header);
    for (const index of [6, 0, 3, 3, 7, 1]) {
      expect(await encoder.part(index, 100)).toEqual(expected.slice(index * 100, (index + 1) * 100));
    }
  });

  it('refuses a part beyond the end', async () => {
    const encoder = new FilePartEncoder(keys, 3, new Blob([plainOf(10)]), header);
    await expect(encoder.part(1, encoder.size)).rejects.toThrow(RangeError);
    await expect(encoder.part(-1, 10)).rejects.toThrow(RangeError);
  });

  it('fingerprints a part by 128 bits of its SHA-256', async () => {
    const digest = await partDigest(new Uint8Array([1, 2, 3]));
    expect(digest).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await partDigest(new Uint8Array([1, 2, 3]))).toBe(digest);
    expect(await partDigest(new Uint8Array([1, 2, 4]))).not.toBe(digest);
  });
});
