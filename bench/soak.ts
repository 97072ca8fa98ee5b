// Hush soak: the built server (SQLite, local files) under a steady mixed load for a long time, sampled as it goes.
// `npm run soak -- --minutes 60` (default 10). The load: text secrets created and read (some left to expire),
// 1 MiB files uploaded, read and downloaded (some left to expire), at a fixed pace well below the server's limit, so
// what grows or stalls is the server's doing, not a queue. Every --sample seconds it records the server's RSS, V8
// heap and external memory, open files, event-loop delay (p99 and max since the last sample, from the
// server's own /metrics), the database and file folder sizes, and the client's p99 latency; it prints a line per
// sample and, at the end, start, middle and end with the largest stall and when it came. --json FILE keeps it all;
// --stalls DIR profiles the server and keeps what it was doing during each stall (bench/stall-probe.mjs; read it
// with `node --import tsx bench/stall-report.ts DIR`). --wrap 'heaptrack -o FILE' runs the server under a tool of that
// kind (a native-memory profile of the whole soak; read it with heaptrack_print).
// Settings the server reads (HUSH_*) may be given in the environment, e.g. HUSH_STATUS_RETENTION_DAYS.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { partLength, UPLOAD_TOKEN_HEADER } from '../src/shared/api/files.contract.js';
import { cipherSize, DEFAULT_CHUNK_SIZE, encodeFileHeader } from '../src/shared/crypto/file-format.js';
import { freePort, HOST, killNow, startNode, stop, waitUntilReady } from './processes.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');
const MiB = 1024 * 1024;
const JSON_HEADERS = { 'content-type': 'application/json' };

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    sample: { type: 'string', default: '10' },
    creates: { type: 'string', default: '40' },
    files: { type: 'string', default: '1' },
    json: { type: 'string' },
    stalls: { type: 'string' },
    wrap: { type: 'string' },
  },
});
const MINUTES = Number(args.minutes);
const SAMPLE_SECONDS = Number(args.sample);
/** Text secrets created per second; each is read once or twice, or left to expire. */
const CREATES_PER_SECOND = Number(args.creates);
/** 1 MiB file secrets per second. */
const FILES_PER_SECOND = Number(args.files);
/** Secrets live five minutes (the shortest choice), so the purge has work all along. */
const TTL = 300;
/** Of the text secrets: this share is never read and expires. */
const LEFT_UNREAD = 0.2;

interface Sample {
  atSeconds: number;
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  /** Anonymous memory (V8's heap, malloc's arenas, buffers); the rest of RSS is the mapped binary and libraries. */
  anonMiB: number;
  externalMiB: number;
  openFds: number;
  loopP99Ms: number;
  loopMaxMs: number;
  databaseMiB: number;
  /** Of the database's pages in use: the statuses kept after secrets end (secret_status, events, deliveries). */
  statusMiB: number;
  /** Free pages the database keeps for reuse. */
  freeMiB: number;
  filesMiB: number;
  clientP99Ms: number;
  requests: number;
  failures: number;
}

const log = (message: string) => console.error(`· ${message}`);

function folderBytes(folder: string): number {
  let total = 0;
  try {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) total += folderBytes(full);
      else if (entry.isFile()) total += statSync(full, { throwIfNoEntry: false })?.size ?? 0;
    }
  } catch (error) {
    // The server deletes files and their folders as we count.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return total;
}

function databaseBytes(dataDir: string): number {
  return readdirSync(dataDir)
    .filter((name) => name.endsWith('.sqlite') || name.endsWith('.sqlite-wal') || name.endsWith('.db'))
    .reduce((sum, name) => sum + statSync(path.join(dataDir, name)).size, 0);
}

/** The first node process among the descendants of `pid`. */
function nodeBelow(pid: number): number {
  const children = (parent: number) =>
    readdirSync(`/proc/${parent}/task`).flatMap((task) =>
      readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  const queue = children(pid);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (readFileSync(`/proc/${next}/cmdline`, 'utf8').includes(SERVER_ENTRY)) return next;
    queue.push(...children(next));
  }
  throw new Error(`no server process below ${pid}`);
}

function anonymousKiB(pid: number): number {
  try {
    const match = /^Anonymous:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** Where the database's pages go, read through SQLite's dbstat table on a read-only connection of our own. */
function pageUse(dataDir: string): { statusMiB: number; freeMiB: number } {
  const db = new SqliteDatabase(path.join(dataDir, 'hush.sqlite'), { readonly: true });
  try {
    const kept = db
      .prepare(
        `select coalesce(sum(pgsize), 0) as bytes from dbstat where name in (
           select name from sqlite_schema where tbl_name in ('secret_status', 'events', 'deliveries'))`,
      )
      .pluck()
      .get() as number;
    const free =
      (db.pragma('freelist_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
    return { statusMiB: kept / MiB, freeMiB: free / MiB };
  } finally {
    db.close();
  }
}

function metric(text: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
  return match ? Number(match[1]) : NaN;
}

/** The client side: latencies of this sample's requests, and counts. */
class Tally {
  latencies: number[] = [];
  requests = 0;
  failures = 0;
  readonly statuses = new Map<string, number>();

  async time<T>(what: string, call: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    this.requests++;
    try {
      return await call();
    } catch (error) {
      this.failures++;
      const key = `${what}: ${(error as Error).message.slice(0, 80)}`;
      this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
      return undefined;
    } finally {
      this.latencies.push(performance.now() - started);
    }
  }

  takeP99(): number {
    const sorted = this.latencies.sort((a, b) => a - b);
    this.latencies = [];
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! : 0;
  }
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} HTTP ${response.status} ${(await response.text()).slice(0, 60)}`);
  return response;
}

/** Runs `job` `perSecond` times a second, evenly, until `until`; at most `inFlight` at once. */
async function paced(perSecond: number, until: number, inFlight: number, job: () => Promise<unknown>) {
  const running = new Set<Promise<unknown>>();
  const interval = 1000 / perSecond;
  let next = performance.now();
  while (Date.now() < until) {
    next += interval;
    if (running.size < inFlight) {
      const task = job().finally(() => running.delete(task));
      running.add(task);
    }
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(running);
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hush-soak-'));
  const port = await freePort();
  const probe = args.stalls ? ['--import', path.join(ROOT, 'bench/stall-probe.mjs')] : [];
  if (args.stalls) mkdirSync(args.stalls, { recursive: true });
  const wrapper = args.wrap?.split(' ').filter(Boolean) ?? [];
  const server = startNode(
    'Hush server',
    [...probe, SERVER_ENTRY],
    {
      ...process.env,
      ...(args.stalls ? { HUSH_STALL_DIR: path.resolve(args.stalls) } : {}),
      HUSH_HOST: HOST,
      HUSH_PORT: String(port),
      HUSH_DATA_DIR: dataDir,
      HUSH_RATE_LIMIT: 'false',
      HUSH_LOG_LEVEL: process.env.HUSH_LOG_LEVEL ?? 'warn',
      HUSH_METRICS: 'true',
      HUSH_UPLOAD_RESTRICTION: 'false',
      HUSH_ANONYMOUS_MAX_FILE_BYTES: String(8 * MiB),
    },
    wrapper,
  );
  process.once('exit', () => killNow(server));
  const base = `http://${HOST}:${port}`;
  const api = `${base}/api/v1`;
  await waitUntilReady(server, `${base}/readyz`, 60_000);
  // Under a wrapper, the server is the node process below it.
  const serverPid = wrapper.length ? nodeBelow(server.pid) : server.pid;
  log(
    `soak: ${MINUTES} min, ${CREATES_PER_SECOND} text secrets/s, ${FILES_PER_SECOND} × 1 MiB files/s, ` +
      `server pid ${serverPid}, data in ${dataDir}`,
  );

  const tally = new Tally();
  const started = Date.now();
  const until = started + MINUTES * 60_000;
  const envelope = () => `hush1.${randomBytes(300 + Math.floor(Math.random() * 1200)).toString('base64url')}`;

  const textSecret = async () => {
    const maxViews = 1 + Math.floor(Math.random() * 3);
    const created = await tally.time('create', async () => {
      const response = await fetch(`${api}/secret`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ text: envelope(), ttl: TTL, maxViews }),
      });
      return (await (await expectOk(response, 'create')).json()) as { id: string };
    });
    if (!created || Math.random() < LEFT_UNREAD) return;
    const reads = Math.random() < 0.5 ? maxViews : 1;
    for (let view = 0; view < reads; view++) {
      await sleep(Math.random() * 2000);
      await tally.time('read', async () =>
        (await expectOk(await fetch(`${api}/secret/${created.id}`, { method: 'POST' }), 'read')).arrayBuffer(),
      );
    }
  };

  const part = randomBytes(MiB + 64);
  const fileSecret = async () => {
    const bytes = cipherSize(MiB);
    const created = await tally.time('file create', async () => {
      const response = await fetch(`${api}/secret`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ text: envelope(), ttl: TTL, files: [{ meta: envelope(), size: bytes, partSize: MiB }] }),
      });
      return (await (await expectOk(response, 'file create')).json()) as {
        id: string;
        upload: { token: string; files: { id: string; parts: number }[] };
      };
    });
    if (!created) return;
    const file = created.upload.files[0]!;
    const headers = { 'content-type': 'application/octet-stream', [UPLOAD_TOKEN_HEADER]: created.upload.token };
    for (let n = 1; n <= file.parts; n++) {
      const body = Buffer.from(part.subarray(0, partLength(bytes, MiB, n)));
      if (n === 1) Buffer.from(encodeFileHeader(DEFAULT_CHUNK_SIZE, randomBytes(16), randomBytes(7))).copy(body);
      const sent = await tally.time('part', async () =>
        (
          await expectOk(
            await fetch(`${api}/secret/${created.id}/files/${file.id}/parts/${n}`, { method: 'PUT', headers, body }),
            'part',
          )
        ).arrayBuffer(),
      );
      if (!sent) return;
    }
    const done = await tally.time('complete', async () =>
      (
        await expectOk(
          await fetch(`${api}/secret/${created.id}/upload/complete`, {
            method: 'POST',
            headers: { [UPLOAD_TOKEN_HEADER]: created.upload.token },
          }),
          'complete',
        )
      ).arrayBuffer(),
    );
    if (!done || Math.random() < LEFT_UNREAD) return;
    const read = await tally.time('file read', async () => {
      const response = await fetch(`${api}/secret/${created.id}`, { method: 'POST' });
      return (await (await expectOk(response, 'file read')).json()) as { files: { downloadKey: string }[] };
    });
    if (!read) return;
    await tally.time('download', async () => {
      const response = await fetch(`${api}/download`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ key: read.files[0]!.downloadKey, secretId: created.id }),
      });
      const received = (await (await expectOk(response, 'download')).arrayBuffer()).byteLength;
      if (received !== bytes) throw new Error(`download had ${received} bytes, not ${bytes}`);
    });
  };

  const samples: Sample[] = [];
  const sampler = (async () => {
    // The first scrape starts the event-loop histogram; the figures of each sample cover the time since the last.
    await fetch(`${base}/metrics`).then((r) => r.text());
    while (Date.now() < until) {
      await sleep(SAMPLE_SECONDS * 1000);
      const text = await (await fetch(`${base}/metrics`)).text();
      const sample: Sample = {
        atSeconds: Math.round((Date.now() - started) / 1000),
        rssMiB: metric(text, 'process_resident_memory_bytes') / MiB,
        heapUsedMiB: metric(text, 'nodejs_heap_size_used_bytes') / MiB,
        heapTotalMiB: metric(text, 'nodejs_heap_size_total_bytes') / MiB,
        anonMiB: anonymousKiB(serverPid) / 1024,
        externalMiB: metric(text, 'nodejs_external_memory_bytes') / MiB,
        openFds: metric(text, 'process_open_fds'),
        loopP99Ms: metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
        loopMaxMs: metric(text, 'nodejs_eventloop_lag_max_seconds') * 1000,
        databaseMiB: databaseBytes(dataDir) / MiB,
        ...pageUse(dataDir),
        filesMiB: folderBytes(dataDir) / MiB - databaseBytes(dataDir) / MiB,
        clientP99Ms: tally.takeP99(),
        requests: tally.requests,
        failures: tally.failures,
      };
      samples.push(sample);
      console.log(formatSample(sample));
    }
  })();

  console.log(HEADER);
  await Promise.all([
    paced(CREATES_PER_SECOND, until, 400, textSecret),
    paced(FILES_PER_SECOND, until, 20, fileSecret),
    sampler,
  ]);
  // A wrapper ends when the server does (heaptrack then writes its profile).
  if (wrapper.length) process.kill(serverPid, 'SIGTERM');
  await stop(server, wrapper.length ? 600_000 : 20_000);

  console.log(`\n${summary(samples)}`);
  if (tally.statuses.size) {
    console.log('failures:');
    for (const [key, count] of tally.statuses) console.log(`  ${count} × ${key}`);
  }
  if (args.json) writeFileSync(args.json, JSON.stringify({ minutes: MINUTES, samples }, null, 2));
  rmSync(dataDir, { recursive: true, force: true });
  return tally.failures > 0 ? 1 : 0;
}

const HEADER =
  '   s   RSS MiB  anon MiB  heap MiB (of)  ext MiB  fds  loop p99 ms  loop max ms  db MiB (statuses, free)  files MiB  client p99 ms  requests  failed';

function formatSample(s: Sample): string {
  return [
    String(s.atSeconds).padStart(5),
    s.rssMiB.toFixed(1).padStart(8),
    s.anonMiB.toFixed(1).padStart(9),
    s.heapUsedMiB.toFixed(1).padStart(9),
    `(${s.heapTotalMiB.toFixed(0)})`.padStart(5),
    s.externalMiB.toFixed(1).padStart(8),
    String(s.openFds).padStart(4),
    s.loopP99Ms.toFixed(1).padStart(12),
    s.loopMaxMs.toFixed(1).padStart(12),
    s.databaseMiB.toFixed(2).padStart(7),
    `(${s.statusMiB.toFixed(2)}, ${s.freeMiB.toFixed(2)})`.padStart(17),
    s.filesMiB.toFixed(1).padStart(10),
    s.clientP99Ms.toFixed(1).padStart(14),
    String(s.requests).padStart(9),
    String(s.failures).padStart(7),
  ].join(' ');
}

function summary(samples: Sample[]): string {
  if (samples.length === 0) return 'no samples';
  const pick = [samples[0]!, samples[Math.floor(samples.length / 2)]!, samples[samples.length - 1]!];
  const worst = samples.reduce((a, b) => (b.loopMaxMs > a.loopMaxMs ? b : a));
  return [
    'start, middle, end:',
    HEADER,
    ...pick.map(formatSample),
    `largest event-loop stall: ${worst.loopMaxMs.toFixed(0)} ms, in the sample ending at ${worst.atSeconds} s`,
    `worst p99 of a sample: ${Math.max(...samples.map((s) => s.loopP99Ms)).toFixed(1)} ms`,
  ].join('\n');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
