/**
 * File encryption over whole byte arrays and a WHATWG decrypting stream (format in file-format.ts and FILES.md).
 * Uploads encrypt part by part in the crypto worker (file-stream.ts); downloads decrypt as the body arrives, in pieces
 * of any size, keeping at most one chunk (plus the 28-byte header) buffered and emitting each record as soon as it
 * is complete, so a `fetch` body of any size goes through in bounded memory:
 *
 *   response.body.pipeThrough(createDecryptStream(keys, { fileIndex: 0 }))    // → the plaintext; errors on damage
 *
 * A decrypting stream errors (with a FileStreamError) on any damage, including truncation, which shows only at the
 * end: treat its output as unverified until the stream has closed without error.
 */
import { concatBytes } from './bytes.js';
import {
  createFileDecryptor,
  createFileEncryptor,
  FILE_HEADER_BYTES,
  FILE_STREAM_VERSION,
  FileStreamError,
  parseFileHeader,
  type FileDecryptor,
  type FileEncryptOptions,
  type FileKeyMaterial,
  type FileStreamOptions,
} from './file-stream.js';

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * Cuts input pieces of any size into records of `size` bytes and hands each full one to `onRecord`: whole records
 * inside a piece go straight through without a copy, the rest is gathered in one buffer of `size` bytes.
 */
class Rechunker {
  private readonly buffer: Bytes;
  filled = 0;

  constructor(
    private readonly size: number,
    private readonly onRecord: (record: Uint8Array) => Promise<void>,
  ) {
    this.buffer = new Uint8Array(size);
  }

  async push(piece: Uint8Array, from = 0): Promise<void> {
    if (!ArrayBuffer.isView(piece)) throw new TypeError('A file stream takes Uint8Array pieces');
    let offset = from;
    while (offset < piece.length) {
      if (this.filled === 0 && piece.length - offset >= this.size) {
        await this.onRecord(piece.subarray(offset, offset + this.size));
        offset += this.size;
        continue;
      }
      const take = Math.min(this.size - this.filled, piece.length - offset);
      this.buffer.set(piece.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.size) {
        // onRecord has finished with the buffer (WebCrypto copied it) before it is filled again.
        await this.onRecord(this.buffer);
        this.filled = 0;
      }
    }
  }

  /** The bytes left over after the last full record. */
  rest(): Bytes {
    return this.buffer.subarray(0, this.filled);
  }
}

/** `header ‖ chunks` in (split anyhow), plaintext out; errors with a FileStreamError on any damage. */
export function createDecryptStream(
  material: FileKeyMaterial,
  options: FileStreamOptions,
): TransformStream<Uint8Array, Bytes> {
  const head = new Uint8Array(FILE_HEADER_BYTES);
  let headFilled = 0;
  let decryptor: FileDecryptor | null = null;
  let records: Rechunker;
  return new TransformStream<Uint8Array, Bytes>({
    async transform(piece, controller) {
      if (!ArrayBuffer.isView(piece)) throw new TypeError('A file stream takes Uint8Array pieces');
      let offset = 0;
      if (!decryptor) {
        offset = Math.min(FILE_HEADER_BYTES - headFilled, piece.length);
        head.set(piece.subarray(0, offset), headFilled);
        headFilled += offset;
        // Say at once that a format is unknown, rather than after reading a whole header of it.
        if (headFilled > 0 && head[0] !== FILE_STREAM_VERSION) parseFileHeader(head);
        if (headFilled < FILE_HEADER_BYTES) return;
        const opened = await createFileDecryptor(material, head, options);
        decryptor = opened;
        records = new Rechunker(opened.recordSize, async (cipher) =>
          controller.enqueue(await opened.decryptChunk(cipher)),
        );
      }
      await records.push(piece, offset);
    },
    async flush(controller) {
      if (!decryptor) {
        if (headFilled === 0) throw new FileStreamError('truncated', 'The file is empty: it has not even a header');
        parseFileHeader(head.subarray(0, headFilled)); // throws: the file ends inside its header
        return;
      }
      // Full records were decrypted as they came; what is left (a tag and up to chunkSize − 1 bytes) is the last
      // chunk. Nothing left means the stream stopped after a full chunk, before its last one: finish() says so.
      if (records.filled > 0) controller.enqueue(await decryptor.decryptChunk(records.rest()));
      decryptor.finish();
    },
  });
}

/** Encrypts a whole file held in memory: header ‖ chunks in one array (for small files, tests and the CLI). */
export async function encryptFileBytes(
  material: FileKeyMaterial,
  plain: Uint8Array,
  options: FileEncryptOptions,
): Promise<Bytes> {
  const encryptor = await createFileEncryptor(material, options);
  const size = encryptor.chunkSize;
  const parts: Uint8Array[] = [encryptor.header];
  for (let offset = 0; ; offset += size) {
    const last = plain.length - offset < size;
    parts.push(await encryptor.encryptChunk(plain.subarray(offset, offset + size), last));
    if (last) break;
  }
  return concatBytes(...parts);
}

/** Decrypts a whole stored file held in memory; throws a FileStreamError on any damage. */
export async function decryptFileBytes(
  material: FileKeyMaterial,
  stream: Uint8Array,
  options: FileStreamOptions,
): Promise<Bytes> {
  const decryptor = await createFileDecryptor(material, stream, options);
  const parts: Uint8Array[] = [];
  for (let offset = FILE_HEADER_BYTES; offset < stream.length; offset += decryptor.recordSize) {
    parts.push(await decryptor.decryptChunk(stream.subarray(offset, offset + decryptor.recordSize)));
  }
  decryptor.finish();
  return concatBytes(...parts);
}
