import { expect } from 'vitest';
import { concatBytes } from './bytes.js';
import { deriveKeys, type KdfParams, type SecretKeys } from './envelope.js';
import {
  createFileDecryptor,
  createFileEncryptor,
  FileStreamError,
  type FileKeyMaterial,
  type FileStreamErrorReason,
} from './file-stream.js';
import { createDecryptStream } from './file-transform.js';

/** What the file stream tests share: light key derivation, patterns and chunk-by-chunk helpers. */
// Cheap argon2id for password-derived material in property and round-trip runs; the vectors use the real v1 cost.
export const LIGHT: KdfParams = { memoryKiB: 64, iterations: 1, parallelism: 1 };
export const KIB = 1024;

/** Deterministic test data; byte i of seed s is (i * 31 + s) mod 256. */
export const pattern = (length: number, seed = 0) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 255);

/** The injectable random source: hands out the given parts in order. */
export const queue = (...parts: Uint8Array[]) => {
  const left = [...parts];
  return (length: number) => {
    const next = left.shift();
    if (!next || next.length !== length) throw new Error('random source out of step');
    return next;
  };
};

/** Encrypts with the chunk API: the header and each chunk apart, so tests can damage them. */
export async function encryptChunks(material: FileKeyMaterial, plain: Uint8Array, fileIndex = 0, chunkSize = KIB) {
  const encryptor = await createFileEncryptor(material, { fileIndex, chunkSize });
  const chunks: Uint8Array[] = [];
  for (let offset = 0; ; offset += chunkSize) {
    const last = plain.length - offset < chunkSize;
    chunks.push(await encryptor.encryptChunk(plain.subarray(offset, offset + chunkSize), last));
    if (last) break;
  }
  return { header: encryptor.header, chunks };
}

export async function decryptChunks(
  material: FileKeyMaterial,
  header: Uint8Array,
  chunks: Uint8Array[],
  fileIndex = 0,
) {
  const decryptor = await createFileDecryptor(material, header, { fileIndex });
  const parts: Uint8Array[] = [];
  for (const chunk of chunks) parts.push(await decryptor.decryptChunk(chunk));
  decryptor.finish();
  return concatBytes(...parts);
}

/** Decrypts through the stream helper too, so every damage test covers both ways of reading. */
export async function decryptStreamed(material: FileKeyMaterial, stream: Uint8Array, fileIndex = 0) {
  const out = new Response(
    new Blob([new Uint8Array(stream)]).stream().pipeThrough(createDecryptStream(material, { fileIndex })),
  );
  return new Uint8Array(await out.arrayBuffer());
}

export const rejectsWith = async (promise: Promise<unknown>, reason: FileStreamErrorReason) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileStreamError);
  expect((error as FileStreamError).reason).toBe(reason);
  return error as FileStreamError;
};

export const keyCache = new Map<string, Promise<SecretKeys>>();
export const keysFor = (key: string, password: string | null) => {
  const id = `${key}|${password}`;
  if (!keyCache.has(id)) keyCache.set(id, deriveKeys(key, password));
  return keyCache.get(id)!;
};
