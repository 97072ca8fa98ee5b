import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { concatBytes, fromBase64Url, toBase64Url } from './bytes.js';
import { deriveKeys, generateKey, type KdfParams, type SecretKeys } from './envelope.js';
import { openFileMeta, sealFileMeta } from './file-meta.js';
import {
  chunkCount,
  cipherSize,
  createFileDecryptor,
  createFileEncryptor,
  DEFAULT_CHUNK_SIZE,
  FILE_HEADER_BYTES,
  FILE_TAG_BYTES,
  FileStreamError,
  MAX_CHUNK_SIZE,
  plainSizeOf,
  type FileKeyMaterial,
  type FileStreamErrorReason,
} from './file-stream.js';
import { createDecryptStream, decryptFileBytes, encryptFileBytes } from './file-transform.js';
import vectors from './file-vectors.json' with { type: 'json' };
import { readerProofs, sealSecretWithKeys } from './seal.js';

// Cheap argon2id for password-derived material in property and round-trip runs; the vectors use the real v1 cost.
const LIGHT: KdfParams = { memoryKiB: 64, iterations: 1, parallelism: 1 };
const KIB = 1024;

/** Deterministic test data; byte i of seed s is (i * 31 + s) mod 256. */
const pattern = (length: number, seed = 0) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 255);

/** The injectable random source: hands out the given parts in order. */
const queue = (...parts: Uint8Array[]) => {
  const left = [...parts];
  return (length: number) => {
    const next = left.shift();
    if (!next || next.length !== length) throw new Error('random source out of step');
    return next;
  };
};

/** Encrypts with the chunk API: the header and each chunk apart, so tests can damage them. */
async function encryptChunks(material: FileKeyMaterial, plain: Uint8Array, fileIndex = 0, chunkSize = KIB) {
  const encryptor = await createFileEncryptor(material, { fileIndex, chunkSize });
  const chunks: Uint8Array[] = [];
  for (let offset = 0; ; offset += chunkSize) {
    const last = plain.length - offset < chunkSize;
    chunks.push(await encryptor.encryptChunk(plain.subarray(offset, offset + chunkSize), last));
    if (last) break;
  }
  return { header: encryptor.header, chunks };
}

async function decryptChunks(material: FileKeyMaterial, header: Uint8Array, chunks: Uint8Array[], fileIndex = 0) {
  const decryptor = await createFileDecryptor(material, header, { fileIndex });
  const parts: Uint8Array[] = [];
  for (const chunk of chunks) parts.push(await decryptor.decryptChunk(chunk));
  decryptor.finish();
  return concatBytes(...parts);
}

/** Decrypts through the stream helper too, so every damage test covers both ways of reading. */
async function decryptStreamed(material: FileKeyMaterial, stream: Uint8Array, fileIndex = 0) {
  const out = new Response(
    new Blob([new Uint8Array(stream)]).stream().pipeThrough(createDecryptStream(material, { fileIndex })),
  );
  return new Uint8Array(await out.arrayBuffer());
}

const rejectsWith = async (promise: Promise<unknown>, reason: FileStreamErrorReason) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileStreamError);
  expect((error as FileStreamError).reason).toBe(reason);
  return error as FileStreamError;
};

const keyCache = new Map<string, Promise<SecretKeys>>();
const keysFor = (key: string, password: string | null) => {
  const id = `${key}|${password}`;
  if (!keyCache.has(id)) keyCache.set(id, deriveKeys(key, password));
  return keyCache.get(id)!;
};

describe('file format v1 test vectors', () => {
  it.each(vectors.streams)('reproduces "$note"', async (vector) => {
    const keys = await keysFor(vector.key, vector.password);
    const options = { fileIndex: vector.fileIndex, chunkSize: vector.chunkSize };
    const random = queue(fromBase64Url(vector.salt), fromBase64Url(vector.noncePrefix));
    const stream = await encryptFileBytes(keys, fromBase64Url(vector.plaintext), { ...options, random });
    expect(toBase64Url(stream)).toBe(vector.stream);
    expect(stream.length).toBe(cipherSize(fromBase64Url(vector.plaintext).length, vector.chunkSize));
    expect(toBase64Url(await decryptFileBytes(keys, fromBase64Url(vector.stream), options))).toBe(vector.plaintext);
  });

  it('reproduces the 1 MiB-chunk vector and reads it back through the stream helper', async () => {
    const vector = vectors.large;
    const keys = await keysFor(vector.key, vector.password);
    const plain = Uint8Array.from({ length: vector.plaintextLength }, (_, i) => i % 251);
    const random = queue(fromBase64Url(vector.salt), fromBase64Url(vector.noncePrefix));
    const stream = await encryptFileBytes(keys, plain, {
      fileIndex: vector.fileIndex,
      chunkSize: vector.chunkSize,
      random,
    });
    expect(stream.length).toBe(vector.streamLength);
    expect(toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', stream)))).toBe(vector.streamSha256);
    // Compared by hand: a deep equality over millions of elements takes seconds.
    const back = await decryptStreamed(keys, stream, vector.fileIndex);
    expect(back.length === plain.length && back.every((byte, i) => byte === plain[i])).toBe(true);
  });

  it.each(vectors.metas)('reproduces the details of file $fileIndex', async (vector) => {
    const keys = await keysFor(vector.key, vector.password);
    expect(await sealFileMeta(keys, vector.fileIndex, vector.meta, fromBase64Url(vector.iv))).toBe(vector.envelope);
    expect(await openFileMeta(keys, vector.fileIndex, vector.envelope)).toEqual(vector.meta);
  });
});

describe('round trips', () => {
  const sizes = [0, 1, KIB - 1, KIB, KIB + 1, 3.5 * KIB];
  const materials: [string, () => Promise<SecretKeys>][] = [
    ['the key alone', () => deriveKeys(generateKey())],
    ['key and password', () => deriveKeys(generateKey(), 'correct horse', LIGHT)],
  ];

  describe.each(materials)('with %s', (_, makeKeys) => {
    it.each(sizes)('%i bytes, 1 KiB chunks: chunk API, whole-file helpers and streams agree', async (size) => {
      const keys = await makeKeys();
      const plain = pattern(size, size);
      const { header, chunks } = await encryptChunks(keys, plain);
      expect(header.length).toBe(FILE_HEADER_BYTES);
      expect(chunks.length).toBe(chunkCount(size, KIB));
      expect(chunks.slice(0, -1).every((chunk) => chunk.length === KIB + FILE_TAG_BYTES)).toBe(true);
      expect(chunks.at(-1)!.length).toBe((size % KIB) + FILE_TAG_BYTES);
      const stream = concatBytes(header, ...chunks);
      expect(stream.length).toBe(cipherSize(size, KIB));
      expect(plainSizeOf(stream.length, KIB)).toBe(size);
      expect(await decryptChunks(keys, header, chunks)).toEqual(plain);
      expect(await decryptFileBytes(keys, stream, { fileIndex: 0 })).toEqual(plain);
      expect(await decryptStreamed(keys, stream)).toEqual(plain);
      const again = await encryptFileBytes(keys, plain, { fileIndex: 0, chunkSize: KIB });
      expect(again.length).toBe(stream.length);
      expect(await decryptFileBytes(keys, again, { fileIndex: 0 })).toEqual(plain);
    });
  });

  it('a creator (sealSecretWithKeys) and a reader (readerProofs) share the file key material', async () => {
    const { key, keys } = await sealSecretWithKeys({ text: 'see attachment', password: 'pw' }, LIGHT);
    const plain = pattern(5000);
    const stream = await encryptFileBytes(keys, plain, { fileIndex: 2, chunkSize: KIB });
    const reader = await readerProofs(key, 'pw', LIGHT);
    expect(await decryptFileBytes(reader.keys, stream, { fileIndex: 2 })).toEqual(plain);
    const noPassword = await readerProofs(key, null, LIGHT);
    await rejectsWith(decryptFileBytes(noPassword.keys, stream, { fileIndex: 2 }), 'tampered_or_wrong_key');
  });

  it('never reuses a key or nonce: the same file encrypts differently each time', async () => {
    const keys = await deriveKeys(generateKey());
    const a = await encryptFileBytes(keys, pattern(100), { fileIndex: 0, chunkSize: 64 });
    const b = await encryptFileBytes(keys, pattern(100), { fileIndex: 0, chunkSize: 64 });
    expect(toBase64Url(a.subarray(FILE_HEADER_BYTES))).not.toBe(toBase64Url(b.subarray(FILE_HEADER_BYTES)));
  });
});

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

describe('encryptor rules', () => {
  it('enforces chunk sizes, the file index, and nothing after the last chunk', async () => {
    const keys = await deriveKeys(generateKey());
    const encryptor = await createFileEncryptor(keys, { fileIndex: 0, chunkSize: 64 });
    await rejectsWith(encryptor.encryptChunk(new Uint8Array(63), false), 'misuse');
    await rejectsWith(encryptor.encryptChunk(new Uint8Array(65), false), 'misuse');
    await rejectsWith(encryptor.encryptChunk(new Uint8Array(64), true), 'misuse');
    await encryptor.encryptChunk(new Uint8Array(64), false);
    await encryptor.encryptChunk(new Uint8Array(0), true);
    expect(encryptor.ended).toBe(true);
    expect(encryptor.chunks).toBe(2);
    const after = await rejectsWith(encryptor.encryptChunk(new Uint8Array(0), true), 'misuse');
    expect(after.message).toMatch(/Nothing may follow the last chunk/);
    await rejectsWith(createFileEncryptor(keys, { fileIndex: 0, chunkSize: 8 }), 'misuse');
    await rejectsWith(createFileEncryptor(keys, { fileIndex: 0, chunkSize: MAX_CHUNK_SIZE + 1 }), 'misuse');
    await rejectsWith(createFileEncryptor(keys, { fileIndex: -1 }), 'misuse');
    await expect(createFileEncryptor({} as FileKeyMaterial, { fileIndex: 0 })).rejects.toThrow(/deriveKeys/);
  });

  it('uses 1 MiB chunks unless told otherwise', async () => {
    const encryptor = await createFileEncryptor(await deriveKeys(generateKey()), { fileIndex: 0 });
    expect(encryptor.chunkSize).toBe(DEFAULT_CHUNK_SIZE);
    expect(new DataView(encryptor.header.buffer).getUint32(1)).toBe(1024 * 1024);
  });
});
