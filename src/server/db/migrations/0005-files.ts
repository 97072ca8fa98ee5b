import { sql, type Kysely } from 'kysely';

/**
 * File attachments. A secret gets a ready flag (0 while its files are uploading: it cannot be opened), the count of
 * its files (reads of secrets without files skip the files table) and the hash of its upload token.
 *
 * `files` rows have no foreign key on purpose: a row must outlive its secret until its blob is deleted (blob first,
 * then row), or a blob could be left behind with nothing pointing at it. The sweeper deletes the files whose secret
 * is gone once no download key for them is live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per statement.
  await db.schema
    .alterTable('secrets')
    .addColumn('ready', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('secrets')
    .addColumn('file_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('secrets').addColumn('upload_token_hash', 'text').execute();
  await db.schema
    .createIndex('secrets_uploading')
    .on('secrets')
    .column('created_at')
    .where(sql.ref('ready'), '=', 0)
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secret_id', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('plain_size', 'bigint', (c) => c.notNull())
    .addColumn('part_size', 'integer', (c) => c.notNull())
    .addColumn('part_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_secret').on('files').column('secret_id').execute();
  await db.schema
    .createIndex('files_owner')
    .on('files')
    .column('owner_id')
    .where(sql.ref('owner_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('download_keys')
    // SHA-256 of the key: a copy of the database gives no usable download.
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('secret_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('download_keys_file').on('download_keys').columns(['file_id', 'expires_at']).execute();
  await db.schema.createIndex('download_keys_secret').on('download_keys').column('secret_id').execute();
  await db.schema.createIndex('download_keys_expires').on('download_keys').column('expires_at').execute();
}
