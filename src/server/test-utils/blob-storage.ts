import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { startS3, type TestS3 } from './s3.js';
import { DiskBlobStorage } from '../storage/disk-storage.js';
import { S3BlobStorage } from '../storage/s3-storage.js';
import type { BlobStorage } from '../storage/storage.js';

/** Test support for the blob storages: each store behind one harness, and stream helpers. */

export interface Harness {
  storage: BlobStorage;
  /** Every file or object still stored whose path or key names this id. */
  leftovers(fileId: string): Promise<string[]>;
  /** A storage of the same kind that cannot work (missing bucket, endpoint down, folder not creatable). */
  broken(): Promise<{ storage: BlobStorage; reason: RegExp }[]>;
  stop(): Promise<void>;
  /**
   * Whether a failed re-send leaves the previous copy of a part. The disk storage renames; S3 and the stores that
   * copy it replace objects whole. s3rver writes in place, so a cut-off re-send leaves a cut-off object there.
   */
  replacesAtomically: boolean;
}

export async function diskHarness(): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hush-disk-storage-'));
  const storage = new DiskBlobStorage(dataDir);
  return {
    storage,
    async leftovers(fileId) {
      const paths = await readdir(dataDir, { recursive: true });
      return paths.filter((path) => path.includes(fileId));
    },
    async broken() {
      const notAFolder = join(dataDir, 'not-a-folder');
      await writeFile(notAFolder, 'x');
      return [{ storage: new DiskBlobStorage(notAFolder), reason: /not writable/ }];
    },
    stop: () => rm(dataDir, { recursive: true, force: true }),
    replacesAtomically: true,
  };
}

/** S3 through s3rver, or through another server `start` runs (radosgw), which replaces objects whole as S3 does. */
export async function s3Harness(start?: () => Promise<TestS3>): Promise<Harness> {
  const s3: TestS3 = await (start ?? startS3)();
  const storage = new S3BlobStorage(s3.options);
  return {
    storage,
    async leftovers(fileId) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await storage.client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.filter((key) => key.includes(fileId));
    },
    async broken() {
      const port = await closedPort();
      return [
        { storage: new S3BlobStorage({ ...s3.options, bucket: 'no-such-bucket' }), reason: /does not exist/ },
        {
          storage: new S3BlobStorage({ ...s3.options, endpoint: `http://127.0.0.1:${port}` }),
          reason: /cannot be reached: .*ECONNREFUSED/,
        },
      ];
    },
    async stop() {
      await storage.close();
      await s3.stop();
    },
    replacesAtomically: start !== undefined,
  };
}

/**
 * The same storage, with a way to stop the next call of `method` just before it goes to the storage: a test puts
 * other work in that moment (another request's whole completion), then lets the call go on. Every byte is the real
 * storage's.
 */
export function pausable(storage: BlobStorage) {
  const gates = new Map<keyof BlobStorage, { reached: () => void; release: Promise<void> }>();
  const through = <K extends keyof BlobStorage>(method: K) =>
    (async (...args: unknown[]) => {
      const gate = gates.get(method);
      if (gate) {
        gates.delete(method);
        gate.reached();
        await gate.release;
      }
      return (storage[method] as (...args: unknown[]) => unknown)(...args);
    }) as BlobStorage[K];
  const wrapped: BlobStorage = {
    putPart: through('putPart'),
    parts: through('parts'),
    complete: through('complete'),
    stat: through('stat'),
    get: through('get'),
    delete: through('delete'),
    deleteMany: through('deleteMany'),
    check: through('check'),
    close: through('close'),
  };
  return {
    storage: wrapped,
    /** Stops the next call of `method`: `reached` resolves once it is waiting, `release()` lets it go on. */
    pauseNext(method: keyof BlobStorage) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const reached = new Promise<void>((resolve) => gates.set(method, { reached: resolve, release: released }));
      return { reached, release };
    },
  };
}

export function put(storage: BlobStorage, id: string, partNumber: number, data: Buffer): Promise<void> {
  return storage.putPart(id, partNumber, Readable.from([data]), data.length);
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** `size` random bytes made as they are read, 64 KiB at a time, fed to `hash` in order. */
export function generated(size: number, hash: Hash): Readable {
  let left = size;
  return new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const chunk = randomBytes(Math.min(64 * 1024, left));
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
}

/** Peak growth of rss and array buffers over a baseline while `task` runs, sampled every few milliseconds. */
export async function peakGrowth(task: () => Promise<void>): Promise<{ rss: number; arrayBuffers: number }> {
  const base = process.memoryUsage();
  const peak = { rss: base.rss, arrayBuffers: base.arrayBuffers };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  };
  const timer = setInterval(sample, 5);
  try {
    await task();
  } finally {
    clearInterval(timer);
    sample();
  }
  return { rss: peak.rss - base.rss, arrayBuffers: peak.arrayBuffers - base.arrayBuffers };
}

/** A port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
