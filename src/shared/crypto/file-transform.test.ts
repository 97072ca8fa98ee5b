import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { concatBytes } from './bytes.js';
import { deriveKeys, generateKey, type SecretKeys } from './envelope.js';
import { cipherSize, FILE_HEADER_BYTES, FILE_TAG_BYTES, FileStreamError } from './file-stream.js';
import { createDecryptStream, encryptFileBytes } from './file-transform.js';

/** A source that hands `data` over in pieces of the given sizes (the last piece takes the rest). */
function source(data: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
  const pieces: Uint8Array[] = [];
  let offset = 0;
  for (const size of sizes) {
    if (offset >= data.length) break;
    pieces.push(data.slice(offset, offset + size));
    offset += size;
  }
  if (offset < data.length || pieces.length === 0) pieces.push(data.slice(offset));
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value);
  return pieces;
}

const fixedRandom = () => {
  const parts = [new Uint8Array(16).fill(7), new Uint8Array(7).fill(9)];
  return (length: number) => parts.shift()!.slice(0, length);
};

const random = (length: number) => {
  const out = new Uint8Array(length);
  for (let at = 0; at < length; at += 65536) crypto.getRandomValues(out.subarray(at, at + 65536));
  return out;
};

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

describe('stream helpers', () => {
  let keys: SecretKeys;
  beforeAll(async () => {
    keys = await deriveKeys(generateKey());
  });

  it('decrypt what the chunk API encrypted, for any input split, emitting no piece larger than a chunk', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 3000 }),
        fc.integer({ min: 16, max: 300 }),
        fc.array(fc.integer({ min: 0, max: 700 }), { maxLength: 40 }),
        async (plain, chunkSize, splitOut) => {
          const options = { fileIndex: 3, chunkSize };
          const stream = await encryptFileBytes(keys, plain, { ...options, random: fixedRandom() });
          expect(stream.length).toBe(cipherSize(plain.length, chunkSize));

          const plainPieces = await collect(source(stream, splitOut).pipeThrough(createDecryptStream(keys, options)));
          expect(plainPieces.every((piece) => piece.length <= chunkSize)).toBe(true);
          expect(concatBytes(...plainPieces)).toEqual(plain);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('emit each chunk as soon as its record is complete, holding back at most one', async () => {
    const chunkSize = 64;
    const decrypt = createDecryptStream(keys, { fileIndex: 0 });
    const decryptWriter = decrypt.writable.getWriter();
    const decryptReader = decrypt.readable.getReader();
    const stored = await encryptFileBytes(keys, new Uint8Array(200).fill(5), { fileIndex: 0, chunkSize });
    // The header and the first record, a byte at a time and never closed: the first chunk's plaintext comes out.
    const decryptWrites: Promise<void>[] = [];
    for (let i = 0; i < FILE_HEADER_BYTES + chunkSize + FILE_TAG_BYTES; i++) {
      decryptWrites.push(decryptWriter.write(stored.subarray(i, i + 1)));
    }
    expect((await decryptReader.read()).value).toEqual(new Uint8Array(chunkSize).fill(5));
    await Promise.all(decryptWrites);
    await decryptWriter.abort();
  });

  it('carry a real 1 MiB-chunk file through in file.stream()-sized pieces', async () => {
    const plain = random(3 * 1024 * 1024 + 12345);
    const encrypted = await encryptFileBytes(keys, plain, { fileIndex: 1 });
    expect(encrypted.length).toBe(cipherSize(plain.length));
    const back = await collect(
      source(encrypted, [1000, 70000, 2 ** 20 + 3]).pipeThrough(createDecryptStream(keys, { fileIndex: 1 })),
    );
    expect(back.map((piece) => piece.length)).toEqual([2 ** 20, 2 ** 20, 2 ** 20, 12345]);
    expect(same(concatBytes(...back), plain)).toBe(true);
  });

  it('error the readable side with a FileStreamError on damage', async () => {
    const stream = await encryptFileBytes(keys, new Uint8Array(500), { fileIndex: 0, chunkSize: 100 });
    const damaged = stream.slice();
    damaged[300]! ^= 4;
    const error = await collect(source(damaged, [50]).pipeThrough(createDecryptStream(keys, { fileIndex: 0 }))).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FileStreamError);
    expect((error as FileStreamError).reason).toBe('tampered_or_wrong_key');
    await expect(collect(source(stream, []).pipeThrough(createDecryptStream(keys, { fileIndex: -1 })))).rejects.toThrow(
      FileStreamError,
    );
  });
});
