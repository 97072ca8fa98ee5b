import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMigrator } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { createTestApp, createTestClock, type TestApp } from '../test-utils/app.js';
import {
  folderContents,
  readWithFiles,
  runCli,
  scratchFolder,
  secretWithFile,
  serverOn,
} from '../test-utils/data-folder.js';
import { createTestDatabase } from '../test-utils/database.js';
import { fakeCiphertext, filesApi, sha256Hex } from '../test-utils/files.js';
import { SEEDS } from '../test-utils/migration-seeds.js';
import { createBackup } from './backup.js';
import { restoreBackup } from './restore.js';

/** The schema a backup names: the last migration there is. */
const LATEST_MIGRATION = Object.keys(migrations).at(-1)!;

const CREATE = { text: 'hush1.c2VjcmV0', ttl: 3600 };

/** Creates secrets over a real socket, `workers` at a time, until stopped; answers the ids in the order acknowledged. */
function createLoad(port: number, workers = 8) {
  const acknowledged: string[] = [];
  const failures: string[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/secret`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CREATE),
      });
      if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
      else failures.push(`${response.status} ${await response.text()}`);
    }
  });
  return {
    acknowledged,
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('hush backup and restore', { timeout: 120_000 }, () => {
  let scratch: Awaited<ReturnType<typeof scratchFolder>>;
  const servers: TestApp[] = [];
  beforeEach(async () => {
    scratch = await scratchFolder();
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await scratch.cleanup();
  });
  const start = async (dataDir: string) => {
    const server = await serverOn(dataDir);
    servers.push(server);
    return server;
  };

  it('a backup taken under a create load restores into a fresh folder where every secret acknowledged before it reads, files byte for byte', async () => {
    const live = await start(scratch.path('data'));
    const content = fakeCiphertext(3 * 1024 * 1024 + 5);
    const withFile = await secretWithFile(live, content);
    const small = fakeCiphertext(70_000);
    const withSmallFile = await secretWithFile(live, small);
    await live.app.listen({ host: '127.0.0.1', port: 0 });
    const load = createLoad((live.app.server.address() as AddressInfo).port);
    while (load.acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 10));

    // The backup runs in its own process, as an operator's would, while the server keeps taking creates.
    const before = [...load.acknowledged];
    const backup = await runCli(['backup', scratch.path('hush.tar')], { HUSH_DATA_DIR: scratch.path('data') });
    const during = load.acknowledged.length - before.length;
    await load.stop();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(`^Backed up \\d+ secrets and 0 users \\(schema ${LATEST_MIGRATION}, 2 stored files, 3\\.1 MiB\\)`),
    );
    expect(load.failures).toEqual([]);
    expect(during, 'the server kept creating while the backup ran').toBeGreaterThan(0);

    const restored = scratch.path('restored', 'data');
    const summary = await restoreBackup({ file: scratch.path('hush.tar'), dataDir: restored });
    expect(summary.header.counts.secrets).toBeGreaterThanOrEqual(before.length + 2);
    expect(summary.blobs).toEqual({ count: 2, bytes: expect.any(Number) });
    const files = await folderContents(restored);
    expect(files.filter((path) => !path.startsWith('files/'))).toEqual(['hush.sqlite']);
    expect(files.filter((path) => path.startsWith('files/'))).toHaveLength(2);

    const copy = await start(restored);
    for (const id of before) {
      const exist = await copy.app.inject({ url: `/api/v1/secret/${id}/exist` });
      expect(exist.statusCode, id).toBe(200);
    }
    for (const id of before.slice(0, 20)) {
      const read = await copy.app.inject({ method: 'POST', url: `/api/v1/secret/${id}`, payload: {} });
      expect(read.json()).toMatchObject({ id, text: CREATE.text });
    }
    expect(await readWithFiles(copy, withFile)).toEqual({ text: CREATE.text, files: [sha256Hex(content)] });
    expect(await readWithFiles(copy, withSmallFile)).toEqual({ text: CREATE.text, files: [sha256Hex(small)] });
    // The copy is a server of its own: it takes new secrets too.
    expect((await copy.app.inject({ method: 'POST', url: '/api/v1/secret', payload: CREATE })).statusCode).toBe(201);
  });

  it('a blob deleted after the snapshot and an upload still in progress are left out and counted; the rest restores', async () => {
    const live = await start(scratch.path('data'));
    const kept = fakeCiphertext(100_000);
    const keptId = await secretWithFile(live, kept);
    const goneId = await secretWithFile(live, fakeCiphertext(1000));
    const uploading = await filesApi(live).createFor([fakeCiphertext(2000)]);
    // As if burned between the snapshot and the copy: the database still refers to it, the blob is gone.
    const gone = await live.database.db.selectFrom('files').select('id').where('secret_id', '=', goneId).execute();
    await rm(scratch.path('data', 'files', gone[0]!.id), { recursive: true });

    const summary = await createBackup({
      dataDir: scratch.path('data'),
      file: scratch.path('b.tar'),
      filesInS3: false,
    });
    expect(summary.skipped).toEqual({ deleted: 1, uploading: 1 });
    expect(summary.blobs).toEqual({ count: 1, bytes: expect.any(Number) });
    expect(summary.header.counts).toEqual({ secrets: 3, users: 0, files: 3 });

    await restoreBackup({ file: scratch.path('b.tar'), dataDir: scratch.path('restored') });
    const copy = await start(scratch.path('restored'));
    expect((await readWithFiles(copy, keptId)).files).toEqual([sha256Hex(kept)]);
    expect((await copy.app.inject({ url: `/api/v1/secret/${uploading.id}/exist` })).statusCode).toBe(404);
  });

  it('a backup of an older schema restores, and the server brings it up to date at start, its data intact', async () => {
    const steps = ['0001-initial', '0002-instance-settings', '0003-accounts'];
    const world = { now: createTestClock()(), dataDir: scratch.path('data') };
    await mkdir(world.dataDir);
    const old = await createTestDatabase('sqlite', { sqliteFile: scratch.path('data', 'hush.sqlite'), migrate: false });
    for (const step of steps) {
      expect((await createMigrator(old).migrateTo(step)).error).toBeUndefined();
      await SEEDS[step]!.seed(old.db, world);
    }
    await old.cleanup();

    const summary = await createBackup({ dataDir: world.dataDir, file: scratch.path('old.tar'), filesInS3: false });
    expect(summary.header.schema).toBe('0003-accounts');
    await restoreBackup({ file: scratch.path('old.tar'), dataDir: scratch.path('restored') });
    const copy = await createTestApp({
      sqliteFile: scratch.path('restored', 'hush.sqlite'),
      clock: createTestClock(world.now),
      config: { dataDir: scratch.path('restored') },
    });
    servers.push(copy);
    for (const step of steps) await SEEDS[step]!.check(copy, world);
  });

  it('with files in S3 the archive holds the database only, and says so', async () => {
    const live = await start(scratch.path('data'));
    await live.app.inject({ method: 'POST', url: '/api/v1/secret', payload: CREATE });
    const summary = await createBackup({ dataDir: scratch.path('data'), file: scratch.path('b.tar'), filesInS3: true });
    expect(summary.header.files).toBe('s3');
    expect(summary.blobs.count).toBe(0);
  });

  it('a failed backup leaves no file behind, and an existing file is never overwritten', async () => {
    await start(scratch.path('data'));
    await writeFile(scratch.path('taken.tar'), 'keep me');
    await expect(
      createBackup({ dataDir: scratch.path('data'), file: scratch.path('taken.tar'), filesInS3: false }),
    ).rejects.toThrow(/already exists/);
    await expect(
      createBackup({ dataDir: scratch.path('empty'), file: scratch.path('b.tar'), filesInS3: false }),
    ).rejects.toThrow(/No Hush database at .*: is HUSH_DATA_DIR right\?/);
    await expect(
      createBackup({ dataDir: scratch.path('data'), file: scratch.path('missing', 'b.tar'), filesInS3: false }),
    ).rejects.toThrow(/does not exist/);
    // A failure halfway (here: the snapshot, of a file that is no database) removes its temporary files.
    await mkdir(scratch.path('bogus'));
    await writeFile(scratch.path('bogus', 'hush.sqlite'), randomBytes(8192));
    await expect(
      createBackup({ dataDir: scratch.path('bogus'), file: scratch.path('b.tar'), filesInS3: false }),
    ).rejects.toThrow(/hush\.sqlite is not a Hush database/);
    expect((await folderContents(scratch.root)).filter((path) => !path.startsWith('data/'))).toEqual([
      'bogus/hush.sqlite',
      'taken.tar',
    ]);
  });
});
