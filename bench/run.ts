// Hush HTTP benchmark: the built server (SQLite) against a bare node:http JSON server, with autocannon; then the
// web client in Chromium against the same server (page weight budgets, crypto speed: bench/client.ts).
// Run with `npm run bench`. BENCH_DURATION sets the seconds measured per HTTP scenario (default 10).
// BENCH_FROM_SOURCE=1 runs the server from src/ with tsx instead of dist/ and skips the web client part (no build
// needed: `BENCH_FROM_SOURCE=1 node --import tsx bench/run.ts`). File throughput: bench/files.ts.
// The figures go to bench/results/latest.json and are compared with bench/baseline.json (bench/baseline.ts): a
// regression beyond its tolerance fails the run. BENCH_UPDATE_BASELINE=1 writes the baseline from the run instead.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { collectFigures, compareWithBaseline, formatComparison, REPORT_FORMAT, type BenchReport } from './baseline.js';
import { runClientBench, type ClientResults } from './client.js';
import { formatClientReport } from './client-report.js';
import { formatFileReport, measureFileThroughput, type FileRun, type FileThroughput } from './files.js';
import { runLoad, type Measurement } from './load.js';
import { freePort, HOST, killNow, peakRssMiB, startNode, stop, waitUntilReady, type Child } from './processes.js';
import { formatReport, type ScenarioName } from './report.js';
import { machineKind, readReport, writeReport } from './results.js';
import { createBody, createSecrets, IdPool, JSON_HEADERS } from './secrets.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FROM_SOURCE = process.env.BENCH_FROM_SOURCE === '1';
const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');
const SERVER_ARGS = FROM_SOURCE ? ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')] : [SERVER_ENTRY];
const MiB = 1024 * 1024;
/** A 256 MiB file in 1 MiB and in 4 MiB parts, four parts at a time. */
const FILE_RUNS: FileRun[] = [
  { size: 256 * MiB, partSize: MiB, concurrency: 4 },
  { size: 256 * MiB, partSize: 4 * MiB, concurrency: 4 },
];
const BARE_ENTRY = path.join(ROOT, 'bench/bare-server.ts');
const LATEST_FILE = path.join(ROOT, 'bench/results/latest.json');
const BASELINE_FILE = path.join(ROOT, 'bench/baseline.json');
const UPDATE_BASELINE = process.env.BENCH_UPDATE_BASELINE === '1';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = readDuration();
/** Secrets the exist scenario cycles through (maxViews high: checking spends no view anyway). */
const EXIST_SECRETS = 1_000;
/** Ids in hand before the measured read-burn run: the expected rate times the duration, times this margin. */
const READ_BURN_MARGIN = 1.5;

function readDuration(): number {
  const raw = process.env.BENCH_DURATION;
  if (raw === undefined || raw === '') return 10;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`BENCH_DURATION must be a positive number, not ${raw}`);
  return seconds;
}

const log = (message: string) => console.error(`· ${message}`);

/** Our environment without HUSH_* settings, so only the ones the benchmark sets apply. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('HUSH_')));
}

// Everything to undo, whatever happens.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hush-bench-'));
const children: Child[] = [];
async function cleanup(): Promise<void> {
  await Promise.all(children.map((child) => stop(child)));
  rmSync(dataDir, { recursive: true, force: true });
}
process.once('exit', () => {
  children.forEach(killNow);
  rmSync(dataDir, { recursive: true, force: true });
});
process.once('SIGINT', () => {
  log('interrupted: stopping the servers');
  void cleanup().finally(() => process.exit(130));
});

/** Warm-up, then the measured run; a warm-up with failures stops the benchmark. */
async function measure(name: ScenarioName, url: string, requests: autocannon.Request[]): Promise<Measurement> {
  const warmup = await runLoad({ url, requests, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  if (warmup.failed > 0) throw new Error(`${name} warm-up failed: ${JSON.stringify(warmup.statusCodes)}`);
  log(`${name}: measuring for ${DURATION_SECONDS} s`);
  return runLoad({ url, requests, connections: CONNECTIONS, duration: DURATION_SECONDS });
}

async function main(): Promise<number> {
  if (!FROM_SOURCE && !existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run npm run build first (or set BENCH_FROM_SOURCE=1)`);
  }
  const cpus = os.cpus();
  const loadAverage = os.loadavg()[0] ?? 0;
  console.log(
    `Hush benchmark: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s per scenario; ` +
      `SQLite; Node ${process.version}; ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
  );

  const hushPort = await freePort();
  const hush = startNode('Hush server', SERVER_ARGS, {
    ...cleanEnv(),
    HUSH_HOST: HOST,
    HUSH_PORT: String(hushPort),
    HUSH_DATA_DIR: dataDir,
    HUSH_RATE_LIMIT: 'false',
    HUSH_LOG_LEVEL: 'warn',
    // The file runs upload without an account.
    HUSH_UPLOAD_RESTRICTION: 'false',
    HUSH_ANONYMOUS_MAX_FILE_BYTES: String(512 * MiB),
  });
  children.push(hush);
  const barePort = await freePort();
  const bare = startNode('bare server', ['--import', 'tsx', BARE_ENTRY], {
    ...process.env,
    BARE_PORT: String(barePort),
  });
  children.push(bare);
  const hushUrl = `http://${HOST}:${hushPort}`;
  const bareUrl = `http://${HOST}:${barePort}`;
  await Promise.all([waitUntilReady(hush, `${hushUrl}/readyz`), waitUntilReady(bare, bareUrl)]);
  log(`Hush server pid ${hush.pid} at ${hushUrl}; bare server pid ${bare.pid} at ${bareUrl}`);

  const results = new Map<ScenarioName, Measurement>();
  const body = createBody(1);

  // Ids of maxViews=1 secrets for read-burn: those the create scenario makes, topped up through the API.
  const pool = new IdPool();
  const topUp = async (target: number) => {
    const missing = target - pool.remaining;
    if (missing <= 0) return;
    log(`read-burn: creating ${missing.toLocaleString('en-US')} more secrets`);
    const started = performance.now();
    pool.add(await createSecrets(hushUrl, missing, 1));
    log(`read-burn: created in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  // 1. create
  const create: autocannon.Request = {
    method: 'POST',
    path: '/api/v1/secret',
    headers: JSON_HEADERS,
    body,
    onResponse: (status, text) => {
      if (status === 201) pool.add([(JSON.parse(text) as { id: string }).id]);
    },
  };
  results.set('create', await measure('create', hushUrl, [create]));

  // 2. exist, cycling through secrets that stay
  log(`exist: creating ${EXIST_SECRETS} secrets`);
  const existIds = await createSecrets(hushUrl, EXIST_SECRETS, 999);
  let next = 0;
  const existPath = () => `/api/v1/secret/${existIds[next++ % existIds.length]}/exist`;
  results.set(
    'exist',
    await measure('exist', hushUrl, [{ method: 'GET', setupRequest: (r) => ({ ...r, path: existPath() }) }]),
  );

  // 3. read-burn: every request opens, and so deletes, a different maxViews=1 secret
  const readBurn: autocannon.Request[] = [
    {
      method: 'POST',
      headers: JSON_HEADERS,
      body: '{}',
      setupRequest: (r) => ({ ...r, path: `/api/v1/secret/${pool.take()}` }),
    },
  ];
  // The warm-up runs a fixed number of requests, so it cannot run out of ids; its rate sizes the measured run.
  const warmupAmount = Math.max(1_000, Math.round((results.get('create')?.rps ?? 0) * WARMUP_SECONDS));
  await topUp(warmupAmount + 2 * CONNECTIONS);
  const warmup = await runLoad({ url: hushUrl, requests: readBurn, connections: CONNECTIONS, amount: warmupAmount });
  if (warmup.failed > 0) throw new Error(`read-burn warm-up failed: ${JSON.stringify(warmup.statusCodes)}`);
  // The warm-up tends to understate the rate, so size by the create rate too when that is higher.
  const expectedRps = Math.max(warmup.rps, results.get('create')?.rps ?? 0);
  const needed = Math.ceil(expectedRps * DURATION_SECONDS * READ_BURN_MARGIN) + 2 * CONNECTIONS;
  log(
    `read-burn: warm-up ran at ${Math.round(warmup.rps)} req/s; ` +
      `${pool.remaining.toLocaleString('en-US')} ids in hand, ${needed.toLocaleString('en-US')} wanted`,
  );
  await topUp(needed);
  log(`read-burn: measuring for ${DURATION_SECONDS} s`);
  results.set(
    'read-burn',
    await runLoad({ url: hushUrl, requests: readBurn, connections: CONNECTIONS, duration: DURATION_SECONDS }),
  );

  // 4. bare node:http server, same body
  results.set('bare', await measure('bare', bareUrl, [{ method: 'POST', path: '/', headers: JSON_HEADERS, body }]));

  const peak = peakRssMiB(hush.pid);
  await stop(bare);

  // 5. file attachments: a large file up in parts and down again, one run at a time
  const files: FileThroughput[] = [];
  for (const run of FILE_RUNS) {
    log(`files: ${run.size / MiB} MiB in ${run.partSize / MiB} MiB parts, ${run.concurrency} at a time`);
    files.push(await measureFileThroughput(hushUrl, run));
  }
  const filesPeak = peakRssMiB(hush.pid);

  // 6. the web client in Chromium, against the same Hush server (the load above is over)
  let client: ClientResults | undefined;
  let clientError: unknown;
  if (!FROM_SOURCE) {
    try {
      client = await runClientBench({ root: ROOT, baseUrl: hushUrl, log });
    } catch (error) {
      clientError = error;
    }
  }
  await cleanup();

  console.log('');
  console.log(formatReport(results, { exhausted: pool.exhausted, peakRssMiB: peak, cpus: cpus.length }));
  console.log('');
  console.log(formatFileReport(files));
  if (filesPeak !== undefined) console.log(`Server peak RSS (VmHWM) after the file runs: ${filesPeak.toFixed(0)} MiB`);
  console.log('');
  if (FROM_SOURCE) console.log('Web client: not measured (BENCH_FROM_SOURCE: the server ran from source, no build)');
  else console.log(client ? formatClientReport(client) : 'Web client: not measured (see the error below)');

  let code = 0;
  const failed = [...results].filter(([, m]) => m.failed > 0).map(([name]) => name);
  if (failed.length > 0) {
    console.error(`\nThe run failed: errors or non-2xx answers in ${failed.join(', ')}.`);
    code = 1;
  }
  if (clientError !== undefined) {
    console.error(`\nThe web client part failed: ${clientError instanceof Error ? clientError.message : clientError}`);
    code = 1;
  }

  const report: BenchReport = {
    format: REPORT_FORMAT,
    recordedAt: new Date().toISOString(),
    machine: machineKind(),
    run: { durationSeconds: DURATION_SECONDS, connections: CONNECTIONS, fromSource: FROM_SOURCE, loadAverage },
    figures: collectFigures(results, client?.pages),
    details: {
      scenarios: Object.fromEntries(results),
      readBurnExhausted: pool.exhausted,
      serverPeakRssMiB: { load: peak ?? null, files: filesPeak ?? null },
      files,
      client: client && { chromium: client.chromium, pages: client.pages, crypto: client.crypto },
    },
  };
  writeReport(LATEST_FILE, report);
  console.log(`\nFigures written to ${shown(LATEST_FILE)}`);
  return judge(report, code);
}

const shown = (file: string) => path.relative(process.cwd(), file) || file;

/**
 * Compares the run with the baseline and returns the exit code: `code` (the run's own failures), or 1 on a
 * regression. With BENCH_UPDATE_BASELINE=1 the run becomes the baseline instead, if it is complete.
 */
function judge(report: BenchReport, code: number): number {
  console.log('');
  let baseline: BenchReport | null;
  try {
    baseline = readReport(BASELINE_FILE, shown(BASELINE_FILE));
  } catch (error) {
    if (!UPDATE_BASELINE) throw error;
    console.log(`The old baseline is unreadable, and replaced: ${error instanceof Error ? error.message : error}`);
    baseline = null;
  }
  const comparison = baseline && compareWithBaseline(baseline, report);
  if (baseline && comparison) console.log(formatComparison(comparison, baseline, shown(BASELINE_FILE)));
  else console.log(`No baseline at ${shown(BASELINE_FILE)}: BENCH_UPDATE_BASELINE=1 npm run bench records one.`);

  if (UPDATE_BASELINE) {
    const missing = Object.entries(report.figures).filter(([, value]) => value === null);
    const refusal =
      code !== 0
        ? 'the run failed'
        : FROM_SOURCE
          ? 'the server ran from source (BENCH_FROM_SOURCE): the baseline is of the build'
          : missing.length > 0
            ? `figures not measured: ${missing.map(([name]) => name).join(', ')}`
            : undefined;
    if (refusal) {
      console.error(`\nBaseline NOT written: ${refusal}.`);
      return 1;
    }
    writeReport(BASELINE_FILE, { ...report, details: undefined });
    console.log(`\nBaseline written to ${shown(BASELINE_FILE)} (BENCH_UPDATE_BASELINE=1): commit it.`);
    return code;
  }
  if (comparison && comparison.regressions.length > 0) {
    console.error(
      `\n${comparison.regressions.length} figure(s) regressed beyond the baseline's tolerance ` +
        `(see the REGRESSION lines above); BENCH_UPDATE_BASELINE=1 accepts the run as the new baseline.`,
    );
    return 1;
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(1);
  },
);
