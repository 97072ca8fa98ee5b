import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEachDialect } from './test-utils/database.js';
import {
  FULL_DATABASE_DISK_EXPECTED,
  FULL_FILE_STORAGE_EXPECTED,
  fullDatabaseDisk,
  fullFileStorage,
  postgresOnTmpfs,
} from './test-utils/disk-full.js';
import { createRunStore, type RunStore } from './test-utils/run-store.js';
import { startServerProcess, type ServerProcess } from './test-utils/server-process.js';
import { hasPostgresBinaries } from './test-utils/services.js';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from './test-utils/tmpfs.js';

/**
 * Issue 29, point 10: a real full filesystem (a small tmpfs) under the real server process. A write that finds no
 * room answers 507 storage.full, is logged once as an error (without ids), and leaves nothing of the upload behind;
 * text secrets go on working; everything works again once space is freed.
 */

const unavailable = tmpfsUnavailable();
if (unavailable) console.warn(`⚠ SKIPPED disk-full.test.ts: ${unavailable}`);
if (!hasPostgresBinaries)
  console.warn('⚠ SKIPPED the PostgreSQL case of disk-full.test.ts: PostgreSQL is not installed');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Log lines at error level or above. */
const errorLines = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));

describeEachDialect('a full file storage', (dialect) => {
  it.skipIf(!!unavailable)(
    'answers 507 storage.full to the part and the completion that do not fit, frees the upload at once, keeps text secrets working, and recovers when space is freed',
    async () => {
      const store: RunStore = await createRunStore(dialect);
      cleanups.push(() => store.cleanup());
      const disk: Tmpfs = mountTmpfs(join(store.dataDir, 'files'), 8 * 1024 * 1024);
      cleanups.push(() => disk.unmount());
      const server = await startServerProcess(
        { HUSH_UPLOAD_RESTRICTION: 'false', ...store.env },
        {
          dataDir: store.dataDir,
        },
      );
      cleanups.push(() => server.stop());

      expect(await fullFileStorage(server.url, disk)).toEqual(FULL_FILE_STORAGE_EXPECTED);

      // Each refusal said so once, as an error, without an id, a token or a path that holds one.
      const errors = errorLines(server);
      expect(errors, server.output()).toHaveLength(2);
      for (const line of errors) {
        expect(line).toMatch(/"msg":"no space left/);
        expect(line).not.toMatch(/files\/[A-Za-z0-9_-]{22}|secret\/[A-Za-z0-9_-]{22}/);
      }
    },
    60_000,
  );
});

describe('a full disk under the database', () => {
  it.skipIf(!!unavailable)(
    'SQLite: answers 507 storage.full to a create while it is full, and works again when space is freed',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'hush-full-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const disk = mountTmpfs(dataDir, 16 * 1024 * 1024);
      cleanups.push(() => disk.unmount());
      const server = await startServerProcess({ HUSH_RATE_LIMIT: 'false' }, { dataDir });
      cleanups.push(() => server.stop());

      expect(await fullDatabaseDisk(server.url, disk)).toEqual(FULL_DATABASE_DISK_EXPECTED);
      const errors = errorLines(server);
      expect(errors, server.output()).toHaveLength(1);
      expect(errors[0]).toMatch(/"cause":"SQLITE_FULL","msg":"no space left for the database"/);
    },
    60_000,
  );

  it.skipIf(!!unavailable || !hasPostgresBinaries)(
    'PostgreSQL: answers 507 storage.full to a create while its tablespace is full, and works again when space is freed',
    async () => {
      const postgres = await postgresOnTmpfs(16 * 1024 * 1024);
      cleanups.push(() => postgres.destroy());
      const dataDir = await mkdtemp(join(tmpdir(), 'hush-full-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const server = await startServerProcess(
        { HUSH_RATE_LIMIT: 'false', HUSH_DATABASE_URL: postgres.url },
        { dataDir },
      );
      cleanups.push(() => server.stop());

      expect(await fullDatabaseDisk(server.url, postgres.disk)).toEqual(FULL_DATABASE_DISK_EXPECTED);
      const errors = errorLines(server);
      expect(errors, server.output()).toHaveLength(1);
      expect(errors[0]).toMatch(/"cause":"53100","msg":"no space left for the database"/);
    },
    90_000,
  );
});
