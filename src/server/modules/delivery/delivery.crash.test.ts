import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-utils/app.js';
import { createTestDatabase, describeEachDialect, TEST_DATABASE_URL } from '../../test-utils/database.js';
import { createRunStore } from '../../test-utils/run-store.js';
import { bundleServer, type ServerBundle } from '../../test-utils/server-bundle.js';
import { startServerProcess, type ServerProcess } from '../../test-utils/server-process.js';
import { startWebhookReceiver } from '../../test-utils/webhook-receiver.js';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const EVENTS = 20;

/** A receiver that answers `status()` and counts, per webhook-id, the deliveries it accepted (verified first). */
async function countingReceiver(status: () => number) {
  const accepted = new Map<string, number>();
  const bad: string[] = [];
  const receiver = await startWebhookReceiver((request) => {
    const code = status();
    if (code < 300) {
      try {
        new Webhook(SECRET).verify(request.body, request.headers);
        const id = request.headers['webhook-id']!;
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
      } catch (error) {
        bad.push(String(error));
      }
    }
    return { status: code };
  });
  return { receiver, accepted, bad };
}

async function waitFor(condition: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await sleep(50);
  return condition();
}

/** Creates and reads one-view secrets: each read is an event (secret.viewed) for the instance webhook. */
async function viewSecrets(url: string, count: number) {
  for (let i = 0; i < count; i++) {
    const created = await fetch(`${url}/api/v1/secret`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hush1.eA', ttl: 3600, maxViews: 1 }),
    });
    const { id } = (await created.json()) as { id: string };
    const read = await fetch(`${url}/api/v1/secret/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(read.status).toBe(200);
  }
}

let bundle: ServerBundle | undefined;
beforeAll(async () => {
  bundle = await bundleServer();
});
afterAll(async () => {
  await bundle?.remove();
});

/**
 * Issue 15, point 7: the real server is killed (SIGKILL) after the changes are committed and before their delivery
 * succeeded; started again on the same data, it delivers every event, and the receiver accepts each idempotency id
 * exactly once.
 */
describeEachDialect('the outbox survives SIGKILL: delivered after restart, once per webhook-id', (dialect) => {
  it('every event committed before the kill is accepted exactly once after the restart', async () => {
    let up = false;
    const { receiver, accepted, bad } = await countingReceiver(() => (up ? 204 : 503));
    const store = await createRunStore(dialect);
    const servers: ServerProcess[] = [];
    const start = () =>
      startServerProcess(
        {
          HUSH_RATE_LIMIT: 'false',
          HUSH_LOG_LEVEL: 'error',
          HUSH_WEBHOOK_URL: `${receiver.url}/instance`,
          HUSH_WEBHOOK_SECRET: SECRET,
          HUSH_WEBHOOK_ALLOW_PRIVATE: 'true',
          HUSH_DELIVERY_RETRY_MS: '200',
          HUSH_WEBHOOK_TIMEOUT: '2',
          ...store.env,
        },
        { dataDir: store.dataDir, entry: bundle!.entry },
      );
    try {
      const first = await start();
      servers.push(first);
      await viewSecrets(first.url, EVENTS);
      // The worker has tried (the receiver is down): the events are committed and their deliveries pending.
      expect(await waitFor(() => receiver.received.length > 0, 10_000)).toBe(true);
      first.signal('SIGKILL');
      await first.exited;
      up = true;
      const restarted = await start();
      servers.push(restarted);
      expect(await waitFor(() => accepted.size >= EVENTS, 30_000), `${accepted.size} accepted`).toBe(true);
      await sleep(1500);
      expect(bad).toEqual([]);
      expect(accepted.size).toBe(EVENTS);
      expect([...accepted.values()].every((count) => count === 1)).toBe(true);
      expect(restarted.output()).not.toMatch(/"level":(50|60)/);
    } finally {
      for (const server of servers) await server.stop().catch(() => {});
      await store.cleanup();
      await receiver.close();
    }
  }, 90_000);
});

/**
 * Two instances on one PostgreSQL database (the scale-out deployment; SQLite is one instance's) deliver each event
 * once: their workers race for the same events and deliveries, each claimed by one UPDATE.
 */
describe.skipIf(!TEST_DATABASE_URL)('two instances on PostgreSQL deliver each event once', () => {
  const dialect = 'postgres' as const;
  it('60 events, both workers running together: each webhook-id accepted exactly once', async () => {
    const { receiver, accepted, bad } = await countingReceiver(() => 204);
    const database = await createTestDatabase(dialect);
    const config = {
      webhookUrl: `${receiver.url}/instance`,
      webhookSecret: SECRET,
      webhookAllowPrivate: true,
    };
    const one = await createTestApp({ database, config });
    const sibling = await database.openSibling();
    const two = await createTestApp({ database: sibling, config });
    try {
      for (let i = 0; i < 60; i++) {
        const created = await one.app.inject({
          method: 'POST',
          url: '/api/v1/secret',
          payload: { text: 'hush1.eA', ttl: 3600, maxViews: 1 },
        });
        const app = i % 2 === 0 ? one.app : two.app;
        const read = await app.inject({ method: 'POST', url: `/api/v1/secret/${created.json().id}`, payload: {} });
        expect(read.statusCode).toBe(200);
      }
      await Promise.all(
        [one, two].flatMap((t) => [
          t.services.worker.runOnce(),
          t.services.worker.runOnce(),
          t.services.worker.runOnce(),
        ]),
      );
      expect(bad).toEqual([]);
      expect(accepted.size).toBe(60);
      expect([...accepted.values()].filter((count) => count !== 1)).toEqual([]);
      expect(receiver.received).toHaveLength(60);
    } finally {
      await two.close();
      await one.close();
      await database.cleanup();
      await receiver.close();
    }
  });
});
