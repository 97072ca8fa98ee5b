import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { createApp } from '../app.js';
import { testConfig, type Config } from '../config.js';
import type { Database, Dialect } from '../db/database.js';
import type { PasswordHasher } from '../lib/passwords.js';
import type { BlobStorage } from '../storage/index.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** A clock tests can move: `clock.advance(ms)`. */
export function createTestClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  const clock = () => now;
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

export interface TestAppOptions {
  dialect?: Dialect;
  config?: Partial<Config>;
  clock?: () => number;
  database?: Database;
  redis?: Redis;
  clientDir?: string | null;
  sqliteFile?: string;
  /** A file storage of the test's own (not closed with the app); default: disk, in a temp folder removed at close. */
  storage?: BlobStorage;
  /** Receives the app's log lines (with `config.logLevel` above silent). */
  logStream?: { write(line: string): void };
  /** argon2id hashing of the test's own (e.g. one that counts verifications). */
  passwords?: PasswordHasher;
}

/** The real app on a fresh, migrated database; `close()` stops both. */
export async function createTestApp(options: TestAppOptions = {}) {
  const owned: TestDatabase | null = options.database
    ? null
    : await createTestDatabase(options.dialect ?? 'sqlite', { sqliteFile: options.sqliteFile });
  const database = options.database ?? owned!;
  // Files go to a folder of this app's own (created when first needed), never to ./data.
  const dataDir = join(tmpdir(), `hush-test-${randomBytes(6).toString('hex')}`);
  const config = testConfig({ dataDir, ...options.config });
  const { app, services, routes, drain } = await createApp({
    config,
    database,
    ...(options.storage && { storage: options.storage }),
    ...(options.clock && { clock: options.clock }),
    ...(options.redis && { redis: options.redis }),
    ...(options.logStream && { logStream: options.logStream }),
    ...(options.passwords && { passwords: options.passwords }),
    clientDir: options.clientDir ?? null,
  });
  await app.ready();
  return {
    app,
    services,
    routes,
    drain,
    database,
    testDatabase: owned,
    config,
    async close() {
      await app.close();
      await owned?.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Creates a secret through the API and returns the 201 body. */
export async function createSecret(app: TestApp['app'], body: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/secret',
    payload: { text: 'hush1.c2VjcmV0', ttl: 3600, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string; deleteToken: string; expiresAt: string }>();
}
