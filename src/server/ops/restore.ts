import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, rmdir, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { readArchive } from './archive-reader.js';
import { DATABASE_ENTRY, KNOWN_SCHEMAS, type BackupHeader } from './backup-format.js';
import { isNotFound, syncFolder } from '../lib/fs.js';
import { damaged, noBackup, notAFolder, notEmpty } from './ops.errors.js';
import { extractVerified, openEntries, readHeader } from './restore-extract.js';
import { verifySqlite } from './sqlite-snapshot.js';

export interface RestoreOptions {
  /** The archive `hush backup` wrote. */
  file: string;
  /** HUSH_DATA_DIR to restore into: empty or missing. */
  dataDir: string;
}

export interface RestoreSummary {
  file: string;
  dataDir: string;
  /** Size of the archive. */
  bytes: number;
  ms: number;
  header: BackupHeader;
  blobs: { count: number; bytes: number };
}

/**
 * Restores a backup into an empty (or missing) data folder, or refuses and changes nothing. The archive's identity
 * is checked before anything is written; then everything is extracted into a hidden folder inside the target (the
 * same file system, so the final renames are atomic, also when the target is a mount point), every entry checked
 * against the manifest and the database against SQLite's own check, and only then moved into place.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const started = performance.now();
  const file = resolve(options.file);
  const target = resolve(options.dataDir);
  const source = await openBackup(file);
  try {
    const { size } = await source.stat();
    const targetExists = await checkTarget(target);
    const entries = openEntries(file, readArchive(source, size));
    const { header, digest } = await readHeader(file, source, entries);

    // From here on something is written: into a staging folder that is removed again on any failure.
    const firstCreated = targetExists ? undefined : await mkdir(target, { recursive: true, mode: 0o700 });
    const staging = join(target, `.hush-restore-${randomBytes(6).toString('hex')}`);
    const moved: string[] = [];
    try {
      await mkdir(staging, { mode: 0o700 });
      const blobs = await extractVerified(file, entries, staging, digest);
      checkDatabase(file, join(staging, DATABASE_ENTRY), header);
      for (const name of await readdir(staging)) {
        await rename(join(staging, name), join(target, name));
        moved.push(join(target, name));
      }
      await rmdir(staging);
      await syncFolder(target);
      return { file, dataDir: target, bytes: size, ms: performance.now() - started, header, blobs };
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      for (const path of moved) await rm(path, { recursive: true, force: true });
      if (firstCreated) await removeCreated(target, firstCreated);
      throw error;
    }
  } finally {
    await source.close();
  }
}

async function openBackup(file: string): Promise<FileHandle> {
  try {
    const handle = await open(file, 'r');
    if ((await handle.stat()).isFile()) return handle;
    await handle.close();
  } catch (error) {
    if (!isNotFound(error) && (error as NodeJS.ErrnoException).code !== 'EISDIR') throw error;
  }
  throw noBackup(file);
}

/** True if the target exists (and is empty); false if it is to be created. Refuses anything else. */
async function checkTarget(target: string): Promise<boolean> {
  const info = await stat(target).catch((error: unknown) => {
    if (isNotFound(error)) return null;
    throw error;
  });
  if (!info) return false;
  if (!info.isDirectory()) throw notAFolder(target);
  if ((await readdir(target)).length > 0) throw notEmpty(target);
  return true;
}

/** The restored database opens, passes SQLite's check, and is the schema and size its header says. */
function checkDatabase(file: string, path: string, header: BackupHeader): void {
  let contents;
  try {
    contents = verifySqlite(path);
  } catch (error) {
    throw damaged(file, `its database does not pass SQLite's check: ${(error as Error).message}`);
  }
  const schema = contents.migrations.at(-1);
  if (schema !== header.schema || contents.migrations.some((name) => !KNOWN_SCHEMAS.includes(name))) {
    throw damaged(file, `its database is at schema ${schema ?? 'none'}, its header says ${header.schema}`);
  }
  const { secrets, users, files } = contents.counts;
  const counts = header.counts;
  if (secrets !== counts.secrets || users !== counts.users || files !== counts.files) {
    throw damaged(file, 'its database does not hold what its header counts');
  }
}

/** Removes the folders mkdir created for the target (empty again by now), innermost first. */
async function removeCreated(target: string, firstCreated: string): Promise<void> {
  for (let dir = target; !relative(firstCreated, dir).startsWith('..'); dir = dirname(dir)) {
    await rmdir(dir).catch(() => undefined);
    if (dir === firstCreated) return;
  }
}
