import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { concatBytes, toBase64Url } from './bytes.js';
import { deriveKeys, generateKey, type SecretKeys } from './envelope.js';
import {
  createFileDecryptor,
  FILE_HEADER_BYTES,
  FILE_TAG_BYTES,
  FileStreamError,
  type FileStreamErrorReason,
} from './file-stream.js';
import { decryptFileBytes, encryptFileBytes } from './file-transform.js';
import {
  LIGHT,
  KIB,
  pattern,
  queue,
  encryptChunks,
  decryptChunks,
  decryptStreamed,
  rejectsWith,
} from './file-stream.test-utils.js';

describe('damage is detected', () => {
  let keys: SecretKeys;
  let header: Uint8Array;
  let chunks: Uint8Array[];
  const plain = pattern(3.5 * KIB, 9);
  const streamOf = (parts: Uint8Array[]) => concatBytes(header, ...parts);

  beforeAll(async () => {
    keys = await deriveKeys(generateKey());
    ({ header, chunks } = await encryptChunks(keys, plain));
  });

  /** Both readers refuse; the chunk-by-chunk one with `reason`. */
  async function refused(parts: Uint8Array[], reason: FileStreamErrorReason, headerBytes = header, fileIndex = 0) {
    const error = await rejectsWith(decryptChunks(keys, headerBytes, parts, fileIndex), reason);
    await expect(decryptStreamed(keys, concatBytes(headerBytes, ...parts), fileIndex)).rejects.toBeInstanceOf(
      FileStreamError,
    );
    await expect(decryptFileBytes(keys, concatBytes(headerBytes, ...parts), { fileIndex })).rejects.toBeInstanceOf(
      FileStreamError,
    );
    return error;
  }

  it('a flipped bit in any chunk, named by its chunk', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(chunks.length - 1), fc.nat(), fc.nat(7), async (which, at, bit) => {
        const damaged = chunks.map((chunk) => chunk.slice());
        damaged[which]![at % damaged[which]!.length]! ^= 1 << bit;
        const error = await refused(damaged, 'tampered_or_wrong_key');
        expect(error.message).toMatch(which === 0 ? /wrong key or password/ : new RegExp(`Chunk ${which} `));
      }),
      { numRuns: 40 },
    );
  });

  it('two chunks swapped, a chunk repeated, a middle chunk dropped', async () => {
    const [c0, c1, c2, c3] = chunks as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    await refused([c1, c0, c2, c3], 'tampered_or_wrong_key');
    await refused([c0, c1, c3, c2], 'tampered_or_wrong_key');
    await refused([c0, c1, c1, c2, c3], 'tampered_or_wrong_key');
    await refused([c0, c2, c3], 'tampered_or_wrong_key');
    await refused([c3], 'tampered_or_wrong_key');
  });

  it('truncation: the last chunk dropped, or every chunk', async () => {
    const error = await refused(chunks.slice(0, -1), 'truncated');
    expect(error.message).toMatch(/cut short/);
    await refused(chunks.slice(0, 1), 'truncated');
    await refused([], 'truncated');
    await rejectsWith(decryptStreamed(keys, streamOf(chunks.slice(0, -1))), 'truncated');
    // An empty file is one empty last chunk: without it, the header alone is refused too.
    const empty = await encryptChunks(keys, new Uint8Array(0));
    expect(await decryptChunks(keys, empty.header, empty.chunks)).toEqual(new Uint8Array(0));
    await rejectsWith(decryptChunks(keys, empty.header, []), 'truncated');
    await rejectsWith(decryptStreamed(keys, empty.header), 'truncated');
    await rejectsWith(decryptStreamed(keys, new Uint8Array(0)), 'truncated');
  });

  it('a stream cut inside a chunk or inside the header', async () => {
    await expect(decryptStreamed(keys, streamOf(chunks).subarray(0, -5))).rejects.toBeInstanceOf(FileStreamError);
    await expect(decryptStreamed(keys, streamOf(chunks).subarray(0, 2000))).rejects.toBeInstanceOf(FileStreamError);
    await rejectsWith(decryptStreamed(keys, header.subarray(0, 10)), 'malformed_header');
    await rejectsWith(createFileDecryptor(keys, header.subarray(0, 27), { fileIndex: 0 }), 'malformed_header');
  });

  it('a chunk from another file of the same secret, or of another secret', async () => {
    const sameSecret = await encryptChunks(keys, plain, 1);
    await refused([chunks[0]!, sameSecret.chunks[1]!, chunks[2]!, chunks[3]!], 'tampered_or_wrong_key');
    await refused(sameSecret.chunks, 'tampered_or_wrong_key'); // another file's chunks under this header
    const otherSecret = await encryptChunks(await deriveKeys(generateKey()), plain, 0);
    await refused([chunks[0]!, chunks[1]!, otherSecret.chunks[2]!, chunks[3]!], 'tampered_or_wrong_key');
    // A whole file read as another index fails, even with the same salt and nonce prefix.
    await refused(chunks, 'tampered_or_wrong_key', header, 1);
    const fixed = () => queue(new Uint8Array(16), new Uint8Array(7));
    const a = await encryptFileBytes(keys, plain, { fileIndex: 0, chunkSize: KIB, random: fixed() });
    const b = await encryptFileBytes(keys, plain, { fileIndex: 1, chunkSize: KIB, random: fixed() });
    expect(toBase64Url(a.subarray(0, FILE_HEADER_BYTES))).toBe(toBase64Url(b.subarray(0, FILE_HEADER_BYTES)));
    await rejectsWith(decryptFileBytes(keys, b, { fileIndex: 0 }), 'tampered_or_wrong_key');
  });

  it('any changed header byte', async () => {
    for (let at = 0; at < FILE_HEADER_BYTES; at++) {
      const damaged = header.slice();
      damaged[at]! ^= at === 0 ? 0x02 : 0x01;
      const error = await refused(
        chunks,
        at === 0 ? 'unknown_version' : at === 1 ? 'malformed_header' : 'tampered_or_wrong_key',
        damaged,
      );
      if (at === 0) expect(error.message).toMatch(/version 3 is not supported/);
    }
    // A chunk size that stays in range but differs: the chunks no longer line up, and the key differs anyway.
    const resized = header.slice();
    resized[3]! ^= 0x01;
    await refused(chunks, 'tampered_or_wrong_key', resized);
  });

  it('an unknown version is named before the rest of the header arrives', async () => {
    await rejectsWith(decryptStreamed(keys, Uint8Array.of(2)), 'unknown_version');
    await rejectsWith(
      createFileDecryptor(keys, Uint8Array.of(9, ...header.subarray(1)), { fileIndex: 0 }),
      'unknown_version',
    );
  });

  it('data after the last chunk', async () => {
    const error = await refused([...chunks, chunks.at(-1)!], 'trailing_data');
    expect(error.message).toMatch(/follows the last chunk/);
    await refused([...chunks, new Uint8Array(16)], 'trailing_data');
    for (const extra of [1, 16, KIB + FILE_TAG_BYTES]) {
      await expect(decryptStreamed(keys, concatBytes(streamOf(chunks), new Uint8Array(extra)))).rejects.toBeInstanceOf(
        FileStreamError,
      );
      await expect(
        decryptFileBytes(keys, concatBytes(streamOf(chunks), new Uint8Array(extra)), { fileIndex: 0 }),
      ).rejects.toBeInstanceOf(FileStreamError);
    }
  });

  it('a wrong key or a wrong password', async () => {
    await rejectsWith(decryptChunks(await deriveKeys(generateKey()), header, chunks), 'tampered_or_wrong_key');
    const key = generateKey();
    const withPassword = await deriveKeys(key, 'right', LIGHT);
    const stream = await encryptFileBytes(withPassword, plain, { fileIndex: 0 });
    const wrong = await rejectsWith(
      decryptFileBytes(await deriveKeys(key, 'wrong', LIGHT), stream, { fileIndex: 0 }),
      'tampered_or_wrong_key',
    );
    expect(wrong.message).toMatch(/wrong key or password/);
    await rejectsWith(decryptFileBytes(await deriveKeys(key), stream, { fileIndex: 0 }), 'tampered_or_wrong_key');
  });

  it('chunks out of order, of impossible lengths, and a reader that keeps going after a failure', async () => {
    let decryptor = await createFileDecryptor(keys, header, { fileIndex: 0 });
    await decryptor.decryptChunk(chunks[0]!, 0);
    await rejectsWith(decryptor.decryptChunk(chunks[2]!, 2), 'out_of_order');
    await rejectsWith(decryptor.decryptChunk(chunks[1]!, 1), 'out_of_order'); // poisoned: the first error stays
    expect(() => decryptor.finish()).toThrow(/was given where chunk 1 was expected/);

    decryptor = await createFileDecryptor(keys, header, { fileIndex: 0 });
    await rejectsWith(decryptor.decryptChunk(concatBytes(chunks[0]!, Uint8Array.of(0))), 'bad_chunk');
    decryptor = await createFileDecryptor(keys, header, { fileIndex: 0 });
    await rejectsWith(decryptor.decryptChunk(new Uint8Array(15)), 'bad_chunk');

    decryptor = await createFileDecryptor(keys, header, { fileIndex: 0 });
    await rejectsWith(decryptor.decryptChunk(chunks[1]!), 'tampered_or_wrong_key');
    await rejectsWith(decryptor.decryptChunk(chunks[0]!), 'tampered_or_wrong_key');
    expect(() => decryptor.finish()).toThrow(FileStreamError);
  });

  it('chunks handed in without waiting are still taken in order, and a failure stops the rest', async () => {
    const decryptor = await createFileDecryptor(keys, header, { fileIndex: 0 });
    const parts = await Promise.all(chunks.map((chunk) => decryptor.decryptChunk(chunk)));
    expect(decryptor.finish()).toEqual({ chunks: 4, plainSize: plain.length });
    expect(concatBytes(...parts)).toEqual(plain);

    const damaged = chunks.map((chunk) => chunk.slice());
    damaged[1]![0]! ^= 1;
    const reader = await createFileDecryptor(keys, header, { fileIndex: 0 });
    const results = await Promise.allSettled(damaged.map((chunk) => reader.decryptChunk(chunk)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
  });
});
