import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from './test-utils/database.js';
import { createRunStore, dropStaleRunDatabases, type RunStore } from './test-utils/run-store.js';
import { bundleServer, type ServerBundle } from './test-utils/server-bundle.js';
import { startServerProcess, type ServerProcess } from './test-utils/server-process.js';

/*
 * Issue 29, point 12: two instances share one PostgreSQL, and one's clock runs 2 s ahead of the other's (a real
 * process whose Date.now is off: test-utils/skewed-clock.mjs). A secret is neither refused nor deleted before its
 * expires_at by the database's clock, and it still goes once that time has passed. SQLite is one process: one clock.
 */

const SKEW_MS = 2000;
/** The secret's life left when the test starts watching: less than the skew, so the fast clock sees it expired. */
const LIFE_MS = 1800;

describe.skipIf(!TEST_DATABASE_URL)('two instances whose clocks differ by 2 s [postgres]', () => {
  let bundle: ServerBundle | undefined;
  let store: RunStore | undefined;
  let client: pg.Client | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    await dropStaleRunDatabases();
    [bundle, store] = await Promise.all([bundleServer(), createRunStore('postgres')]);
    client = new pg.Client({ connectionString: store.env.HUSH_DATABASE_URL });
    await client.connect();
    // The purge runs every second on both: the fast one would find the secret expired at once.
    const env = { HUSH_RATE_LIMIT: 'false', HUSH_LOG_LEVEL: 'error', HUSH_PURGE_INTERVAL: '1', ...store.env };
    servers.push(await startServerProcess(env, { entry: bundle.entry }));
    servers.push(await startServerProcess(env, { entry: bundle.entry, clockOffsetMs: SKEW_MS }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await client?.end();
    await store?.cleanup();
    await bundle?.remove();
  });

  /** The database's clock, in epoch milliseconds. */
  const databaseNow = async () =>
    Number(
      (await client!.query<{ now: string }>('select (extract(epoch from clock_timestamp()) * 1000)::bigint as now'))
        .rows[0]!.now,
    );

  it('a secret is neither refused nor deleted by the fast instance before it expires, and goes after', async () => {
    const [exact, fast] = servers as [ServerProcess, ServerProcess];
    const created = await fetch(`${exact.url}/api/v1/secret`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hush1.c2tldw', ttl: 300 }),
    });
    const { id, deleteToken } = (await created.json()) as { id: string; deleteToken: string };
    const expiresAt = (await databaseNow()) + LIFE_MS;
    await client!.query('update secrets set expires_at = $1 where id = $2', [expiresAt, id]);

    // What went wrong before the expiry, each kind once (with how early it was first seen).
    const early = new Map<string, number>();
    const saw = async (what: string) => {
      if (!early.has(what)) early.set(what, expiresAt - (await databaseNow()));
    };
    while ((await databaseNow()) < expiresAt - 300) {
      const row = await client!.query('select id from secrets where id = $1', [id]);
      if (row.rowCount === 0) await saw('deleted');
      for (const [name, server] of [
        ['the exact instance', exact],
        ['the fast instance', fast],
      ] as const) {
        const exist = await fetch(`${server.url}/api/v1/secret/${id}/exist`);
        await exist.arrayBuffer();
        if (exist.status !== 200) await saw(`${name} answered ${exist.status}`);
      }
      await sleep(100);
    }
    expect([...early].map(([what, ms]) => `${what} ${ms} ms before its expiry`)).toEqual([]);

    // Past its expiry by the database's clock, a purge takes it and records that it expired unread.
    const deadline = Date.now() + 5000;
    let gone = false;
    while (!gone && Date.now() < deadline) {
      gone = (await client!.query('select id from secrets where id = $1', [id])).rowCount === 0;
      if (!gone) await sleep(100);
    }
    expect(gone).toBe(true);
    const receipt = await fetch(`${exact.url}/api/v1/receipt/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deleteToken }),
    });
    expect(await receipt.json()).toMatchObject({ state: 'ended', endReason: 'expired_unread' });
  }, 60_000);
});
