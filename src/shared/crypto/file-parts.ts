import { toBase64Url } from './bytes.js';
import {
  chunkCount,
  cipherSize,
  createFileEncryptor,
  FILE_HEADER_BYTES,
  FILE_TAG_BYTES,
  parseFileHeader,
  type FileEncryptor,
  type FileKeyMaterial,
} from './file-stream.js';

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * Cuts the encrypted stream of one file (header ‖ chunk_0 ‖ … , FILES.md) into upload parts of `partSize` bytes.
 * Parts and chunks do not line up, so a part is assembled from the chunks it overlaps, each read from the file as a
 * 1 MiB slice and encrypted when needed: memory holds one part, one chunk and nothing else, whatever the file's
 * size. Any part can be asked for in any order (a resumed upload skips those the server holds); chunks come from a
 * saved header, so a part made twice is the same bytes twice, provided the file has not changed.
 */
export class FilePartEncoder {
  readonly size: number;
  private readonly chunkSize: number;
  private readonly recordSize: number;
  private readonly lastChunk: number;
  private encryptor: FileEncryptor | null = null;
  private cached: { index: number; bytes: Bytes } | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly material: FileKeyMaterial,
    private readonly fileIndex: number,
    private readonly file: Blob,
    private readonly header: Bytes,
  ) {
    this.chunkSize = parseFileHeader(header).chunkSize;
    this.recordSize = this.chunkSize + FILE_TAG_BYTES;
    this.lastChunk = chunkCount(file.size, this.chunkSize) - 1;
    this.size = cipherSize(file.size, this.chunkSize);
  }

  /** Bytes [index·partSize, (index+1)·partSize) of the stream; calls are taken one at a time, in call order. */
  part(index: number, partSize: number): Promise<Bytes> {
    const run = this.queue.then(() => this.assemble(index, partSize));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async assemble(index: number, partSize: number): Promise<Bytes> {
    const start = index * partSize;
    const end = Math.min(this.size, start + partSize);
    if (!Number.isSafeInteger(start) || index < 0 || start >= end) {
      throw new RangeError(`The file has no part ${index} of ${partSize} bytes`);
    }
    const out = new Uint8Array(end - start);
    if (start < FILE_HEADER_BYTES) out.set(this.header.subarray(start, Math.min(end, FILE_HEADER_BYTES)));
    const bodyStart = Math.max(start, FILE_HEADER_BYTES);
    if (end <= bodyStart) return out;
    const first = Math.floor((bodyStart - FILE_HEADER_BYTES) / this.recordSize);
    const last = Math.floor((end - 1 - FILE_HEADER_BYTES) / this.recordSize);
    for (let chunk = first; chunk <= last; chunk++) {
      const bytes = await this.chunk(chunk);
      const at = FILE_HEADER_BYTES + chunk * this.recordSize;
      const from = Math.max(start, at);
      const to = Math.min(end, at + bytes.length);
      out.set(bytes.subarray(from - at, to - at), from - start);
    }
    return out;
  }

  /** Chunk `index`, encrypted; the last one is kept, since the next part usually begins inside it. */
  private async chunk(index: number): Promise<Bytes> {
    if (this.cached?.index === index) return this.cached.bytes;
    if (this.encryptor?.chunks !== index) {
      this.encryptor = await createFileEncryptor(this.material, {
        fileIndex: this.fileIndex,
        header: this.header,
        firstChunk: index,
      });
    }
    const offset = index * this.chunkSize;
    const plain = new Uint8Array(await this.file.slice(offset, offset + this.chunkSize).arrayBuffer());
    const bytes = await this.encryptor.encryptChunk(plain, index === this.lastChunk);
    this.cached = { index, bytes };
    return bytes;
  }
}

/** A short fingerprint of a part (SHA-256, 128 bits): a part sent again after a reload must match its first send. */
export async function partDigest(bytes: Bytes): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return toBase64Url(hash.subarray(0, 16));
}
