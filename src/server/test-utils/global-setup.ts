import pg from 'pg';

const STALE_AFTER_SECONDS = 3600;

/**
 * Throwaway PostgreSQL schemas are dropped by each suite; a run that was killed leaves its own behind. Before a
 * run, drop those over an hour old (younger ones may belong to a run going on beside this one).
 */
export default async function dropStaleSchemas(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'hush\\_test\\_%'",
    );
    const now = Math.floor(Date.now() / 1000);
    for (const { nspname } of rows) {
      const created = Number(/^hush_test_(\d+)_/.exec(nspname)?.[1] ?? 0);
      if (now - created > STALE_AFTER_SECONDS) await client.query(`drop schema if exists "${nspname}" cascade`);
    }
  } finally {
    await client.end();
  }
}
