import { z } from 'zod';
import { migrations } from '../db/migrations/index.js';

/**
 * A Hush backup is a ustar archive (docs/backup.md) holding, in this order:
 *
 *     hush-backup.json     what it is: format name and version, Hush version, schema, time, counts
 *     hush.sqlite          a consistent snapshot of the database
 *     files/<id>/blob      each stored file the snapshot refers to (files on disk only)
 *     manifest.json        the size and SHA-256 of every entry above, in order
 *
 * The manifest comes last because blobs are hashed while they are copied (read once, never twice).
 */
export const BACKUP_FORMAT = 'hush-backup';
export const FORMAT_VERSION = 1;

export const HEADER_ENTRY = 'hush-backup.json';
export const DATABASE_ENTRY = 'hush.sqlite';
export const MANIFEST_ENTRY = 'manifest.json';
const BLOB_ENTRY = /^files\/([A-Za-z0-9_-]{1,128})\/blob$/;

export const blobEntry = (fileId: string): string => `files/${fileId}/blob`;
/** The file id of a blob entry's path, or null when the path is not one. */
export const blobId = (path: string): string | null => BLOB_ENTRY.exec(path)?.[1] ?? null;

/** JSON entries are small; anything larger is not ours. */
export const MAX_HEADER_BYTES = 64 * 1024;
export const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

const count = z.number().int().nonnegative();

export const BackupHeader = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  hushVersion: z.string().min(1),
  /** The last migration the database had run: the schema it is in. */
  schema: z.string().min(1),
  createdAt: z.iso.datetime(),
  /** Where the stored files were: on disk (then in the archive) or in S3 (then not). */
  files: z.enum(['disk', 's3']),
  counts: z.object({ secrets: count, users: count, files: count }),
});
export type BackupHeader = z.infer<typeof BackupHeader>;

export const Manifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  entries: z.array(z.object({ path: z.string(), size: count, sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  /** Files the snapshot refers to whose blobs were not copied: deleted during the backup, or still uploading. */
  skipped: z.object({ deleted: count, uploading: count }),
});
export type Manifest = z.infer<typeof Manifest>;

/** Every schema this build can start from, oldest first. */
export const KNOWN_SCHEMAS: readonly string[] = Object.keys(migrations);
export const LATEST_SCHEMA = KNOWN_SCHEMAS[KNOWN_SCHEMAS.length - 1]!;
