import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from './db/migrations/index.js';
import {
  freePort,
  hasPostgresBinaries,
  hasRedisServer,
  startPostgresCluster,
  startRedisServer,
} from './test-utils/services.js';

/**
 * What an operator's log collector reads: the real process (main.ts run by tsx) started with real Redis and
 * PostgreSQL servers of the test's own that go away and come back. Every line it writes, on standard output or
 * standard error, is one JSON object.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

interface Child {
  url: string;
  /** Every line written so far, parsed; a line that is not a JSON object fails the test. */
  lines(): Line[];
  exited: Promise<{ code: number | null; ms: number }>;
  stop(): Promise<void>;
}

const children: Child[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await child.stop();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function spawnServer(env: Record<string, string>, dataDir?: string): Promise<Child> {
  const port = await freePort();
  const folder = dataDir ?? (await mkdtemp(join(tmpdir(), 'hush-logs-')));
  if (!dataDir) folders.push(folder);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HUSH_HOST: '127.0.0.1',
      HUSH_PORT: String(port),
      HUSH_DATA_DIR: folder,
      HUSH_LOG_LEVEL: 'info',
      HUSH_COMMIT: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, ms: performance.now() - started })),
  );
  const handle: Child = {
    url: `http://127.0.0.1:${port}`,
    lines: () =>
      output
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(line);
          } catch {
            throw new Error(`a log line is not JSON: ${line}`);
          }
          expect(parsed, line).toMatchObject({ level: expect.any(Number), time: expect.any(Number) });
          return parsed as Line;
        }),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        if ((await Promise.race([exited, sleep(10_000).then(() => 'late')])) === 'late') child.kill('SIGKILL');
        await exited;
      }
    },
  };
  children.push(handle);
  return handle;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(100);
  }
}

const readyz = async (child: Child) => {
  try {
    const response = await fetch(`${child.url}/readyz`);
    return { status: response.status, body: (await response.json()) as { status: string } };
  } catch {
    return { status: 0, body: { status: 'not listening' } };
  }
};
const said = (child: Child, pattern: RegExp) => child.lines().filter((line) => pattern.test(line.msg));

describe.skipIf(!hasRedisServer)('logs with Redis going away and coming back', () => {
  it('are JSON lines only, and tell the outage once when it starts and once when it ends', async () => {
    const redis = await startRedisServer();
    try {
      const hush = await spawnServer({ HUSH_REDIS_URL: redis.url });
      await until('the server to be ready', async () => (await readyz(hush)).body.status === 'ok', 60_000);
      await redis.stop();
      await until('/readyz to see Redis gone', async () => (await readyz(hush)).body.status === 'degraded');
      // Several reconnect attempts (every 3 s at most) and readiness checks while it is away.
      for (let i = 0; i < 8; i++) {
        expect((await readyz(hush)).status).toBe(200);
        await sleep(500);
      }
      await redis.start();
      await until('/readyz to see Redis back', async () => (await readyz(hush)).body.status === 'ok', 15_000);
      await hush.stop();
      expect(said(hush, /Redis cannot be reached/)).toHaveLength(1);
      expect(said(hush, /Redis is back/)).toHaveLength(1);
      expect(hush.lines().filter((line) => JSON.stringify(line).includes('"stack"'))).toEqual([]);
      expect(said(hush, /^stopped$/)).toHaveLength(1);
    } finally {
      await redis.stop();
    }
  }, 90_000);

  it('are JSON lines only when Redis is away from the start', async () => {
    const hush = await spawnServer({ HUSH_REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    await until('the server to be ready', async () => (await readyz(hush)).body.status === 'degraded', 60_000);
    await sleep(4000);
    await hush.stop();
    expect(said(hush, /Redis cannot be reached/)).toHaveLength(1);
  }, 90_000);
});

describe('start-up', () => {
  it('says a bad configuration in one JSON line and exits 1', async () => {
    const hush = await spawnServer({ HUSH_PORT: 'none', HUSH_TRUSTED_PROXIES: 'nowhere' });
    expect((await hush.exited).code).toBe(1);
    const lines = hush.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, msg: expect.stringContaining('Invalid configuration') });
    expect(lines[0]!.problems).toEqual([
      expect.stringMatching(/^HUSH_PORT="none": /),
      expect.stringMatching(/^HUSH_TRUSTED_PROXIES="nowhere": /),
    ]);
  }, 60_000);

  it('logs each migration it runs, by name, and none on the next start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hush-logs-'));
    folders.push(dataDir);
    const first = await spawnServer({}, dataDir);
    await until('the server to be ready', async () => (await readyz(first)).status === 200, 60_000);
    await first.stop();
    const applied = said(first, /^migration applied$/).map((line) => line.migration);
    expect(applied).toEqual(Object.keys(migrations));

    const second = await spawnServer({}, dataDir);
    await until('the server to be ready again', async () => (await readyz(second)).status === 200, 60_000);
    await second.stop();
    expect(said(second, /^migration applied$/)).toEqual([]);
  }, 90_000);

  it('retries a PostgreSQL that does not answer, a JSON line per attempt, and gives up after the time set', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/hush`;
    const hush = await spawnServer({ HUSH_DATABASE_URL: url, HUSH_DATABASE_CONNECT_TIMEOUT: '4' });
    const { code, ms } = await hush.exited;
    expect(code).toBe(1);
    expect(ms).toBeGreaterThan(4000);
    expect(ms).toBeLessThan(15_000);
    const attempts = said(hush, /PostgreSQL cannot be reached yet/);
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(attempts.map((line) => line.attempt)).toEqual(attempts.map((_, index) => index + 1));
    const last = hush.lines().at(-1)!;
    expect(last).toMatchObject({ level: 60 });
    expect(last.msg).toMatch(/HUSH_DATABASE_URL \(127\.0\.0\.1:\d+\/hush\).*HUSH_DATABASE_CONNECT_TIMEOUT=4/);
  }, 60_000);

  it.skipIf(!hasPostgresBinaries)(
    'waits for a PostgreSQL started late, then serves',
    async () => {
      const cluster = await startPostgresCluster();
      try {
        await cluster.stop();
        const hush = await spawnServer({ HUSH_DATABASE_URL: cluster.url, HUSH_DATABASE_CONNECT_TIMEOUT: '60' });
        await until('a retry', async () => said(hush, /PostgreSQL cannot be reached yet/).length >= 2, 30_000);
        await cluster.start();
        await until('the server to be ready', async () => (await readyz(hush)).status === 200, 60_000);
        await hush.stop();
        expect((await hush.exited).code).toBe(0);
        expect(said(hush, /^migration applied$/).length).toBe(Object.keys(migrations).length);
      } finally {
        await cluster.destroy();
      }
    },
    120_000,
  );
});
