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
  await purgeOnce(services.secrets, database);
  const stopPurge = startPurgeJob({
    secrets: services.secrets,
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
  app.log.info(`Hush is running at http://${config.host}:${config.port} (${storage})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
