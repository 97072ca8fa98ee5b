import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { purgeOnce, startPurgeJob } from './jobs/purge.js';

const here = path.dirname(fileURLToPath(import.meta.url));

function buildCommit(): string {
  if (process.env.HUSH_COMMIT) return process.env.HUSH_COMMIT;
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
  config: ReturnType<typeof loadConfig>,
  auth: Awaited<ReturnType<typeof createApp>>['services']['auth'],
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
  const base = config.publicUrl || `http://${config.host}:${config.port}`;
  log.warn(`No admin yet. Create one within 24 hours at: ${base.replace(/\/$/, '')}/setup#token=${token}`);
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.resolve(config.dataDir, 'hush.sqlite'),
  });
  await migrateToLatest(database);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;

  const { app, services } = await createApp({
    config,
    database,
    redis,
    clientDir: path.resolve(here, '../client'),
    commit: buildCommit(),
  });
  await prepareFirstAdmin(config, services.auth, app.log);
  // Not fatal: /readyz reports it until the store can be used.
  await services.storage.check().catch((error: unknown) => app.log.warn({ err: error }, 'file storage is not ready'));
  await purgeOnce(services.secrets, database, services.analytics, services.sweep);
  const stopPurge = startPurgeJob({
    secrets: services.secrets,
    analytics: services.analytics,
    sweep: services.sweep,
    database,
    intervalMs: config.purgeIntervalSeconds * 1000,
    log: app.log,
  });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopPurge();
    await app.close();
    redis?.disconnect();
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const storage = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${path.resolve(config.dataDir)}`;
  const files = config.s3Endpoint ? `files in S3 bucket ${config.s3Bucket}` : 'files on disk';
  app.log.info(`Hush is running at http://${config.host}:${config.port} (${storage}, ${files})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
