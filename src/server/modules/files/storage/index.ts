export { createBlobStorage, type StorageConfig } from './create-storage.js';
export { DiskBlobStorage } from './disk-storage.js';
export {
  BlobNotFound,
  BlobStorageError,
  IncompleteUpload,
  InvalidBlobRequest,
  PartSizeMismatch,
  RangeNotSatisfiable,
  StorageUnavailable,
  UploadAlreadyComplete,
} from './errors.js';
export { S3BlobStorage, type S3StorageOptions } from './s3-storage.js';
export { MAX_PART_NUMBER, type BlobStat, type BlobStorage, type ByteRange, type PartInfo } from './storage.js';
