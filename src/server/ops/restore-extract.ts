import { createHash } from 'node:crypto';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { TruncatedArchive, type ArchiveEntry } from './archive-reader.js';
import type { EntryDigest } from './archive-writer.js';
import {
  BACKUP_FORMAT,
  BackupHeader,
  blobId,
  DATABASE_ENTRY,
  FORMAT_VERSION,
  HEADER_ENTRY,
  KNOWN_SCHEMAS,
  LATEST_SCHEMA,
  Manifest,
  MANIFEST_ENTRY,
  MAX_HEADER_BYTES,
  MAX_MANIFEST_BYTES,
} from './backup-format.js';
import { damaged, newerFormat, newerSchema, notABackup, truncated } from './ops.errors.js';
import { TarFormatError } from './tar.js';

/** The archive's entries one at a time, with the reader's failures worded for the operator. */
export interface Entries {
  next(): Promise<ArchiveEntry | null>;
}

export function openEntries(file: string, archive: AsyncGenerator<ArchiveEntry>): Entries {
  let read = 0;
  return {
    async next() {
      try {
        const result = await archive.next();
        if (result.done) return null;
        read += 1;
        return result.value;
      } catch (error) {
        // Before the first header is read, nothing says the file was ever a backup.
        if (read === 0 && error instanceof TarFormatError) throw notABackup(file, 'it is not a tar archive');
        if (error instanceof TruncatedArchive) throw truncated(file, error.message);
        if (error instanceof TarFormatError) throw damaged(file, error.message);
        throw error;
      }
    },
  };
}

/**
 * The first entry, which says what the archive is: checked before anything is written, so a foreign file, a backup
 * in a newer format or of a newer schema is refused at once. (Its checksum is checked with the rest, at the end.)
 */
export async function readHeader(
  file: string,
  source: FileHandle,
  entries: Entries,
): Promise<{ header: BackupHeader; digest: EntryDigest }> {
  const magic = Buffer.alloc(2);
  await source.read(magic, 0, 2, 0);
  if (magic[0] === 0x1f && magic[1] === 0x8b) throw notABackup(file, 'it is gzip-compressed: gunzip it first');
  const first = await entries.next();
  if (!first) throw notABackup(file, 'it is an empty archive');
  if (first.path !== HEADER_ENTRY)
    throw notABackup(file, `its first entry is ${quote(first.path)}, not ${HEADER_ENTRY}`);
  if (first.size > MAX_HEADER_BYTES) throw notABackup(file, `its ${HEADER_ENTRY} is ${first.size} bytes long`);
  const { bytes, digest } = await collect(first);
  const value = parseJson(bytes) as { format?: unknown; formatVersion?: unknown } | null;
  if (value?.format !== BACKUP_FORMAT) throw notABackup(file, `its ${HEADER_ENTRY} names no ${BACKUP_FORMAT}`);
  if (typeof value.formatVersion === 'number' && value.formatVersion > FORMAT_VERSION) {
    throw newerFormat(file, value.formatVersion, FORMAT_VERSION);
  }
  const header = BackupHeader.safeParse(value);
  if (!header.success) throw damaged(file, `its ${HEADER_ENTRY} is malformed`);
  if (!KNOWN_SCHEMAS.includes(header.data.schema)) {
    throw newerSchema(file, header.data.schema, LATEST_SCHEMA, header.data.hushVersion);
  }
  return { header: header.data, digest };
}

/**
 * Writes the database and blobs into `staging` while hashing them, then checks every entry (the header's digest
 * included) against the manifest that ends the archive. Answers what blobs it wrote.
 */
export async function extractVerified(file: string, entries: Entries, staging: string, headerDigest: EntryDigest) {
  const seen: EntryDigest[] = [headerDigest];
  const blobIds = new Set<string>();
  const blobs = { count: 0, bytes: 0 };
  for (let entry = await entries.next(); entry; entry = await entries.next()) {
    const id = blobId(entry.path);
    if (entry.path === MANIFEST_ENTRY && entry.size <= MAX_MANIFEST_BYTES) {
      const manifest = Manifest.safeParse(parseJson((await collect(entry)).bytes));
      if (!manifest.success) throw damaged(file, `its ${MANIFEST_ENTRY} is malformed`);
      if (await entries.next()) throw damaged(file, `it has entries after its ${MANIFEST_ENTRY}`);
      compare(file, manifest.data.entries, seen);
      return blobs;
    }
    if (seen.length === 1 && entry.path === DATABASE_ENTRY) {
      seen.push(await writeEntry(entry, join(staging, DATABASE_ENTRY)));
    } else if (seen.length > 1 && id && !blobIds.has(id)) {
      blobIds.add(id);
      await mkdir(join(staging, 'files', id), { recursive: true, mode: 0o700 });
      seen.push(await writeEntry(entry, join(staging, entry.path)));
      blobs.count += 1;
      blobs.bytes += entry.size;
    } else {
      throw damaged(file, `unexpected entry ${quote(entry.path)}`);
    }
  }
  throw damaged(file, `it ends without its ${MANIFEST_ENTRY}`);
}

/** Every entry read is the one the manifest lists at its place: same path, size and SHA-256. */
function compare(file: string, listed: EntryDigest[], seen: EntryDigest[]): void {
  for (let index = 0; index < Math.max(listed.length, seen.length); index++) {
    const expected = listed[index];
    const actual = seen[index];
    if (!expected) throw damaged(file, `${quote(actual!.path)} is not in its manifest`);
    if (!actual) throw damaged(file, `${quote(expected.path)} is missing`);
    if (expected.path !== actual.path) throw damaged(file, `${quote(actual.path)} is out of place`);
    if (expected.size !== actual.size || expected.sha256 !== actual.sha256) {
      throw damaged(file, `${quote(actual.path)} does not match its SHA-256 in the manifest`);
    }
  }
}

async function writeEntry(entry: ArchiveEntry, path: string): Promise<EntryDigest> {
  const hash = createHash('sha256');
  const out = await open(path, 'wx', 0o600);
  try {
    let position = 0;
    for await (const chunk of entry.body()) {
      hash.update(chunk);
      for (let done = 0; done < chunk.length;) {
        const { bytesWritten } = await out.write(chunk, done, chunk.length - done, position);
        done += bytesWritten;
        position += bytesWritten;
      }
    }
    await out.sync();
  } finally {
    await out.close();
  }
  return { path: entry.path, size: entry.size, sha256: hash.digest('hex') };
}

async function collect(entry: ArchiveEntry): Promise<{ bytes: Buffer; digest: EntryDigest }> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body()) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { bytes, digest: { path: entry.path, size: entry.size, sha256 } };
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}

/** A path from the archive, made safe to print on one line. */
const quote = (path: string) => JSON.stringify(path.length > 120 ? `${path.slice(0, 120)}…` : path);
