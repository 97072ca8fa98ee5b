/**
 * Chunked encryption of attached files (STREAM construction; format in file-format.ts and FILES.md).
 *
 *   const enc = await createFileEncryptor(keys, { fileIndex: 0 });
 *   store(enc.header); for each 1 MiB piece: store(await enc.encryptChunk(piece, isLast));
 *
 *   // after a reload: the same chunks again, byte for byte, from chunk 7 (the plaintext must be unchanged)
 *   const again = await createFileEncryptor(keys, { fileIndex: 0, header: enc.header, firstChunk: 7 });
 *
 *   const dec = await createFileDecryptor(keys, header, { fileIndex: 0 });
 *   for each stored chunk: use(await dec.decryptChunk(chunk)); dec.finish();  // finish throws if truncated
 *
 * `keys` is what deriveKeys returns (only its fileKeyMaterial is used). Output of decryptChunk is authentic chunk
 * by chunk, but the file is only known to be whole once finish() returns: do not hand a file to the user before.
 */
import { concatBytes, randomBytes, utf8 } from './bytes.js';
import type { SecretKeys } from './envelope.js';
import {
  chunkNonce,
  checkChunkSize,
  DEFAULT_CHUNK_SIZE,
  encodeFileHeader,
  FILE_NONCE_PREFIX_BYTES,
  FILE_SALT_BYTES,
  FILE_TAG_BYTES,
  FileStreamError,
  MAX_CHUNKS,
  parseFileHeader,
  type FileHeader,
} from './file-format.js';

export * from './file-format.js';

/** What file encryption needs of a secret's keys: pass the object deriveKeys returned. */
export type FileKeyMaterial = Pick<SecretKeys, 'fileKeyMaterial'>;

export interface FileStreamOptions {
  /** The file's position among the secret's files, 0-based; bound into the key. */
  fileIndex: number;
}

export interface FileEncryptOptions extends FileStreamOptions {
  /** Plaintext bytes per chunk, DEFAULT_CHUNK_SIZE (1 MiB) unless set. */
  chunkSize?: number;
  /** Tests only (deterministic vectors): the source of the salt and the nonce prefix. */
  random?: (length: number) => Uint8Array;
  /**
   * Resuming an interrupted upload: the header of the stream being continued (its chunk size wins over
   * `chunkSize`), so the key and every nonce are those of the first run and re-encrypted chunks are byte for byte
   * the same. Only ever encrypt the same plaintext again under a saved header: other bytes under the same nonce would
   * give away both plaintexts (AES-GCM nonce reuse). The caller checks that the file is unchanged.
   */
  header?: Uint8Array;
  /** With `header`: the index of the first chunk to encrypt (0 unless set), to skip chunks already uploaded. */
  firstChunk?: number;
}

export interface FileEncryptor {
  /** Store or send this first. */
  readonly header: Uint8Array<ArrayBuffer>;
  readonly chunkSize: number;
  /** Chunks encrypted so far. */
  readonly chunks: number;
  /** True once the last chunk has been encrypted: nothing may follow. */
  readonly ended: boolean;
  /**
   * Encrypts the next chunk: exactly chunkSize bytes, or, for the last one, 0 to chunkSize − 1 bytes (a file whose
   * size is a multiple of chunkSize ends with an empty last chunk). Returns plaintext length + 16 bytes.
   */
  encryptChunk(plain: Uint8Array, last: boolean): Promise<Uint8Array<ArrayBuffer>>;
}

export interface FileDecryptor {
  readonly header: FileHeader;
  readonly chunkSize: number;
  /** Bytes of a full ciphertext chunk: chunkSize + 16. Any shorter chunk is the last one. */
  readonly recordSize: number;
  /** Chunks decrypted and verified so far, and their plaintext bytes. */
  readonly chunks: number;
  readonly plainSize: number;
  /** True once the last chunk has been verified. */
  readonly complete: boolean;
  /**
   * Decrypts the next chunk (chunks are taken in order, one at a time; `index`, when given, must be the next one).
   * A chunk shorter than recordSize is the last one; anything after it is refused. Calls may overlap (they are
   * queued), but `cipher` must stay unchanged until its promise settles.
   */
  decryptChunk(cipher: Uint8Array, index?: number): Promise<Uint8Array<ArrayBuffer>>;
  /** Throws unless the last chunk was seen and every chunk verified; returns the totals. */
  finish(): { chunks: number; plainSize: number };
}

const subtle = () => {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('WebCrypto is unavailable: open Hush over HTTPS (or localhost)');
  return api;
};

/** WebCrypto takes only ArrayBuffer-backed views; copy the rare SharedArrayBuffer-backed one. */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> =>
  typeof SharedArrayBuffer !== 'undefined' && bytes.buffer instanceof SharedArrayBuffer
    ? new Uint8Array(bytes)
    : (bytes as Uint8Array<ArrayBuffer>);

function checkFileIndex(fileIndex: number) {
  if (!Number.isSafeInteger(fileIndex) || fileIndex < 0) {
    throw new FileStreamError('misuse', `A file index must be a whole number from 0, not ${fileIndex}`);
  }
}

/** fileKey = HKDF-SHA256(K_url ‖ K_pw, salt, "hush/v1/file:{i}|" ‖ header): one key per file, bound to its header. */
function deriveFileKey(material: FileKeyMaterial, fileIndex: number, header: FileHeader, usage: 'encrypt' | 'decrypt') {
  if (!material?.fileKeyMaterial) throw new TypeError('File encryption needs the keys that deriveKeys returns');
  return subtle().deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: header.salt,
      info: concatBytes(utf8(`hush/v1/file:${fileIndex}|`), header.bytes),
    },
    material.fileKeyMaterial,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

function newHeader(options: FileEncryptOptions): FileHeader {
  const chunkSize = checkChunkSize(options.chunkSize ?? DEFAULT_CHUNK_SIZE);
  const random = options.random ?? randomBytes;
  return parseFileHeader(encodeFileHeader(chunkSize, random(FILE_SALT_BYTES), random(FILE_NONCE_PREFIX_BYTES)));
}

function savedHeader(bytes: Uint8Array, chunkSize: number | undefined): FileHeader {
  const header = parseFileHeader(bytes);
  if (bytes.length !== header.bytes.length || (chunkSize !== undefined && chunkSize !== header.chunkSize)) {
    throw new FileStreamError('misuse', 'A saved header is passed alone, and names its own chunk size');
  }
  return header;
}

function firstChunk({ firstChunk = 0, header }: FileEncryptOptions): number {
  if (!Number.isSafeInteger(firstChunk) || firstChunk < 0 || firstChunk >= MAX_CHUNKS) {
    throw new FileStreamError('misuse', `The first chunk must be a chunk index, not ${firstChunk}`);
  }
  // A fresh header starts a new stream: skipping chunks of it would only produce a stream nobody can read.
  if (firstChunk > 0 && !header) throw new FileStreamError('misuse', 'Only a resumed stream (header) can skip chunks');
  return firstChunk;
}

export async function createFileEncryptor(
  material: FileKeyMaterial,
  options: FileEncryptOptions,
): Promise<FileEncryptor> {
  checkFileIndex(options.fileIndex);
  const header = options.header ? savedHeader(options.header, options.chunkSize) : newHeader(options);
  const chunkSize = header.chunkSize;
  const key = await deriveFileKey(material, options.fileIndex, header, 'encrypt');
  let next = firstChunk(options);
  let ended = false;
  return {
    header: header.bytes,
    chunkSize,
    get chunks() {
      return next;
    },
    get ended() {
      return ended;
    },
    async encryptChunk(plain, last) {
      if (ended) throw new FileStreamError('misuse', 'Nothing may follow the last chunk of a file');
      if (last ? plain.length >= chunkSize : plain.length !== chunkSize) {
        throw new FileStreamError(
          'misuse',
          last
            ? `The last chunk must be shorter than ${chunkSize} bytes (end with an empty chunk if the size is a multiple)`
            : `Every chunk but the last must hold exactly ${chunkSize} bytes, not ${plain.length}`,
        );
      }
      const iv = chunkNonce(header.noncePrefix, next, last);
      next++;
      ended = last;
      return new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, own(plain)));
    },
  };
}

/** `headerBytes` may be the start of the stream: its first FILE_HEADER_BYTES bytes are read. */
export async function createFileDecryptor(
  material: FileKeyMaterial,
  headerBytes: Uint8Array,
  options: FileStreamOptions,
): Promise<FileDecryptor> {
  checkFileIndex(options.fileIndex);
  const header = parseFileHeader(headerBytes);
  const key = await deriveFileKey(material, options.fileIndex, header, 'decrypt');
  const recordSize = header.chunkSize + FILE_TAG_BYTES;
  let next = 0; // index of the next chunk handed in
  let ended = false; // the last chunk has been handed in
  let verified = 0;
  let plainSize = 0;
  let complete = false;
  let failure: FileStreamError | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const fail = (error: FileStreamError): never => {
    failure ??= error;
    throw failure;
  };

  async function open(cipher: Uint8Array<ArrayBuffer>, index: number, last: boolean) {
    if (failure) throw failure;
    const iv = chunkNonce(header.noncePrefix, index, last);
    try {
      const plain = new Uint8Array(await subtle().decrypt({ name: 'AES-GCM', iv }, key, cipher));
      verified++;
      plainSize += plain.length;
      complete = last;
      return plain;
    } catch {
      return fail(
        new FileStreamError(
          'tampered_or_wrong_key',
          index === 0
            ? 'The file could not be decrypted: wrong key or password, or the file was changed'
            : `Chunk ${index} of the file failed authentication: it was changed, moved, repeated or cut, ` +
                'or it belongs to another file',
        ),
      );
    }
  }

  return {
    header,
    chunkSize: header.chunkSize,
    recordSize,
    get chunks() {
      return verified;
    },
    get plainSize() {
      return plainSize;
    },
    get complete() {
      return complete;
    },
    decryptChunk(cipher, index) {
      try {
        if (failure) throw failure;
        if (ended) fail(new FileStreamError('trailing_data', 'Data follows the last chunk of the file'));
        if (index !== undefined && index !== next) {
          fail(new FileStreamError('out_of_order', `Chunk ${index} was given where chunk ${next} was expected`));
        }
        if (cipher.length < FILE_TAG_BYTES || cipher.length > recordSize) {
          fail(
            new FileStreamError(
              'bad_chunk',
              `Chunk ${next} has ${cipher.length} bytes; a chunk has ${FILE_TAG_BYTES} to ${recordSize}`,
            ),
          );
        }
      } catch (error) {
        return Promise.reject(error as Error);
      }
      const at = next++;
      const last = cipher.length < recordSize;
      ended = last;
      const run = queue.then(() => open(own(cipher), at, last));
      queue = run.catch(() => undefined);
      return run;
    },
    finish() {
      if (failure) throw failure;
      if (ended && !complete) throw new FileStreamError('misuse', 'finish() came before the last chunk was decrypted');
      if (!complete) fail(new FileStreamError('truncated', 'The file ends before its last chunk: it was cut short'));
      return { chunks: verified, plainSize };
    },
  };
}
