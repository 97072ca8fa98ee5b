import type { Readable } from 'node:stream';
import { firstFew, IncompleteUpload, InvalidBlobRequest, RangeNotSatisfiable } from './errors.js';

/**
 * Where the ciphertext of file attachments lives. The server never sees plaintext, and never holds a whole file in
 * memory: bodies stream in and out.
 *
 * Life of a blob (one per file id):
 *
 * 1. **Uploading.** `putPart(id, n, body, size)` stores part `n` (1-based; about 1 MiB each). Parts may arrive in any
 *    order, and sending part `n` again replaces it (a retried or resumed chunk): a part is stored whole or not at
 *    all, and a failed put leaves the previous copy of that part, if any, in place. `parts(id)` tells which parts
 *    are stored, so an interrupted upload can resume with the missing ones.
 * 2. **Complete.** `complete(id, partCount)` checks that exactly parts 1..partCount are stored (else
 *    {@link IncompleteUpload}, and nothing changes) and fixes the blob as their concatenation in order. From then on
 *    `get` serves it and `putPart` refuses ({@link UploadAlreadyComplete}). Completing again resolves (a retried
 *    request). Before completion `get` and `stat` answer as if the blob did not exist ({@link BlobNotFound}, null).
 * 3. **Deleted.** `delete(id)` removes every byte stored for the id, parts and completed blob, in any state; deleting
 *    an unknown id resolves. Deletion is real: files are unlinked, objects deleted.
 *
 * Ids are chosen by the server: 1 to 128 characters of [A-Za-z0-9_-] (anything else is refused, so an id cannot
 * escape the storage folder or prefix). Within one process, puts of one id run side by side while `complete` and
 * `delete` of that id wait for them and exclude each other. Across processes (several instances on one bucket) the
 * caller must keep a deleted or completed id from receiving parts (the files table does); a second `delete` removes
 * anything a racing put left behind.
 */
export interface BlobStorage {
  /** Stores part `partNumber` of `fileId` from `body`, which must be exactly `size` bytes ({@link PartSizeMismatch}). */
  putPart(fileId: string, partNumber: number, body: Readable, size: number): Promise<void>;
  /** The parts stored so far for an upload in progress, in order (empty when none, or when complete). */
  parts(fileId: string): Promise<PartInfo[]>;
  /** Fixes the blob as parts 1..partCount in order; see the life cycle above. */
  complete(fileId: string, partCount: number): Promise<void>;
  /** Size of the completed blob, or null when there is none (unknown, not completed, deleted). */
  stat(fileId: string): Promise<BlobStat | null>;
  /**
   * Streams the completed blob, or the inclusive byte range of it. Rejects with {@link BlobNotFound} before
   * completion and {@link RangeNotSatisfiable} for a range outside it; a failure later on errors the stream.
   */
  get(fileId: string, range?: ByteRange): Promise<Readable>;
  /** Removes everything stored for the id. Idempotent. */
  delete(fileId: string): Promise<void>;
  /** `delete` for many ids (the purge job), batched where the store allows. */
  deleteMany(fileIds: readonly string[]): Promise<void>;
  /**
   * Readiness: resolves when the store can be written, else rejects with {@link StorageUnavailable}, or with
   * {@link StorageFull} when it works but has no room left.
   */
  check(): Promise<void>;
  /** Releases connections. */
  close(): Promise<void>;
}

export interface PartInfo {
  partNumber: number;
  size: number;
}

export interface BlobStat {
  size: number;
}

/** Inclusive byte offsets, as in an HTTP Range header; `end` defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** Highest part number: 100,000 parts of 1 MiB is about 100 GiB. */
export const MAX_PART_NUMBER = 100_000;

const FILE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function assertFileId(fileId: string): void {
  if (typeof fileId !== 'string' || !FILE_ID.test(fileId)) {
    throw new InvalidBlobRequest('file id must be 1 to 128 characters of A-Z, a-z, 0-9, _ and -');
  }
}

export function assertPartNumber(partNumber: number): void {
  if (!Number.isSafeInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw new InvalidBlobRequest(`part number must be a whole number from 1 to ${MAX_PART_NUMBER}`);
  }
}

export function assertPartCount(partCount: number): void {
  if (!Number.isSafeInteger(partCount) || partCount < 1 || partCount > MAX_PART_NUMBER) {
    throw new InvalidBlobRequest(`part count must be a whole number from 1 to ${MAX_PART_NUMBER}`);
  }
}

export function assertSize(size: number): void {
  if (!Number.isSafeInteger(size) || size < 0) throw new InvalidBlobRequest('size must be a whole number ≥ 0');
}

/** Throws {@link IncompleteUpload} unless `stored` holds exactly the part numbers 1..partCount. */
export function assertAllParts(fileId: string, partCount: number, stored: Iterable<number>): void {
  const have = new Set(stored);
  const missing: number[] = [];
  for (let n = 1; n <= partCount && missing.length < 100; n += 1) if (!have.has(n)) missing.push(n);
  const unexpected = [...have].filter((n) => n > partCount).sort((a, b) => a - b);
  if (missing.length > 0 || unexpected.length > 0) {
    throw new IncompleteUpload(fileId, partCount, missing, firstFew(unexpected));
  }
}

/** The inclusive [start, end] a range asks of a blob of `size` bytes; throws when it lies outside. */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 };
  const end = range.end ?? size - 1;
  const valid = Number.isSafeInteger(range.start) && Number.isSafeInteger(end) && range.start >= 0;
  if (!valid || range.start > end || end >= size) throw new RangeNotSatisfiable(size);
  return { start: range.start, end };
}
