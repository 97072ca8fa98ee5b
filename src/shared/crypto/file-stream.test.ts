import { describe, expect, it } from 'vitest';
import { concatBytes, fromBase64Url, toBase64Url } from './bytes.js';
import { deriveKeys, generateKey, type SecretKeys } from './envelope.js';
import { openFileMeta, sealFileMeta } from './file-meta.js';
import {
  chunkCount,
  cipherSize,
  createFileEncryptor,
  DEFAULT_CHUNK_SIZE,
  FILE_HEADER_BYTES,
  FILE_TAG_BYTES,
  MAX_CHUNK_SIZE,
  plainSizeOf,
  type FileKeyMaterial,
} from './file-stream.js';
import { decryptFileBytes, encryptFileBytes } from './file-transform.js';
import vectors from './file-vectors.json' with { type: 'json' };
import { readerProofs, sealSecretWithKeys } from './seal.js';
import {
  LIGHT,
  KIB,
  pattern,
  queue,
  encryptChunks,
  decryptChunks,
  decryptStreamed,
  rejectsWith,
  keysFor,
} from './file-stream.test-utils.js';

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
