export { createBlobStorage, type StorageConfig } from './create-storage.js';
export { DiskBlobStorage } from './disk-storage.js';
export {
  BlobNotFound,
  BlobStorageError,
  IncompleteUpload,
  InvalidBlobRequest,
  PartSizeMismatch,
  RangeNotSatisfiable,
  StorageFull,
  StorageUnavailable,
  UploadAlreadyComplete,
} from './errors.js';
// S3BlobStorage is imported from './s3-storage.js' where it is needed: the AWS SDK is loaded only for S3.
export { MAX_PART_NUMBER, type BlobStat, type BlobStorage, type ByteRange, type PartInfo } from './storage.js';
