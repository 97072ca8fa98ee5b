import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './services.js';

export { freePort };

/**
 * The real server in a child process, as `main.ts` starts it (environment, listen, purge job), so that tests can
 * put something in front of it and measure its memory. It runs from source (`node --import tsx src/server/main.ts`,
 * what `npm run dev:server` does without the watcher): no build needed, and always the code under test.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SKEWED_CLOCK = fileURLToPath(new URL('./skewed-clock.mjs', import.meta.url));

export interface ServerProcess {
  pid: number;
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  dataDir: string;
  /** Resident memory now (VmRSS), in MiB. */
  rssMiB(): number;
  /** Peak resident memory (VmHWM) since the start or the last resetPeak(), in MiB. */
  peakMiB(): number;
  /** Sets the peak to the present (Linux clear_refs); false where that is not allowed. */
  resetPeak(): boolean;
  /** What it wrote to stdout and stderr so far (its log lines). */
  output(): string;
  /** Sends a signal (SIGTERM: a graceful shutdown), noting when. */
  signal(signal: NodeJS.Signals): void;
  /** Its exit code, and the milliseconds from the last signal() to the exit. */
  exited: Promise<{ code: number | null; msAfterSignal: number }>;
  /** SIGTERM (SIGKILL after 10 s), then removes the data folder if this function made it. */
  stop(): Promise<void>;
}

const memoryMiB = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
};

/**
 * Starts the server on 127.0.0.1 and a free port with `env` (HUSH_* settings; nothing of the test's own
 * environment but PATH) and a new data folder (or `options.dataDir`, kept), and waits until /readyz answers 200.
 * `options.entry`: a bundle of main.ts (test-utils/server-bundle.ts) for node to run instead of the sources.
 * `options.clockOffsetMs`: the process's clock runs this far ahead of the machine's (test-utils/skewed-clock.mjs).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { dataDir?: string; entry?: string; port?: number; clockOffsetMs?: number } = {},
): Promise<ServerProcess> {
  // A port of the test's own when its address must be known beforehand (HUSH_PUBLIC_URL, say).
  const port = options.port ?? (await freePort());
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'hush-process-')));
  const args = options.entry ? [options.entry] : ['--import', 'tsx', 'src/server/main.ts'];
  // A clock that is off: the process's Date.now runs this far ahead (behind when negative) of the machine's.
  if (options.clockOffsetMs) args.unshift('--import', SKEWED_CLOCK);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HUSH_HOST: '127.0.0.1',
      HUSH_PORT: String(port),
      HUSH_DATA_DIR: dataDir,
      HUSH_LOG_LEVEL: 'warn',
      HUSH_COMMIT: 'test',
      ...(options.clockOffsetMs && { HUSH_TEST_CLOCK_OFFSET_MS: String(options.clockOffsetMs) }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let signalledAt = 0;
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<{ code: number | null; msAfterSignal: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, msAfterSignal: performance.now() - signalledAt })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const killOnExit = () => running() && child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const pid = child.pid!;
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    process.off('exit', killOnExit);
    if (running()) {
      child.kill('SIGTERM');
      if ((await Promise.race([exited, sleep(10_000).then(() => 'timeout')])) === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
    }
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(`${url}/readyz`, running, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    pid,
    port,
    url,
    dataDir,
    rssMiB: () => memoryMiB(pid, 'VmRSS'),
    peakMiB: () => memoryMiB(pid, 'VmHWM'),
    resetPeak() {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    output: () => output,
    signal(name) {
      signalledAt = performance.now();
      child.kill(name);
    },
    exited,
    stop,
  };
}

async function waitUntilReady(url: string, alive: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error('the server process exited before it was ready');
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`the server was not ready at ${url} within ${timeoutMs / 1000} s`);
}
