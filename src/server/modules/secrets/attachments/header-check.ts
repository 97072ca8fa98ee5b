import { Transform, type TransformCallback } from 'node:stream';
import {
  DEFAULT_CHUNK_SIZE,
  FILE_HEADER_BYTES,
  FileStreamError,
  parseFileHeader,
} from '../../../../shared/crypto/file-format.js';

/** The first bytes of a file are not a v1 header with the chunk size Hush uses. */
export class FileHeaderError extends Error {
  override name = 'FileHeaderError';
}

/**
 * Why `bytes` (the start of an encrypted stream) is not a header this server stores, or null when it is. The server
 * holds no key, but it can insist on the format's version and on 1 MiB chunks (FILES.md, "For the server"), the
 * size every size check assumes.
 */
export function headerProblem(bytes: Uint8Array): string | null {
  try {
    const header = parseFileHeader(bytes);
    if (header.chunkSize !== DEFAULT_CHUNK_SIZE) {
      return `chunks of ${header.chunkSize} bytes; this server takes ${DEFAULT_CHUNK_SIZE}`;
    }
    return null;
  } catch (error) {
    if (error instanceof FileStreamError) return error.message;
    throw error;
  }
}

/** Passes a file's first part through, failing with {@link FileHeaderError} unless it starts with a valid header. */
export class HeaderCheck extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private checked = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.checked) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < FILE_HEADER_BYTES) return callback();
    const buffered = Buffer.concat(this.head);
    this.head = [];
    const problem = headerProblem(buffered);
    if (problem) return callback(new FileHeaderError(problem));
    this.checked = true;
    callback(null, buffered);
  }

  override _flush(callback: TransformCallback): void {
    if (this.checked) return callback();
    callback(new FileHeaderError(headerProblem(Buffer.concat(this.head)) ?? 'the file ends inside its header'));
  }
}
