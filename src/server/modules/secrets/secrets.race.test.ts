import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Dialect } from '../../db/database.js';
import { createSecret, createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';

/*
 * DESIGN.md §3: "N concurrent readers of a secret with maxViews = m get exactly m successes, on SQLite and on
 * PostgreSQL, across several server instances." These tests race real HTTP requests over real sockets.
 *
 * Node's built-in fetch is undici with its global keep-alive Agent, which does not cap connections per origin:
 * after the first trial every request of a burst has its own open connection, so the 32 reads of a trial reach
 * the server at the same time (and the servers are reused across trials to keep the file fast).
 */

const READERS = 32;
const TRIALS_ONE_VIEW = 100;
const TRIALS_THREE_VIEWS = 15;
const TEXT = 'hush1.cmFjZS10ZXN0';

interface Outcome {
  status: number;
  body: { code?: string; text?: string; viewsLeft?: number };
}

interface Server {
  test: TestApp;
  url: string;
}

async function listen(test: TestApp): Promise<Server> {
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = test.app.server.address() as AddressInfo;
  return { test, url: `http://127.0.0.1:${port}` };
}

/** `READERS` simultaneous reads, spread over the servers and over both API prefixes. */
async function burst(servers: Server[], id: string): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: READERS }, async (_, i) => {
      const server = servers[i % servers.length]!;
      const prefix = Math.floor(i / servers.length) % 2 === 0 ? '/api/v1' : '/api';
      const response = await fetch(`${server.url}${prefix}/secret/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: response.status, body: (await response.json()) as Outcome['body'] };
    }),
  );
}

/** Per trial: how many reads succeeded, how many got 404, how many got anything else, and the views left seen. */
function summarise(outcomes: Outcome[]) {
  const ok = outcomes.filter((o) => o.status === 200);
  return {
    ok: ok.length,
    notFound: outcomes.filter((o) => o.status === 404 && o.body.code === 'secret.not_found').length,
    other: outcomes.filter((o) => o.status !== 200 && o.status !== 404).map((o) => `${o.status} ${o.body.code}`),
    texts: [...new Set(ok.map((o) => o.body.text))],
    viewsLeft: ok.map((o) => o.body.viewsLeft).sort(),
  };
}

async function runTrials(servers: Server[], maxViews: number, trials: number) {
  const creator = servers[0]!.test.app;
  const summaries = [];
  for (let trial = 0; trial < trials; trial++) {
    const { id } = await createSecret(creator, { text: TEXT, maxViews });
    const summary = summarise(await burst(servers, id));
    // Once every view is spent the secret is gone for every instance.
    const afterwards = await Promise.all(servers.map((s) => s.test.app.inject(`/api/v1/secret/${id}/exist`)));
    summaries.push({ ...summary, existAfterwards: afterwards.map((r) => r.statusCode) });
  }
  return summaries;
}

function expected(maxViews: number, trials: number, instances: number) {
  return Array.from({ length: trials }, () => ({
    ok: maxViews,
    notFound: READERS - maxViews,
    other: [],
    texts: [TEXT],
    viewsLeft: Array.from({ length: maxViews }, (_, i) => i),
    existAfterwards: Array.from({ length: instances }, () => 404),
  }));
}

async function secretsLeft(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('secrets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function tempSqliteFile(): { file: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-race-'));
  return { file: path.join(dir, 'hush.sqlite'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function raceSuite(dialect: Dialect, instances: 1 | 2) {
  let servers: Server[] = [];
  let primary: TestApp;
  let sibling: Database | null = null;
  let removeTemp = () => {};

  beforeAll(async () => {
    let sqliteFile: string | undefined;
    if (dialect === 'sqlite') {
      const temp = tempSqliteFile();
      sqliteFile = temp.file;
      removeTemp = temp.remove;
    }
    primary = await createTestApp({ dialect, ...(sqliteFile && { sqliteFile }) });
    servers = [await listen(primary)];
    if (instances === 2) {
      // A second server with its own connection (SQLite) or pool (PostgreSQL) on the same database.
      sibling = await primary.testDatabase!.openSibling();
      servers.push(await listen(await createTestApp({ database: sibling })));
    }
  });

  afterAll(async () => {
    for (const server of servers.slice(1)) await server.test.close();
    // PostgreSQL siblings are closed by the test database's cleanup; a SQLite sibling is ours to close.
    if (sibling && dialect === 'sqlite') await sibling.destroy();
    await primary?.close();
    removeTemp();
  });

  it(`${READERS} concurrent reads of a maxViews=1 secret give exactly one success, ${TRIALS_ONE_VIEW} times out of ${TRIALS_ONE_VIEW}`, async () => {
    const burnedBefore = await primary.services.stats.get('secrets_burned');
    const summaries = await runTrials(servers, 1, TRIALS_ONE_VIEW);
    expect(summaries).toEqual(expected(1, TRIALS_ONE_VIEW, servers.length));
    // Each secret was burned exactly once (counters are batched per instance: flush them all), nothing is left.
    await Promise.all(servers.map((server) => server.test.services.stats.flush()));
    expect((await primary.services.stats.get('secrets_burned')) - burnedBefore).toBe(TRIALS_ONE_VIEW);
    expect(await secretsLeft(primary.database)).toBe(0);
  }, 60_000);

  it(`${READERS} concurrent reads of a maxViews=3 secret give exactly three successes, each seeing a different count of views left`, async () => {
    const summaries = await runTrials(servers, 3, TRIALS_THREE_VIEWS);
    expect(summaries).toEqual(expected(3, TRIALS_THREE_VIEWS, servers.length));
    expect(await secretsLeft(primary.database)).toBe(0);
  }, 60_000);

  it('the servers really are separate instances answering over sockets', async () => {
    expect(new Set(servers.map((s) => s.url)).size).toBe(instances);
    const { id } = await createSecret(primary.app, { text: TEXT, maxViews: instances });
    // Each instance can spend a view of a secret the first one created.
    for (const server of servers) {
      const response = await fetch(`${server.url}/api/v1/secret/${id}`, { method: 'POST' });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      await response.arrayBuffer();
    }
  });
}

describeEachDialect('concurrent reads over real sockets, one server', (dialect) => {
  raceSuite(dialect, 1);
});

describeEachDialect('concurrent reads over real sockets, two servers sharing one database', (dialect) => {
  raceSuite(dialect, 2);
});
