import { describe, expect, it } from 'vitest';
import { concatBytes } from './bytes.js';
import { deriveKeys, generateKey } from './envelope.js';
import {
  createFileEncryptor,
  FILE_HEADER_BYTES,
  FileStreamError,
  type FileEncryptOptions,
  type FileKeyMaterial,
} from './file-stream.js';
import { decryptFileBytes } from './file-transform.js';

const CHUNK = 64;
const plain = Uint8Array.from({ length: 5 * CHUNK + 9 }, (_, i) => (i * 7 + 3) & 255);
const piece = (index: number) => plain.subarray(index * CHUNK, (index + 1) * CHUNK);
const lastIndex = Math.floor(plain.length / CHUNK);

/** Encrypts chunks `from` to the end with an encryptor made from `options`. */
async function encryptFrom(keys: FileKeyMaterial, options: FileEncryptOptions, from = 0) {
  const encryptor = await createFileEncryptor(keys, options);
  const chunks: Uint8Array[] = [];
  for (let index = from; index <= lastIndex; index++) {
    chunks.push(await encryptor.encryptChunk(piece(index), index === lastIndex));
  }
  return { header: encryptor.header, chunks };
}

const misuse = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileStreamError);
  expect((error as FileStreamError).reason).toBe('misuse');
};

describe('resuming a stream from its saved header', () => {
  it('re-encrypts every chunk byte for byte, from the start or from any chunk', async () => {
    const keys = await deriveKeys(generateKey());
    const first = await encryptFrom(keys, { fileIndex: 2, chunkSize: CHUNK });
    const again = await encryptFrom(keys, { fileIndex: 2, header: first.header });
    expect(again.header).toEqual(first.header);
    expect(again.chunks).toEqual(first.chunks);
    for (const from of [1, 3, lastIndex]) {
      const resumed = await encryptFrom(keys, { fileIndex: 2, header: first.header, firstChunk: from }, from);
      expect(resumed.chunks).toEqual(first.chunks.slice(from));
    }
    // The first run's head and the resumed tail make one readable stream.
    const tail = await encryptFrom(keys, { fileIndex: 2, header: first.header, firstChunk: 3 }, 3);
    const stream = concatBytes(first.header, ...first.chunks.slice(0, 3), ...tail.chunks);
    expect(await decryptFileBytes(keys, stream, { fileIndex: 2 })).toEqual(plain);
  });

  it('takes the chunk size from the header, and counts from the first chunk', async () => {
    const keys = await deriveKeys(generateKey());
    const { header } = await encryptFrom(keys, { fileIndex: 0, chunkSize: CHUNK });
    const resumed = await createFileEncryptor(keys, { fileIndex: 0, header, firstChunk: 2 });
    expect(resumed.chunkSize).toBe(CHUNK);
    expect(resumed.chunks).toBe(2);
    await resumed.encryptChunk(piece(2), false);
    expect(resumed.chunks).toBe(3);
  });

  it('a saved header under another key or file index gives chunks nobody can read', async () => {
    const keys = await deriveKeys(generateKey());
    const first = await encryptFrom(keys, { fileIndex: 0, chunkSize: CHUNK });
    const otherIndex = await encryptFrom(keys, { fileIndex: 1, header: first.header });
    const otherKey = await encryptFrom(await deriveKeys(generateKey()), { fileIndex: 0, header: first.header });
    expect(otherIndex.chunks[0]).not.toEqual(first.chunks[0]);
    expect(otherKey.chunks[0]).not.toEqual(first.chunks[0]);
    await expect(
      decryptFileBytes(keys, concatBytes(first.header, ...otherIndex.chunks), { fileIndex: 0 }),
    ).rejects.toThrow(FileStreamError);
  });

  it('refuses to skip chunks of a fresh stream, a damaged header, a clashing chunk size, or a bad index', async () => {
    const keys = await deriveKeys(generateKey());
    const { header } = await encryptFrom(keys, { fileIndex: 0, chunkSize: CHUNK });
    await misuse(createFileEncryptor(keys, { fileIndex: 0, firstChunk: 1 }));
    await misuse(createFileEncryptor(keys, { fileIndex: 0, header, chunkSize: CHUNK * 2 }));
    await misuse(createFileEncryptor(keys, { fileIndex: 0, header: concatBytes(header, new Uint8Array(1)) }));
    await misuse(createFileEncryptor(keys, { fileIndex: 0, header, firstChunk: -1 }));
    await misuse(createFileEncryptor(keys, { fileIndex: 0, header, firstChunk: 0.5 }));
    const short = header.subarray(0, FILE_HEADER_BYTES - 1);
    await expect(createFileEncryptor(keys, { fileIndex: 0, header: short })).rejects.toMatchObject({
      reason: 'malformed_header',
    });
  });
});
