import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { createRedisClient } from '../lib/redis.js';
import { until } from './load.js';

/**
 * Real Redis and PostgreSQL servers of a test's own, on free loopback ports, that the test may stop and start
 * again (the shared ones of the machine must never be stopped). Each says when its binaries are missing.
 */

/** A port nothing listens on: the system picks it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(!!socket.end()));
    socket.once('error', () => resolve(false));
  });

const REDIS = '/usr/bin/redis-server';
export const hasRedisServer = fs.existsSync(REDIS);

/**
 * A redis-server of the test's own (no persistence); stop() and start() it to play an outage. `connect()` gives a
 * server's own Redis client on it (createRedisClient), connected; `clientsAre()` waits until they all see the change.
 */
export async function startRedisServer() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const clients: Redis[] = [];
  const server = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async connect(): Promise<Redis> {
      const redis = createRedisClient(server.url);
      redis.on('error', () => {});
      clients.push(redis);
      await until('the Redis client to connect', () => redis.status === 'ready', 15_000);
      return redis;
    },
    clientsAre: (state: 'up' | 'down') =>
      until(
        `the Redis clients to see it ${state}`,
        () => clients.every((redis) => (redis.status === 'ready') === (state === 'up')),
        15_000,
      ),
    /** Disconnects the clients and stops the server. */
    async close() {
      for (const redis of clients) redis.disconnect();
      await server.stop();
    },
    async start() {
      child = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      await waitFor('redis-server to listen', () => accepts(port));
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGKILL');
      });
    },
  };
  await server.start();
  return server;
}

const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  const version = fs.existsSync(root) ? fs.readdirSync(root).sort().at(-1) : undefined;
  return version ? path.join(root, version, 'bin') : null;
})();
export const hasPostgresBinaries = PG_BIN !== null && fs.existsSync(path.join(PG_BIN, 'initdb'));

/** As the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(command: string, args: string[]) {
  const root = process.getuid?.() === 0;
  const result = spawnSync(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args, {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

/** A PostgreSQL cluster of the test's own (trust auth, database postgres); stop() and start() it. */
export async function startPostgresCluster() {
  if (!PG_BIN) throw new Error('PostgreSQL binaries are missing');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres', dir]);
  asPostgres(path.join(PG_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (...args: string[]) => asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-w', '-t', '30', ...args]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => ctl('-o', options, '-l', path.join(dir, 'log'), 'start'),
    stop: async () => ctl('-m', 'immediate', 'stop'),
    async destroy() {
      try {
        await cluster.stop();
      } catch {
        // Stopped already.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
