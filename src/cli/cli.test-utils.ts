import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { scopesFor } from '../shared/rules/tokens.js';
import type { Config } from '../server/config.js';
import { createTestApp, type TestApp } from '../server/test-utils/app.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: Buffer;
  /** Standard output as text. */
  out: string;
  stderr: string;
  /** Highest resident memory seen while it ran, in bytes (sampled from /proc every 20 ms). */
  peakRss: number;
}

export interface CliWorld {
  /** The server's address. */
  url: string;
  t: TestApp;
  /** A folder of this suite's own, removed at the end: configs, outputs, inputs. */
  dir: string;
  /** The CLI, bundled into one file as the instance serves it (scripts/build-cli.mjs). */
  cli: string;
  run(args: string[], options?: RunOptions): Promise<CliRun>;
  /** An API token of a new user, for the commands that need one (named `name`, default `cli`). */
  token(username: string, name?: string): Promise<string>;
}

export interface RunOptions {
  input?: Buffer | string;
  /** The node binary (this process's own unless set). */
  node?: string;
  /** Run as this user (through runuser: the tests must run as root). */
  user?: string;
  env?: Record<string, string>;
  cwd?: string;
}

/** An API token with every scope of a user, for a new user `username` (named `name`, default `cli`). */
export async function apiToken(t: TestApp, username: string, name = 'cli'): Promise<string> {
  const user = await t.services.auth.createUser(
    { username, email: `${username}@example.com`, password: 'correct horse battery' },
    'user',
  );
  const session = await t.services.auth.startSession(user);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/account/tokens',
    headers: { cookie: `hush_session=${session.token}` },
    payload: { name, scopes: scopesFor('user') },
  });
  return (created.json() as { token: string }).token;
}

/**
 * Starts a real server (SQLite, files on disk, 127.0.0.1) and bundles the CLI once for a test file, so each command
 * runs as a user runs it: a process of its own, with no HUSH_* variables but those the test gives and a config
 * file of its own.
 */
export function cliWorld(config: Partial<Config> = {}): CliWorld {
  const world = {} as CliWorld;
  beforeAll(async () => {
    world.dir = mkdtempSync(join(tmpdir(), 'hush-cli-'));
    world.cli = join(world.dir, 'hush-cli.mjs');
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs'), world.cli], { cwd: ROOT });
    world.t = await createTestApp({ config });
    await world.t.app.listen({ host: '127.0.0.1', port: 0 });
    world.url = `http://127.0.0.1:${(world.t.app.server.address() as AddressInfo).port}`;
    world.run = (args, options = {}) =>
      runCli(world.cli, args, {
        ...options,
        env: { HUSH_SERVER: world.url, HUSH_CONFIG: join(world.dir, 'config.json'), ...options.env },
      });
    world.token = (username, name) => apiToken(world.t, username, name);
  });
  afterAll(async () => {
    // A command a timed-out test left running would hold its request open, and the server's close would wait on it.
    for (const child of running) child.kill('SIGKILL');
    await world.t?.close();
    rmSync(world.dir, { recursive: true, force: true });
  });
  return world;
}

/** A process's resident memory, read from /proc without a child process (this process also serves the CLI). */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Commands still running, stopped when their suite ends. */
const running = new Set<ChildProcess>();

/** Runs `node cli ARGS` with only PATH, HOME and the given variables, standard input from `input` (else empty). */
export function runCli(cli: string, args: string[], options: RunOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const node = options.node ?? process.execPath;
    const [command, ...rest] = options.user ? ['runuser', '-u', options.user, '--', node] : [node];
    const child = spawn(command!, [...rest, cli, ...args], {
      cwd: options.cwd ?? tmpdir(),
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    running.add(child);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(child.pid!))), 20);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      clearInterval(sampler);
      const stdout = Buffer.concat(out);
      resolve({ code, stdout, out: stdout.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), peakRss });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** The secrets table's rows, to see what a command left behind. */
export const secretRows = (t: TestApp) => t.database.db.selectFrom('secrets').selectAll().execute();

/** A Node 20 binary on this machine (the oldest the one-file CLI promises to run on), or null. */
export function node20(): string | null {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
      if (version.startsWith('v20.')) return candidate;
    } catch {
      // not there
    }
  }
  return null;
}

/**
 * A node binary that `user` may run (through runuser), for tests that need a user other than root: this process's
 * own when the user can reach it, else the system's (CI keeps its Node under root's home, closed to others); null
 * when there is none, or the tests do not run as root.
 */
export function nodeForUser(user: string): string | null {
  if (process.getuid?.() !== 0) return null;
  for (const candidate of [process.execPath, '/usr/bin/node', '/usr/local/bin/node']) {
    try {
      execFileSync('runuser', ['-u', user, '--', candidate, '--version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not runnable by that user
    }
  }
  return null;
}
