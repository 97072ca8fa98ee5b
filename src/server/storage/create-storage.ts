import type { Config } from '../config.js';
import { DiskBlobStorage } from './disk-storage.js';
import type { S3StorageOptions } from './s3-storage.js';
import type { BlobStorage } from './storage.js';

export type StorageConfig = Pick<
  Config,
  'dataDir' | 's3Endpoint' | 's3Bucket' | 's3Region' | 's3AccessKeyId' | 's3SecretAccessKey' | 's3ForcePathStyle'
>;

/**
 * The S3 store when HUSH_S3_ENDPOINT is set, else folders under `<dataDir>/files/`. The AWS SDK is loaded only
 * for S3: it would cost every other start a fifth of a second.
 */
export async function createBlobStorage(
  config: StorageConfig,
  logger?: S3StorageOptions['logger'],
): Promise<BlobStorage> {
  if (!config.s3Endpoint) return new DiskBlobStorage(config.dataDir);
  const { S3BlobStorage } = await import('./s3-storage.js');
  return new S3BlobStorage({
    endpoint: config.s3Endpoint,
    bucket: config.s3Bucket,
    region: config.s3Region,
    accessKeyId: config.s3AccessKeyId,
    secretAccessKey: config.s3SecretAccessKey,
    forcePathStyle: config.s3ForcePathStyle,
    logger,
  });
}
