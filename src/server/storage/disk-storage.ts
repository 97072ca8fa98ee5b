import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isNotFound, syncFolder } from '../lib/fs.js';
import { outOfSpace } from '../lib/out-of-space.js';
import { BlobNotFound, StorageFull, StorageUnavailable, UploadAlreadyComplete } from './errors.js';
import { KeyedLock } from './keyed-lock.js';
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
import { LengthGuard } from './streams.js';

/**
 * Blobs on local disk, one folder per file id under `<dataDir>/files/`:
 *
 *     files/<id>/parts/<n>   part n while uploading (written as <n>.<random>.tmp, fsynced, then renamed)
 *     files/<id>/blob        the completed blob (parts streamed into blob.<random>.tmp, fsynced, renamed)
 *
 * Renames make every part and the blob appear whole or not at all; a crash leaves only *.tmp files, which the next
 * delete of the id removes with the rest of its folder. Completion needs room for the parts and the blob at once.
 * A write that finds no room removes what it wrote and rejects with {@link StorageFull}. Files are created 0600 and
 * folders 0700.
 */
export class DiskBlobStorage implements BlobStorage {
  readonly root: string;
  private readonly lock = new KeyedLock();

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'files');
  }

  async putPart(fileId: string, partNumber: number, body: Readable, size: number): Promise<void> {
    assertFileId(fileId);
    assertPartNumber(partNumber);
    assertSize(size);
    await this.lock
      .shared(fileId, async () => {
        if (await this.stat(fileId)) throw new UploadAlreadyComplete(fileId);
        const dir = this.partsDir(fileId);
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const target = join(dir, String(partNumber));
        await writeAtomically(target, [body, new LengthGuard(size)]);
        await syncFolder(dir);
      })
      .catch(rethrowFull);
  }

  async parts(fileId: string): Promise<PartInfo[]> {
    assertFileId(fileId);
    const dir = this.partsDir(fileId);
    const parts: PartInfo[] = [];
    for (const partNumber of await this.partNumbers(fileId)) {
      try {
        parts.push({ partNumber, size: (await stat(join(dir, String(partNumber)))).size });
      } catch (error) {
        if (!isNotFound(error)) throw error; // completed or deleted meanwhile
      }
    }
    return parts;
  }

  async complete(fileId: string, partCount: number): Promise<void> {
    assertFileId(fileId);
    assertPartCount(partCount);
    await this.lock
      .exclusive(fileId, async () => {
        if (await this.stat(fileId)) return;
        assertAllParts(fileId, partCount, await this.partNumbers(fileId));
        const dir = this.partsDir(fileId);
        const paths = Array.from({ length: partCount }, (_, index) => join(dir, String(index + 1)));
        async function* concatenation() {
          for (const path of paths) yield* createReadStream(path);
        }
        await writeAtomically(this.blobPath(fileId), [Readable.from(concatenation(), { objectMode: false })]);
        await syncFolder(join(this.root, fileId));
        await rm(dir, { recursive: true, force: true });
      })
      .catch(rethrowFull);
  }

  async stat(fileId: string): Promise<BlobStat | null> {
    assertFileId(fileId);
    try {
      return { size: (await stat(this.blobPath(fileId))).size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(fileId: string, range?: ByteRange): Promise<Readable> {
    assertFileId(fileId);
    let handle;
    try {
      handle = await open(this.blobPath(fileId), 'r');
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFound(fileId);
      throw error;
    }
    // The open handle keeps the bytes readable even if the blob is deleted while it streams.
    try {
      const { size } = await handle.stat();
      if (!range && size === 0) {
        await handle.close();
        return Readable.from([]);
      }
      const { start, end } = resolveRange(range, size);
      return handle.createReadStream({ start, end });
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(fileId: string): Promise<void> {
    assertFileId(fileId);
    await this.lock.exclusive(fileId, () => rm(join(this.root, fileId), { recursive: true, force: true }));
  }

  async deleteMany(fileIds: readonly string[]): Promise<void> {
    fileIds.forEach(assertFileId);
    for (const fileId of fileIds) await this.delete(fileId);
  }

  async check(): Promise<void> {
    const probe = join(this.root, `.check-${randomBytes(6).toString('hex')}`);
    try {
      await mkdir(this.root, { recursive: true, mode: 0o700 });
      await writeFile(probe, 'ok', { mode: 0o600 });
      await rm(probe, { force: true });
    } catch (error) {
      await rm(probe, { force: true }).catch(() => {}); // created, then nothing could be written to it
      if (outOfSpace(error)) throw new StorageFull(`file storage folder ${this.root} is full`, { cause: error });
      throw new StorageUnavailable(`file storage folder ${this.root} is not writable: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  async close(): Promise<void> {}

  private partsDir(fileId: string): string {
    return join(this.root, fileId, 'parts');
  }

  private blobPath(fileId: string): string {
    return join(this.root, fileId, 'blob');
  }

  /** Numbers of the parts stored (temporary files of puts in flight are not parts yet). */
  private async partNumbers(fileId: string): Promise<number[]> {
    try {
      const names = await readdir(this.partsDir(fileId));
      return names.filter((name) => /^[1-9]\d*$/.test(name)).map(Number);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }
}

/** Rethrows a failure for want of space as {@link StorageFull} (without the path, which holds the id). */
function rethrowFull(error: unknown): never {
  if (outOfSpace(error)) throw new StorageFull('no space left in the file storage folder', { cause: error });
  throw error;
}

/** Streams `source` into `<target>.<random>.tmp`, fsyncs it and renames it to `target`; removes the temp on failure. */
async function writeAtomically(target: string, source: [Readable, ...NodeJS.ReadWriteStream[]]): Promise<void> {
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'wx', 0o600);
    // flush: fsync before the stream closes the file, so the rename never exposes unwritten bytes after a crash.
    await pipeline([...source, handle.createWriteStream({ flush: true })]);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
