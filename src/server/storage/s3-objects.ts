import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';

/** Object-level helpers of the S3 blob storage (s3-storage.ts): listing, deleting a prefix, and reading errors. */

/** Every object under `prefix`, page by page. */
export async function* listObjects(
  client: S3Client,
  bucket: string,
  prefix: string,
): AsyncGenerator<{ key: string; size: number }> {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Deletes every object under `prefix`: lists the first page, deletes it, and again until the list is empty. */
export async function deletePrefix(client: S3Client, bucket: string, prefix: string): Promise<void> {
  for (;;) {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1000 }));
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    if (keys.length === 0) return;
    const result = await client.send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
    );
    const failed = result.Errors ?? [];
    if (failed.length > 0) {
      const first = failed[0]!;
      throw new Error(`could not delete ${failed.length} object(s) under ${prefix}: ${first.Code} ${first.Message}`);
    }
  }
}

/** complete.json: what makes a blob complete (see S3BlobStorage). */
export interface Manifest {
  version: 1;
  /** Size of each part, in part order. */
  parts: number[];
}

export function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

export function describeError(error: unknown): string {
  const { code, name, message, errors } = error as {
    code?: string;
    name?: string;
    message?: string;
    errors?: unknown[];
  };
  // Node reports a refused connection to a name with several addresses as an AggregateError with no message.
  const inner = errors?.[0] as { code?: string; message?: string } | undefined;
  return [code ?? inner?.code ?? name, message || inner?.message].filter(Boolean).join(': ');
}
