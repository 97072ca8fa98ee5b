import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index.js';
import { createSecret } from '../test-utils/app.js';
import { folderContents, runCli, scratchFolder, serverOn, type CliRun } from '../test-utils/data-folder.js';

/** The schema a backup names: the last migration there is. */
const LATEST_MIGRATION = Object.keys(migrations).at(-1)!;

/** The real command path: `hush backup FILE` and `hush restore FILE`, run as a process with an operator's environment. */

let scratch: Awaited<ReturnType<typeof scratchFolder>>;
let ids: string[];

beforeAll(async () => {
  scratch = await scratchFolder();
  const server = await serverOn(scratch.path('data'));
  ids = [];
  for (let index = 0; index < 3; index++) ids.push((await createSecret(server.app)).id);
  await server.close();
});
afterAll(() => scratch.cleanup());

/** A refusal: exit code 1, nothing on standard output, one line on standard error (hush: …). */
function expectRefusal(run: CliRun, pattern: RegExp): void {
  expect(run.stdout).toBe('');
  expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(pattern)]);
  expect(run.code).toBe(1);
}

describe('hush backup / hush restore from the command line', { timeout: 120_000 }, () => {
  it('backs up HUSH_DATA_DIR, restores it into a new folder, and the secrets open there', async () => {
    const file = scratch.path('nightly.tar');
    const backup = await runCli(['backup', file], { HUSH_DATA_DIR: scratch.path('data') });
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Backed up 3 secrets and 0 users \\(schema ${LATEST_MIGRATION}, 0 stored files, 0 bytes\\) to ${file}: [\\d.]+ KiB in [\\d.]+ s\\.\\n$`,
      ),
    );

    const target = scratch.path('restored');
    const restore = await runCli(['restore', file], { HUSH_DATA_DIR: target });
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toMatch(
      new RegExp(
        `^Restored 3 secrets and 0 users \\(schema ${LATEST_MIGRATION}, 0 stored files, 0 bytes\\) into ${target}`,
      ),
    );
    expect(restore.stdout).toContain('Start Hush on this folder: it brings the schema up to date at start-up.');

    const copy = await serverOn(target);
    try {
      for (const id of ids) {
        const read = await copy.app.inject({ method: 'POST', url: `/api/v1/secret/${id}`, payload: {} });
        expect(read.statusCode, read.body).toBe(200);
      }
    } finally {
      await copy.close();
    }
  });

  it('refuses, in one line and with exit code 1, a damaged file, a foreign file and a folder that is not empty', async () => {
    const good = scratch.path('good.tar');
    expect((await runCli(['backup', good], { HUSH_DATA_DIR: scratch.path('data') })).code).toBe(0);
    const bytes = await readFile(good);
    bytes[bytes.length >> 1]! ^= 1; // inside the database
    await writeFile(scratch.path('damaged.tar'), bytes);
    await writeFile(scratch.path('notes.txt'), 'not a backup at all\n'.repeat(100));
    await mkdir(scratch.path('occupied'));
    await writeFile(scratch.path('occupied', 'keep'), 'x');

    const into = (file: string, dataDir: string) => runCli(['restore', file], { HUSH_DATA_DIR: dataDir });
    const [damaged, foreign, occupied] = await Promise.all([
      into(scratch.path('damaged.tar'), scratch.path('t1')),
      into(scratch.path('notes.txt'), scratch.path('t2')),
      into(good, scratch.path('occupied')),
    ]);
    expectRefusal(damaged, /damaged\.tar is damaged \(.*\); nothing was restored$/);
    expectRefusal(foreign, /notes\.txt is not a Hush backup \(it is not a tar archive\); nothing was restored$/);
    expectRefusal(occupied, /occupied is not empty: restore only into an empty or new data folder/);
    expect(await folderContents(scratch.path('t1'))).toEqual([]);
    expect(await folderContents(scratch.path('occupied'))).toEqual(['keep']);
  });

  it('with PostgreSQL configured, both point to pg_dump and pg_restore; a taken name and a bad setting are refused', async () => {
    const postgres = { HUSH_DATABASE_URL: 'postgres://hush@127.0.0.1:1/hush', HUSH_DATA_DIR: scratch.path('data') };
    const [backup, restore, taken, badSetting, usage] = await Promise.all([
      runCli(['backup', scratch.path('pg.tar')], postgres),
      runCli(['restore', scratch.path('pg.tar')], postgres),
      writeFile(scratch.path('taken.tar'), 'x').then(() =>
        runCli(['backup', scratch.path('taken.tar')], { HUSH_DATA_DIR: scratch.path('data') }),
      ),
      runCli(['backup', scratch.path('x.tar')], { HUSH_DATA_DIR: scratch.path('data'), HUSH_PORT: 'eighty' }),
      runCli(['backup'], {}),
    ]);
    expectRefusal(backup, /^hush: HUSH_DATABASE_URL is set: .* use pg_dump -Fc \(docs\/backup\.md\)$/);
    expectRefusal(restore, /^hush: HUSH_DATABASE_URL is set: .* use pg_restore \(docs\/backup\.md\)$/);
    expectRefusal(taken, /taken\.tar already exists: choose a new name/);
    expectRefusal(badSetting, /^hush: backup failed: .*HUSH_PORT/);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('hush backup FILE');
  });
});
