import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOnce } from '../jobs/purge.js';
import { createSecret, createTestApp, createTestClock, type TestApp } from '../test-utils/app.js';

/*
 * At a steady load the SQLite file stays the same size (issue 29.13): what the purge deletes (expired secrets, and
 * statuses past their retention) leaves free pages that the next secrets and statuses fill, so the file grows to
 * what one retention period holds and no further. The soak (`npm run soak`) shows the same over an hour of real time;
 * this runs days of a clock in seconds. PostgreSQL reclaims deleted rows by autovacuum, on its own schedule.
 */

const DAY = 86_400_000;
const SECRETS_PER_DAY = 400;
const DAYS = 12;
const RETENTION_DAYS = 3;

describe('the SQLite file at a steady load', () => {
  const folder = mkdtempSync(join(tmpdir(), 'hush-steady-'));
  const file = join(folder, 'hush.sqlite');
  const clock = createTestClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      sqliteFile: file,
      clock,
      config: { statusRetentionDays: RETENTION_DAYS, rateLimitEnabled: false },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** One day: secrets of 1–2 KiB, a third read to their end, a third read once of two views, a third never read. */
  async function day() {
    for (let n = 0; n < SECRETS_PER_DAY; n++) {
      const text = `hush1.${randomBytes(768 + (n % 4) * 256).toString('base64url')}`;
      const maxViews = n % 3 === 1 ? 2 : 1;
      const { id } = await createSecret(t.app, { text, ttl: 3600, maxViews });
      if (n % 3 !== 2) await t.app.inject({ method: 'POST', url: `/api/v1/secret/${id}`, payload: {} });
    }
    clock.advance(DAY);
    await purgeOnce(t.services.secrets, t.database, undefined, undefined, undefined, t.services.retained);
  }

  it('grows for one retention period, then stays within a few pages of that size', async () => {
    const sizes: number[] = [];
    for (let n = 0; n < DAYS; n++) {
      await day();
      sizes.push(statSync(file).size);
    }
    // Once statuses older than the retention are purged each day (from day RETENTION_DAYS + 1), the file is full.
    const settled = sizes.slice(RETENTION_DAYS + 1);
    const first = settled[0]!;
    expect(Math.max(...settled), `file sizes by day: ${sizes.join(', ')}`).toBeLessThanOrEqual(first * 1.05);
    // And the statuses' share is what the README's sizing says: about 200 bytes per status kept, indexes included.
    const { rows } = await sql<{ bytes: number; statuses: number }>`
      select (select sum(pgsize) from dbstat where name in (
                select name from sqlite_schema where tbl_name = 'secret_status')) as bytes,
             (select count(*) from secret_status) as statuses`.execute(t.database.db);
    const { bytes, statuses } = rows[0]!;
    expect(statuses).toBeGreaterThan(SECRETS_PER_DAY * (RETENTION_DAYS - 1));
    expect(bytes / statuses, `${bytes} bytes for ${statuses} statuses`).toBeLessThan(250);
  }, 120_000);
});
