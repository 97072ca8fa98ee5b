/**
 * Errors of the blob storage layer. They know nothing about HTTP: the files module maps them, as the comment on
 * each says. Anything else a storage rejects with (a disk or network failure) is an internal error.
 */
export abstract class BlobStorageError extends Error {
  abstract readonly kind: string;
}

/** The file id, part number, size or byte range is not acceptable. Maps to 400 (a bug if the id is ours). */
export class InvalidBlobRequest extends BlobStorageError {
  readonly kind = 'invalid_request';
  override name = 'InvalidBlobRequest';
}

/** A part's body was longer or shorter than the size announced for it; nothing was stored. Maps to 400. */
export class PartSizeMismatch extends BlobStorageError {
  readonly kind = 'part_size_mismatch';
  override name = 'PartSizeMismatch';
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`part body is ${received > expected ? 'longer' : 'shorter'} than its announced ${expected} bytes`);
  }
}

/** No completed blob with this id (never uploaded, not completed yet, or deleted). Maps to 404. */
export class BlobNotFound extends BlobStorageError {
  readonly kind = 'not_found';
  override name = 'BlobNotFound';
  constructor(readonly fileId: string) {
    super(`no completed blob ${fileId}`);
  }
}

/** complete() found parts missing (or numbered past the announced count); nothing was assembled. Maps to 409. */
export class IncompleteUpload extends BlobStorageError {
  readonly kind = 'incomplete';
  override name = 'IncompleteUpload';
  constructor(
    readonly fileId: string,
    readonly partCount: number,
    /** Part numbers in 1..partCount that were never received (at most the first 100). */
    readonly missing: number[],
    /** Part numbers received above partCount (at most the first 100). */
    readonly unexpected: number[] = [],
  ) {
    const problems = [
      missing.length > 0 ? `missing part(s) ${missing.join(', ')}` : '',
      unexpected.length > 0 ? `unexpected part(s) ${unexpected.join(', ')}` : '',
    ].filter(Boolean);
    super(`cannot complete ${fileId} with ${partCount} part(s): ${problems.join('; ')}`);
  }
}

/** A part was sent for a blob that is complete already: its content is fixed. Maps to 409. */
export class UploadAlreadyComplete extends BlobStorageError {
  readonly kind = 'already_complete';
  override name = 'UploadAlreadyComplete';
  constructor(readonly fileId: string) {
    super(`blob ${fileId} is complete already; its parts cannot change`);
  }
}

/** The byte range asked for lies outside the blob. Maps to 416. */
export class RangeNotSatisfiable extends BlobStorageError {
  readonly kind = 'range_not_satisfiable';
  override name = 'RangeNotSatisfiable';
  constructor(readonly size: number) {
    super(`range outside the blob's ${size} bytes`);
  }
}

/** The store cannot be used (folder not writable, endpoint down, bucket missing). Maps to 503. */
export class StorageUnavailable extends BlobStorageError {
  readonly kind = 'unavailable';
  override name = 'StorageUnavailable';
}

/**
 * A write found no room (the disk is full, or a quota spent). What the failed write had written is gone already;
 * the cause is the filesystem's error. Maps to 507, and the upload's other parts are freed at once.
 */
export class StorageFull extends BlobStorageError {
  readonly kind = 'full';
  override name = 'StorageFull';
}

/** The first `limit` items, for error messages that must stay short. */
export function firstFew(items: number[], limit = 100): number[] {
  return items.slice(0, limit);
}
