import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFound, PartSizeMismatch, StorageUnavailable, UploadAlreadyComplete } from './errors.js';
import { KeyedLock } from './keyed-lock.js';
import { openSegments, partSegments, type Segment } from './s3-segments.js';
import {
  assertAllParts,
  assertFileId,
  assertPartCount,
  assertPartNumber,
  assertSize,
  resolveRange,
  type BlobStat,
  type BlobStorage,
  type ByteRange,
  type PartInfo,
} from './storage.js';
import { deletePrefix, describeError, isNotFound, listObjects, type Manifest } from './s3-objects.js';
import { findCause, LengthGuard } from './streams.js';

export interface S3StorageOptions {
  /** http(s)://host:port of any S3-compatible store. */
  endpoint: string;
  bucket: string;
  region: string;
  /** Both empty: the AWS SDK's default credentials (environment, shared files, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (http://host/bucket/key), as most self-hosted stores need, instead of in the host name. */
  forcePathStyle: boolean;
  /** Folder of the bucket the blobs go under; default `files/`. */
  prefix?: string;
  /** Where the SDK's own warnings go; default nowhere. */
  logger?: S3ClientConfig['logger'];
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Blobs in an S3-compatible bucket, under `<prefix><id>/`:
 *
 *     files/<id>/parts/000001 …   each uploaded part, as its own object (number zero-padded so lists come in order)
 *     files/<id>/complete.json    written by complete(): the size of every part, in order
 *
 * Why each part is its own object, and not a part of an S3 multipart upload: multipart needs every part but the last
 * to be at least 5 MiB, and ours are about 1 MiB. Regrouping them would mean holding 5 MiB per upload in memory or
 * temp files and re-uploading (UploadPartCopy cannot join several small objects into one part either, and is not
 * implemented by every S3-compatible store). A download instead reads the parts one after the other, fetching the
 * next while the current one streams, so a blob is never put together: completion only checks the parts and writes
 * the small manifest, re-sending a part is one PutObject, and there are no unfinished multipart uploads to abort.
 * The manifest is what makes a blob complete: `get` serves exactly the parts and sizes it lists, and `delete`
 * removes it first, then every object under the id's prefix (listed, deleted 1000 at a time) until none is left.
 */
export class S3BlobStorage implements BlobStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;
  private readonly lock = new KeyedLock();

  constructor(private readonly options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? 'files/';
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId || options.secretAccessKey
          ? { accessKeyId: options.accessKeyId ?? '', secretAccessKey: options.secretAccessKey ?? '' }
          : undefined,
      // Plain Content-Length bodies: most S3-compatible stores do not take the SDK's aws-chunked checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000 },
      logger: options.logger ?? silent,
    });
  }

  async putPart(fileId: string, partNumber: number, body: Readable, size: number): Promise<void> {
    assertFileId(fileId);
    assertPartNumber(partNumber);
    assertSize(size);
    await this.lock.shared(fileId, async () => {
      if (await this.isComplete(fileId)) throw new UploadAlreadyComplete(fileId);
      // The SDK pipes the body into the request without watching it for errors: a body that fails or has the
      // wrong length would leave the request hanging, so the guard's error aborts it.
      const guarded = new LengthGuard(size);
      const aborter = new AbortController();
      let bodyError: unknown;
      const piping = pipeline(body, guarded).catch((error: unknown) => {
        bodyError = error;
        aborter.abort(error);
      });
      const command = new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.partKey(fileId, partNumber),
        Body: guarded,
        ContentLength: size,
        ContentType: 'application/octet-stream',
      });
      try {
        await this.client.send(command, { abortSignal: aborter.signal });
      } catch (error) {
        const cause = bodyError; // set before the abort it caused; anything later is the teardown below
        guarded.destroy();
        await piping;
        throw findCause(cause, PartSizeMismatch) ?? cause ?? error;
      }
      await piping;
    });
  }

  async parts(fileId: string): Promise<PartInfo[]> {
    assertFileId(fileId);
    return (await this.isComplete(fileId)) ? [] : this.storedParts(fileId);
  }

  /** The part objects under the id, complete or not. */
  private async storedParts(fileId: string): Promise<PartInfo[]> {
    const parts: PartInfo[] = [];
    for await (const object of listObjects(this.client, this.bucket, `${this.prefix}${fileId}/parts/`)) {
      const name = object.key.slice(object.key.lastIndexOf('/') + 1);
      if (/^\d{6}$/.test(name) && Number(name) > 0) parts.push({ partNumber: Number(name), size: object.size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async complete(fileId: string, partCount: number): Promise<void> {
    assertFileId(fileId);
    assertPartCount(partCount);
    await this.lock.exclusive(fileId, async () => {
      if (await this.isComplete(fileId)) return;
      const parts = await this.storedParts(fileId);
      assertAllParts(
        fileId,
        partCount,
        parts.map((part) => part.partNumber),
      );
      const manifest: Manifest = { version: 1, parts: parts.map((part) => part.size) };
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.manifestKey(fileId),
          Body: JSON.stringify(manifest),
          ContentType: 'application/json',
        }),
      );
    });
  }

  async stat(fileId: string): Promise<BlobStat | null> {
    assertFileId(fileId);
    const manifest = await this.readManifest(fileId);
    return manifest && { size: manifest.parts.reduce((sum, size) => sum + size, 0) };
  }

  async get(fileId: string, range?: ByteRange): Promise<Readable> {
    assertFileId(fileId);
    const manifest = await this.readManifest(fileId);
    if (!manifest) throw new BlobNotFound(fileId);
    const size = manifest.parts.reduce((sum, partSize) => sum + partSize, 0);
    if (!range && size === 0) return Readable.from([]);
    const segments = partSegments(manifest.parts, resolveRange(range, size));
    return openSegments(segments, (segment) => this.openSegment(fileId, segment));
  }

  async delete(fileId: string): Promise<void> {
    assertFileId(fileId);
    await this.lock.exclusive(fileId, async () => {
      // The manifest first: from then on the blob is no longer served, even if removing the parts fails midway.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.manifestKey(fileId) }));
      await deletePrefix(this.client, this.bucket, `${this.prefix}${fileId}/`);
    });
  }

  async deleteMany(fileIds: readonly string[]): Promise<void> {
    fileIds.forEach(assertFileId);
    for (const fileId of fileIds) await this.delete(fileId);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
        abortSignal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const where = `S3 bucket "${this.bucket}" at ${this.options.endpoint}`;
      const message =
        status === 404
          ? `${where} does not exist`
          : status === 401 || status === 403
            ? `${where} refuses these credentials (HTTP ${status})`
            : status
              ? `${where} answered HTTP ${status}`
              : `${where} cannot be reached: ${describeError(error)}`;
      throw new StorageUnavailable(message, { cause: error });
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private partKey(fileId: string, partNumber: number): string {
    return `${this.prefix}${fileId}/parts/${String(partNumber).padStart(6, '0')}`;
  }

  private manifestKey(fileId: string): string {
    return `${this.prefix}${fileId}/complete.json`;
  }

  private async isComplete(fileId: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.manifestKey(fileId) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  private async readManifest(fileId: string): Promise<Manifest | null> {
    let response: GetObjectCommandOutput;
    try {
      response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.manifestKey(fileId) }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    const manifest = JSON.parse((await response.Body?.transformToString()) ?? '') as Manifest;
    const valid =
      manifest?.version === 1 &&
      Array.isArray(manifest.parts) &&
      manifest.parts.every((size) => Number.isSafeInteger(size) && size >= 0);
    if (!valid) throw new Error(`the manifest of blob ${fileId} is damaged`);
    return manifest;
  }

  private async openSegment(fileId: string, segment: Segment): Promise<Readable> {
    const { partNumber, from, to, whole } = segment;
    let response: GetObjectCommandOutput;
    try {
      response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.partKey(fileId, partNumber),
          Range: whole ? undefined : `bytes=${from}-${to}`,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFound(fileId); // deleted meanwhile
      throw error;
    }
    const body = response.Body as Readable | undefined;
    if (!body || response.ContentLength !== to - from + 1) {
      body?.destroy();
      throw new Error(`part ${partNumber} of blob ${fileId} does not have the size its manifest records`);
    }
    return body;
  }
}
