import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleServer, type ServerBundle } from '../server-bundle.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { freePort, startPostgresCluster, startRedisServer } from '../services.js';

/**
 * What the fault runner breaks: a PostgreSQL cluster and a redis-server of its own (never the machine's shared
 * ones), and two real Hush instances on them (main.ts bundled once), each on a port and a data folder it keeps across
 * restarts, so that clients find it where it was.
 */

export interface InstanceOptions {
  /** The instance's clock runs this far ahead of the machine's (behind when negative): test-utils/skewed-clock.mjs. */
  clockOffsetMs?: number;
  /** HUSH_* settings over the world's own (a scenario's, for this start only). */
  env?: Record<string, string>;
  /** Another data folder for this start (the instance's own otherwise). */
  dataDir?: string;
}

export interface Instance {
  readonly name: string;
  /** http://127.0.0.1:port: the same across restarts. */
  readonly url: string;
  /** Running and ready (false from a kill or a stop until the next start). */
  readonly up: boolean;
  /** The running process (its log, pid, signal, exit), or null while down. */
  readonly process: ServerProcess | null;
  /** Starts it again (after kill or stop), with `options` for this start. */
  start(options?: InstanceOptions): Promise<void>;
  /** SIGKILL, and waits for the exit: no shutdown, requests in flight get no answer. */
  kill(): Promise<void>;
  /** SIGTERM, and waits for the graceful exit. */
  stop(): Promise<void>;
  /**
   * After a signal sent to `process` by someone else (a rolling restart's SIGTERM): waits for the exit, then starts
   * it again with the options of its last start, and answers the new process.
   */
  startAgain(): Promise<ServerProcess>;
}

export interface FaultWorld {
  postgres: { url: string; stop(): Promise<void>; start(): Promise<void> };
  redis: { url: string; stop(): Promise<void>; start(): Promise<void> };
  instances: [Instance, Instance];
  close(): Promise<void>;
}

const BASE_ENV = {
  HUSH_LOG_LEVEL: 'warn',
  // Limits stay on, so that Redis is used, but high enough that the load is never limited.
  HUSH_RATE_LIMIT: 'true',
  HUSH_RATE_LIMIT_MAX: '1000000',
  // Expiry and its purge are under test too: every second.
  HUSH_PURGE_INTERVAL: '1',
};

async function createInstance(name: string, bundle: ServerBundle, env: Record<string, string>) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), `hush-faults-${name}-`));
  let running: ServerProcess | null = null;
  let lastOptions: InstanceOptions = {};
  const instance: Instance = {
    name,
    url: `http://127.0.0.1:${port}`,
    get up() {
      return running !== null;
    },
    get process() {
      return running;
    },
    async start(options = {}) {
      if (running) throw new Error(`instance ${name} is running already`);
      lastOptions = options;
      running = await startServerProcess(
        { ...env, ...options.env },
        {
          entry: bundle.entry,
          port,
          dataDir: options.dataDir ?? dataDir,
          ...(options.clockOffsetMs && { clockOffsetMs: options.clockOffsetMs }),
        },
      );
    },
    async kill() {
      const process = running;
      running = null;
      if (!process) return;
      process.signal('SIGKILL');
      await process.exited;
      await process.stop();
    },
    async stop() {
      const process = running;
      running = null;
      await process?.stop();
    },
    async startAgain() {
      const process = running;
      if (process) {
        await process.exited;
        running = null;
        await process.stop();
      }
      await instance.start(lastOptions);
      return running!;
    },
  };
  const remove = async () => {
    await instance.kill();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await instance.start();
  } catch (error) {
    await remove();
    throw error;
  }
  return { instance, remove };
}

/** Starts PostgreSQL, Redis and two instances on them. */
export async function startFaultWorld(): Promise<FaultWorld> {
  const [postgres, redis, bundle] = await Promise.all([startPostgresCluster(), startRedisServer(), bundleServer()]);
  const env = { ...BASE_ENV, HUSH_DATABASE_URL: postgres.url, HUSH_REDIS_URL: redis.url };
  const started: Awaited<ReturnType<typeof createInstance>>[] = [];
  const close = async () => {
    for (const { remove } of started) await remove();
    await redis.stop();
    await postgres.destroy();
    await bundle.remove();
  };
  try {
    // One after the other: both run the migrations at start (a lock serialises them), the first one does them.
    for (const name of ['A', 'B']) started.push(await createInstance(name, bundle, env));
  } catch (error) {
    await close();
    throw error;
  }
  const [a, b] = started.map(({ instance }) => instance) as [Instance, Instance];
  return { postgres, redis, instances: [a, b], close };
}
