import type { Insertable, Selectable } from 'kysely';
import type { Db, DownloadKeysTable, FilesTable } from '../../../db/schema.js';

export type FileRow = Selectable<FilesTable>;
export type NewFileRow = Insertable<FilesTable>;
export type NewDownloadKey = Insertable<DownloadKeysTable>;

/** What a download key opens. */
export interface DownloadTarget {
  id: string;
  size: number;
}

/** SQL only: the rules live in the files service and the sweeper. */
export function createFilesRepository(db: Db) {
  return {
    async insert(rows: NewFileRow[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('files').values(rows).execute();
    },

    /** A secret's files, in their order. */
    async forSecret(secretId: string): Promise<FileRow[]> {
      return db.selectFrom('files').selectAll().where('secret_id', '=', secretId).orderBy('position').execute();
    },

    async ids(column: 'secret_id' | 'owner_id', value: string): Promise<string[]> {
      const rows = await db.selectFrom('files').select('id').where(column, '=', value).execute();
      return rows.map((row) => row.id);
    },

    async exists(id: string): Promise<boolean> {
      return (await db.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /** Plaintext bytes of a user's stored files. */
    async plainBytesOf(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('files')
        .select((eb) => eb.fn.sum<number | string | null>('plain_size').as('bytes'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /** Removes a file's row; its blob must be gone first (the caller deletes it). */
    async deleteRow(id: string): Promise<void> {
      await db.deleteFrom('files').where('id', '=', id).execute();
    },

    async insertKeys(keys: NewDownloadKey[]): Promise<void> {
      if (keys.length > 0) await db.insertInto('download_keys').values(keys).execute();
    },

    async deleteKeys(hashes: string[]): Promise<void> {
      if (hashes.length > 0) await db.deleteFrom('download_keys').where('key_hash', 'in', hashes).execute();
    },

    async deleteKeysOf(column: 'secret_id' | 'file_id', values: string[]): Promise<void> {
      if (values.length > 0) await db.deleteFrom('download_keys').where(column, 'in', values).execute();
    },

    /** The file a live key opens, if the key was issued for this secret. */
    async findDownload(keyHash: string, secretId: string, now: number): Promise<DownloadTarget | undefined> {
      return db
        .selectFrom('download_keys')
        .innerJoin('files', 'files.id', 'download_keys.file_id')
        .select(['files.id', 'files.size'])
        .where('download_keys.key_hash', '=', keyHash)
        .where('download_keys.secret_id', '=', secretId)
        .where('download_keys.expires_at', '>', now)
        .executeTakeFirst();
    },

    /**
     * Files nothing needs any more: their secret is gone (burned, used up, expired, deleted with its account or as an
     * abandoned upload) and no download key for them is live. One statement, so a key issued before the last view
     * was claimed is always seen together with the secret's absence.
     */
    async unneeded(now: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('files.id')
        .where((eb) =>
          eb.and([
            eb.not(
              eb.exists(eb.selectFrom('secrets').select('secrets.id').whereRef('secrets.id', '=', 'files.secret_id')),
            ),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('download_keys')
                  .select('download_keys.key_hash')
                  .whereRef('download_keys.file_id', '=', 'files.id')
                  .where('download_keys.expires_at', '>', now),
              ),
            ),
          ]),
        )
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    async deleteExpiredKeys(now: number): Promise<number> {
      const result = await db.deleteFrom('download_keys').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
