import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

const STALE_AFTER_SECONDS = 3600;

/**
 * Throwaway PostgreSQL schemas are dropped by each suite, or parked for the next (test-utils/database.ts) and dropped
 * when the run ends; a run that was killed leaves its own behind. Before a run, drop those over an hour old (younger
 * ones may belong to a run going on beside this one).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = crypto.randomBytes(4).toString('hex');
  project.provide('testRun', run);
  await dropSchemas((name, now) => now - Number(/^hush_test_(\d+)_/.exec(name)?.[1] ?? 0) > STALE_AFTER_SECONDS);
  return () => dropSchemas((name) => name.includes(`_idle_${run}_`));
}

async function dropSchemas(drop: (name: string, now: number) => boolean): Promise<void> {
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
      if (drop(nspname, now)) await client.query(`drop schema if exists "${nspname}" cascade`);
    }
  } finally {
    await client.end();
  }
}
