import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('generated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('secrets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('max_views', 'integer', (c) => c.notNull())
    .addColumn('views_left', 'integer', (c) => c.notNull())
    .addColumn('prevent_burn', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('key_proof_hash', 'text')
    .addColumn('delete_token_hash', 'text', (c) => c.notNull())
    .addColumn('allowed_ip', 'text')
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('creator_ip', 'text')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.createIndex('secrets_expires_at').on('secrets').column('expires_at').execute();
  // Partial indexes: most secrets are private and anonymous, and their inserts should not pay for these.
  await db.schema
    .createIndex('secrets_public')
    .on('secrets')
    .column('created_at')
    .where(sql.ref('is_public'), '=', 1)
    .execute();
  await db.schema
    .createIndex('secrets_owner')
    .on('secrets')
    .column('owner_id')
    .where(sql.ref('owner_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('statistics')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
