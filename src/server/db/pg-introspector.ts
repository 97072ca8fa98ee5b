import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type PostgresDialectConfig,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's own PostgreSQL introspector reads the tables of every schema in the database and calls functions that
 * take names (`has_schema_privilege(nspname, …)`, `pg_get_serial_sequence(nspname || '.' || relname, …)`): when any
 * other schema is dropped while it runs, it fails with `schema "…" does not exist`. Its migrator introspects before
 * every migration run, so a Hush starting beside another application's (or another test's) schema changes could
 * fail to start. This one looks only at Hush's schema (the configured one, else `current_schema()`), joining by oid.
 */
export class OneSchemaPostgresDialect extends PostgresDialect {
  readonly #schema: string | undefined;

  constructor(config: PostgresDialectConfig, schema: string | undefined) {
    super(config);
    this.#schema = schema;
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return oneSchemaIntrospector(db, this.#schema ?? null);
  }
}

interface ColumnRow {
  table: string;
  schema: string;
  kind: string;
  column: string | null;
  not_null: boolean | null;
  has_default: boolean | null;
  identity: string | null;
  default_expression: string | null;
  type: string | null;
  type_schema: string | null;
  comment: string | null;
}

const KYSELY_TABLES = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

function oneSchemaIntrospector(db: Kysely<unknown>, schema: string | null): DatabaseIntrospector {
  const target = schema === null ? sql`current_schema()` : sql`${schema}`;

  async function getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", n.nspname as "schema", c.relkind as "kind",
             a.attname as "column", a.attnotnull as "not_null", a.atthasdef as "has_default",
             a.attidentity as "identity", pg_get_expr(d.adbin, d.adrelid) as "default_expression",
             t.typname as "type", tn.nspname as "type_schema", col_description(c.oid, a.attnum) as "comment"
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
        left join pg_catalog.pg_type t on t.oid = a.atttypid
        left join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
       where n.nspname = ${target} and c.relkind in ('r', 'v', 'p')
       order by c.relname, a.attnum`.execute(db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options?.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.type ?? '',
        dataTypeSchema: row.type_schema ?? undefined,
        isNullable: !row.not_null,
        hasDefaultValue: Boolean(row.has_default),
        isAutoIncrementing: Boolean(row.identity) || (row.default_expression ?? '').startsWith('nextval('),
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  return {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`
        select nspname as "name" from pg_catalog.pg_namespace where nspname = ${target}`.execute(db);
      return rows;
    },
    getTables,
    async getMetadata(options) {
      return { tables: await getTables(options) };
    },
  };
}
