import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test-utils/database.js';
import { createRunStore, dropStaleRunDatabases, type RunStore } from '../../test-utils/run-store.js';
import { bundleServer, type ServerBundle } from '../../test-utils/server-bundle.js';
import { startServerProcess, type ServerProcess } from '../../test-utils/server-process.js';

/*
 * Issue 29, point 9: a receipt never loses a view that its reader received. The real server (bundled once) serves the
 * last views of many secrets and is killed with SIGKILL the moment the last answer arrives; started again on the
 * same data, every one of those receipts says how the secret ended, with each view.
 */

const SECRETS = 40;
const JSON_HEADERS = { 'content-type': 'application/json' };

const post = async (url: string, body: unknown) => {
  const response = await fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

let bundle: ServerBundle | undefined;
beforeAll(async () => {
  bundle = await bundleServer();
});
afterAll(async () => {
  await bundle?.remove();
});

describeEachDialect('receipts when the server is killed right after the views', (dialect) => {
  let store: RunStore | undefined;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    if (dialect === 'postgres') await dropStaleRunDatabases();
    store = await createRunStore(dialect);
  });
  afterAll(async () => {
    for (const server of servers) {
      server.signal('SIGKILL');
      await server.exited;
      await server.stop();
    }
    await store?.cleanup();
  });

  const start = async () => {
    const server = await startServerProcess(
      { HUSH_RATE_LIMIT: 'false', HUSH_LOG_LEVEL: 'error', ...store!.env },
      { dataDir: store!.dataDir, entry: bundle!.entry },
    );
    servers.push(server);
    return server;
  };

  it('every view its reader received is in the receipt after a SIGKILL and a restart', async () => {
    const first = await start();
    // One view, and two (the first leaves a view, the second ends the secret by another path).
    const secrets = await Promise.all(
      Array.from({ length: SECRETS }, async (_, i) => {
        const maxViews = 1 + (i % 2);
        const created = await post(`${first.url}/api/v1/secret`, { text: 'hush1.a2lsbA', ttl: 3600, maxViews });
        expect(created.status).toBe(201);
        return { id: created.body.id as string, deleteToken: created.body.deleteToken as string, maxViews };
      }),
    );
    const reads = await Promise.all(
      secrets.map(async ({ id, maxViews }) => {
        const statuses = [];
        for (let view = 0; view < maxViews; view++)
          statuses.push((await post(`${first.url}/api/v1/secret/${id}`, {})).status);
        return statuses;
      }),
    );
    first.signal('SIGKILL');
    await first.exited;
    expect(reads.flat().every((status) => status === 200)).toBe(true);

    const restarted = await start();
    const lost: string[] = [];
    for (const { id, deleteToken, maxViews } of secrets) {
      const receipt = await post(`${restarted.url}/api/v1/receipt/${id}`, { deleteToken });
      const { endReason, viewsUsed, views } = receipt.body as { endReason?: string; viewsUsed?: number; views?: [] };
      if (receipt.status !== 200 || endReason !== 'last_view' || viewsUsed !== maxViews || views?.length !== maxViews) {
        lost.push(`${id} (${maxViews} views served): ${receipt.status} ${JSON.stringify(receipt.body)}`);
      }
    }
    expect(lost).toEqual([]);
  }, 60_000);
});
