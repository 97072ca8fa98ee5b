import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Database } from '../../db/database.js';
import { createSecret, createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { hasPostgresBinaries, startPostgresCluster } from '../../test-utils/services.js';
import { createSecretsRepository, type NewSecretRow } from './secrets.repository.js';

/*
 * Issue 29, points 8 and 9: creates are written in batches (one INSERT for the creates of one event-loop turn), and a
 * batch that fails is tried again row by row. A database that goes away under that load must answer every request
 * it fails 503 server.unavailable, never lose a create it acknowledged, and never lose the status of a view it
 * served.
 */

const row = (id: string): NewSecretRow => ({
  id,
  text: 'hush1.YmF0Y2g',
  title: null,
  max_views: 1,
  views_left: 1,
  prevent_burn: 0,
  is_public: 0,
  expires_at: Date.now() + 3_600_000,
  created_at: Date.now(),
  password_hash: null,
  key_proof_hash: null,
  delete_token_hash: 'x'.repeat(43),
  allowed_ip: null,
  owner_id: null,
  creator_ip: null,
  upload_token_hash: null,
});

describeEachDialect('creates that arrive together', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.close());

  it('a row the database refuses fails alone, with the database’s own error, and the others are stored', async () => {
    const repository = createSecretsRepository(t.database.db);
    const taken = (await createSecret(t.app)).id;
    const ids = [randomBytes(16).toString('base64url'), taken, randomBytes(16).toString('base64url')];
    const results = await Promise.allSettled(ids.map((id) => repository.insert(row(id))));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // The unique violation itself (a 500 by the error handler: a bug, not an outage), not a vaguer error of ours.
    const refused = (results[1] as PromiseRejectedResult).reason as { code?: string };
    expect(refused.code).toBe(dialect === 'sqlite' ? 'SQLITE_CONSTRAINT_PRIMARYKEY' : '23505');
    for (const id of [ids[0]!, ids[2]!]) expect(await repository.findOpenable(id, Date.now())).toBeDefined();
  });
});

/** What a create or read under the load was answered. */
interface Sent {
  id: string;
  text: string;
  deleteToken: string;
  /** The read's answer, when one was sent. */
  read?: number;
}

if (!hasPostgresBinaries) console.warn('PostgreSQL outage tests are SKIPPED: PostgreSQL is not installed.');
describe.skipIf(!hasPostgresBinaries)('creates and reads while PostgreSQL stops and starts again', () => {
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    database = openDatabase({ databaseUrl: cluster.url, poolSize: 20 });
    await migrateToLatest(database);
    t = await createTestApp({ database });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.destroy();
    await cluster?.destroy();
  });

  it('answers 201 or 503 only, keeps every acknowledged create, and every view it served is in its receipt', async () => {
    const acknowledged: Sent[] = [];
    const answers = new Map<string, number>();
    const note = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);
    let phase: 'before' | 'down' | 'after' = 'before';
    let afterOutage = 0;
    let running = true;

    // Each worker creates a one-view secret and reads every other one at once: many creates share a batch, and the
    // last views are written just before the database goes.
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const text = `hush1.${randomBytes(24).toString('base64url')}`;
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/v1/secret',
          payload: { text, ttl: 3600, maxViews: 1 },
        });
        note(`create ${created.statusCode} ${created.json<{ code?: string }>().code ?? ''}`.trim());
        if (created.statusCode !== 201) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        const { id, deleteToken } = created.json<{ id: string; deleteToken: string }>();
        const sent: Sent = { id, text, deleteToken };
        acknowledged.push(sent);
        if (phase === 'after') afterOutage++;
        if ((n + i) % 2 === 0) {
          const read = await t.app.inject({ method: 'POST', url: `/api/v1/secret/${id}`, payload: {} });
          note(`read ${read.statusCode} ${read.json<{ code?: string }>().code ?? ''}`.trim());
          sent.read = read.statusCode;
          if (read.statusCode === 200) expect(read.json<{ text: string }>().text).toBe(text);
        }
      }
    };
    const workers = Array.from({ length: 24 }, (_, n) => worker(n));

    const until = async (check: () => boolean, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await until(() => acknowledged.length >= 200, 20_000);
    phase = 'down';
    await cluster.stop();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await cluster.start();
    phase = 'after';
    await until(() => afterOutage >= 200, 30_000);
    running = false;
    await Promise.all(workers);

    const shown = JSON.stringify([...answers]);
    const statuses = new Set([...answers.keys()]);
    // Only successes and the outage's own answer: no 500 (a create's failed retry), no 404 (a read of a secret
    // whose acknowledged create went missing).
    expect(
      [...statuses].filter((s) => !/^(create 201|read 200|(create|read) 503 server\.unavailable)$/.test(s)),
      shown,
    ).toEqual([]);
    expect(answers.get('create 503 server.unavailable') ?? 0, shown).toBeGreaterThan(0);
    expect(afterOutage, shown).toBeGreaterThanOrEqual(200);

    const lost: string[] = [];
    for (const sent of acknowledged) {
      if (sent.read === 200) {
        // Its last view was served: its receipt says so.
        const receipt = await t.app.inject({
          method: 'POST',
          url: `/api/v1/receipt/${sent.id}`,
          payload: { deleteToken: sent.deleteToken },
        });
        const body = receipt.json<{ endReason?: string; viewsUsed?: number }>();
        if (receipt.statusCode !== 200 || body.endReason !== 'last_view' || body.viewsUsed !== 1) {
          lost.push(`${sent.id}: its view was served, its receipt answers ${receipt.statusCode} ${receipt.body}`);
        }
      } else if (sent.read === undefined) {
        // Never read: it is there, with its text.
        const read = await t.app.inject({ method: 'POST', url: `/api/v1/secret/${sent.id}`, payload: {} });
        if (read.statusCode !== 200 || read.json<{ text: string }>().text !== sent.text) {
          lost.push(`${sent.id}: acknowledged, never read, now answers ${read.statusCode}`);
        }
      }
    }
    expect(lost, shown).toEqual([]);
  }, 90_000);
});
