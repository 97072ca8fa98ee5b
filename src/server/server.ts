import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import type { Server } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { configWarnings, loadConfig, type Config } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { startPurgeJob } from './jobs/purge.js';
import { waitForDatabase } from './db/wait-for-database.js';
import { createLogger } from './lib/logger.js';
import { createRedisClient, logRedisState } from './lib/redis.js';
import type { AuthService } from './modules/auth/auth.service.js';
import { checkListenAddress, databaseProblem } from './startup-checks.js';

/** How often the outbox worker looks for events and deliveries due (it also starts at once on a test event). */
const DELIVERY_INTERVAL_MS = 1000;

const here = path.dirname(fileURLToPath(import.meta.url));

/** The commit shown in the footer: HUSH_COMMIT, else the build's record (scripts/build-info.mjs), else git. */
function buildCommit(env: NodeJS.ProcessEnv): string {
  if (env.HUSH_COMMIT) return env.HUSH_COMMIT;
  try {
    return (JSON.parse(fs.readFileSync(path.resolve(here, '../build-info.json'), 'utf8')) as { commit: string }).commit;
  } catch {
    // Run from the sources (tsx): ask git.
  }
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/**
 * No default credentials: HUSH_ADMIN_USERNAME/PASSWORD create an admin, and without them, while no admin exists,
 * a one-time setup link is printed (valid 24 hours).
 */
async function prepareFirstAdmin(
  config: Config,
  auth: AuthService,
  log: { info(message: string): void; warn(message: string): void },
): Promise<void> {
  if (config.adminUsername && config.adminPassword) {
    const email = config.adminEmail || `${config.adminUsername}@localhost.invalid`;
    const result = await auth.ensureAdmin(config.adminUsername, config.adminPassword, email);
    log.info(`admin ${config.adminUsername}: ${result}`);
    return;
  }
  const token = await auth.issueSetupToken();
  if (!token) return;
  const base = config.publicUrl || localUrl(config.host, config.port);
  log.warn(`No admin yet. Create one within 24 hours at: ${base.replace(/\/$/, '')}/setup#token=${token}`);
}

/** An address to reach the server at from this machine: listening on every interface, loopback is one of them. */
function localUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** How long a kept-alive connection may stay idle once the server is stopping. */
const IDLE_GRACE_MS = 1000;

/**
 * Stops accepting connections, and gives those kept alive a moment to end. http.Server.close() would also destroy
 * the idle ones at once, and a request already on its way on one of them would meet a reset: a client sending
 * continuously has its connection idle only between an answer and its next request. So only the listening socket
 * closes here; a request that still arrives is answered 503 with `Connection: close` (http/draining.ts), and so is
 * every answer still to come, until no connection is left or IDLE_GRACE_MS have passed (app.close() then closes
 * those still idle, and a connection going idle later is closed after IDLE_GRACE_MS by its keep-alive timeout).
 */
async function stopListening(server: Server): Promise<void> {
  const drained = once(server, 'close'); // a net.Server whose socket is closed says 'close' once no connection is left
  net.Server.prototype.close.call(server);
  server.keepAliveTimeout = IDLE_GRACE_MS;
  const grace = new AbortController();
  await Promise.race([drained, sleep(IDLE_GRACE_MS, undefined, { signal: grace.signal }).catch(() => {})]);
  grace.abort();
}

export interface RunningServer {
  /** Where to reach it from this machine: http://host:port. */
  url: string;
  /**
   * Graceful shutdown: stop accepting, answer what still arrives 503 (stopListening), let requests in flight finish
   * (at most HUSH_SHUTDOWN_TIMEOUT seconds, then their connections are closed), stop the jobs, close Redis and the
   * database. Resolves true when every request finished in time.
   */
  shutdown(reason: string): Promise<boolean>;
}

/** Starts Hush from an environment: checks, database, migrations, the app, the jobs. Throws StartupError/ConfigError. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const config = loadConfig(env);
  const log = createLogger(config.logLevel);
  await checkListenAddress(config.host, config.port);

  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.resolve(config.dataDir, 'hush.sqlite'),
  });
  try {
    if (config.databaseUrl) await waitForDatabase(database, config.databaseConnectTimeoutSeconds, log);
    await migrateToLatest(database, log);
  } catch (error) {
    await database.destroy().catch(() => {});
    throw databaseProblem(error, config.databaseUrl);
  }
  const redis = config.redisUrl ? createRedisClient(config.redisUrl) : undefined;
  // At once: an error before anyone listens would be printed by ioredis itself, as text.
  if (redis) logRedisState(redis, log);

  const { app, services, drain } = await createApp({
    config,
    database,
    redis,
    clientDir: path.resolve(here, '../client'),
    commit: buildCommit(env),
    logger: log,
  });
  for (const warning of configWarnings(env)) app.log.warn(warning);
  await prepareFirstAdmin(config, services.auth, app.log);
  // Not fatal: /readyz reports it until the store can be used.
  await services.storage.check().catch((error: unknown) => app.log.warn({ err: error }, 'file storage is not ready'));

  await app.listen({ host: config.host, port: config.port });
  const stopPurge = startPurgeJob({
    secrets: services.secrets,
    analytics: services.analytics,
    sweep: services.sweep,
    requests: services.requests,
    retained: services.retained,
    database,
    intervalMs: config.purgeIntervalSeconds * 1000,
    log: app.log,
    now: true,
  });
  services.worker.start(DELIVERY_INTERVAL_MS);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = localUrl(config.host, port);
  const storage = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${path.resolve(config.dataDir)}`;
  const files = config.s3Endpoint ? `files in S3 bucket ${config.s3Bucket}` : 'files on disk';
  app.log.info(`Hush is running at ${url} (${storage}, ${files})`);

  let closing: Promise<boolean> | null = null;
  const shutdown = async (reason: string): Promise<boolean> => {
    app.log.info({ reason }, 'shutting down: finishing the requests in flight');
    let inTime = true;
    const deadline = setTimeout(() => {
      inTime = false;
      app.log.warn(`requests still running after ${config.shutdownTimeoutSeconds} s: closing their connections`);
      app.server.closeAllConnections();
    }, config.shutdownTimeoutSeconds * 1000);
    drain();
    await stopListening(app.server);
    try {
      await app.close();
    } finally {
      clearTimeout(deadline);
    }
    await stopPurge();
    await redis?.quit().catch(() => redis.disconnect());
    await database.destroy();
    app.log.info('stopped');
    return inTime;
  };
  return {
    url,
    shutdown: (reason) => (closing ??= shutdown(reason)),
  };
}
