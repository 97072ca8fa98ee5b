import { randomBytes } from 'node:crypto';
import { access, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { VERSION } from '../version.js';
import { createArchiveWriter } from './archive-writer.js';
import {
  BACKUP_FORMAT,
  blobEntry,
  blobId,
  DATABASE_ENTRY,
  FORMAT_VERSION,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  type BackupHeader,
  type Manifest,
} from './backup-format.js';
import { isNotFound, syncFolder } from '../lib/fs.js';
import { backupExists, noDatabase, noFolder, notADatabase } from './ops.errors.js';
import { inspectSnapshot, snapshotSqlite, type SnapshotContents } from './sqlite-snapshot.js';

export interface BackupOptions {
  /** HUSH_DATA_DIR: the SQLite database and, unless they are in S3, the stored files. */
  dataDir: string;
  /** The archive to write; it must not exist yet. */
  file: string;
  /** The stored files are in S3 (HUSH_S3_ENDPOINT): the archive holds the database only. */
  filesInS3: boolean;
  clock?: () => number;
}

export interface BackupSummary {
  file: string;
  /** Size of the archive. */
  bytes: number;
  ms: number;
  header: BackupHeader;
  blobs: { count: number; bytes: number };
  skipped: Manifest['skipped'];
}

type ArchiveWriter = ReturnType<typeof createArchiveWriter>;

/**
 * Backs up a data folder while the server may be running. The database is snapshotted first (one consistent
 * instant); then the blobs of the files that snapshot refers to are copied: files created later are not in the
 * snapshot so not needed, and blobs deleted meanwhile are skipped and counted. The archive is written to a hidden
 * temporary file beside `file` and renamed into place when complete, so a failed backup leaves no half file.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const started = performance.now();
  const clock = options.clock ?? Date.now;
  const dataDir = resolve(options.dataDir);
  const database = join(dataDir, DATABASE_ENTRY);
  const file = resolve(options.file);
  await checkTarget(file);
  if (!(await exists(database))) throw noDatabase(database);

  const work = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}`);
  const snapshot = `${work}.sqlite`;
  const partial = `${work}.partial`;
  try {
    const createdAt = new Date(clock()).toISOString();
    let contents: SnapshotContents;
    try {
      await snapshotSqlite(database, snapshot);
      contents = inspectSnapshot(snapshot);
    } catch (error) {
      throw notADatabase(database, (error as Error).message);
    }
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      hushVersion: VERSION,
      schema: contents.migrations.at(-1) ?? 'none',
      createdAt,
      files: options.filesInS3 ? 's3' : 'disk',
      counts: contents.counts,
    };

    const out = await open(partial, 'wx', 0o600);
    let written;
    try {
      const archive = createArchiveWriter(out, Math.floor(clock() / 1000));
      await archive.addBytes(HEADER_ENTRY, json(header));
      await addFile(archive, DATABASE_ENTRY, snapshot);
      const { blobs, skipped } = options.filesInS3
        ? { blobs: { count: 0, bytes: 0 }, skipped: { deleted: 0, uploading: 0 } }
        : await addBlobs(archive, dataDir, contents.files);
      const manifest: Manifest = { format: BACKUP_FORMAT, entries: [...archive.digests()], skipped };
      await archive.addBytes(MANIFEST_ENTRY, json(manifest));
      written = { bytes: await archive.finish(), blobs, skipped };
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(partial, file);
    await syncFolder(dirname(file));
    return { file, header, ...written, ms: performance.now() - started };
  } finally {
    const leftovers = [partial, snapshot, `${snapshot}-journal`, `${snapshot}-wal`, `${snapshot}-shm`];
    await Promise.all(leftovers.map((path) => rm(path, { force: true })));
  }
}

async function checkTarget(file: string): Promise<void> {
  if (await exists(file)) throw backupExists(file);
  const folder = dirname(file);
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) throw noFolder(folder);
}

/** The blobs of the snapshot's files; uploads still in progress are left out (their secrets cannot be opened). */
async function addBlobs(archive: ArchiveWriter, dataDir: string, files: SnapshotContents['files']) {
  const blobs = { count: 0, bytes: 0 };
  const skipped = { deleted: 0, uploading: 0 };
  for (const { id, uploading } of files) {
    const entry = blobEntry(id);
    if (blobId(entry) !== id) throw new Error(`unexpected file id in the database: ${JSON.stringify(id)}`);
    if (uploading) {
      skipped.uploading += 1;
      continue;
    }
    const size = await addFile(archive, entry, join(dataDir, entry));
    if (size === null) skipped.deleted += 1;
    else {
      blobs.count += 1;
      blobs.bytes += size;
    }
  }
  return { blobs, skipped };
}

/** Adds a file's bytes as they are when it is opened; null if it is gone (deleted since the snapshot). */
async function addFile(archive: ArchiveWriter, entry: string, path: string): Promise<number | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    await archive.addFile(entry, handle, size);
    return size;
  } finally {
    await handle.close();
  }
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
