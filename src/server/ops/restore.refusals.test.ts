import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCiphertext } from '../test-utils/files.js';
import { folderContents, scratchFolder, secretWithFile, serverOn } from '../test-utils/data-folder.js';
import { createArchiveWriter } from './archive-writer.js';
import { BACKUP_FORMAT, LATEST_SCHEMA } from './backup-format.js';
import { createBackup } from './backup.js';
import type { OpsError } from './ops.errors.js';
import { restoreBackup } from './restore.js';

/** A restore from a damaged, cut, foreign or too new file refuses with one clear line and leaves the target as it was. */

let scratch: Awaited<ReturnType<typeof scratchFolder>>;
let good: Buffer;

beforeAll(async () => {
  scratch = await scratchFolder();
  const server = await serverOn(scratch.path('data'));
  for (let index = 0; index < 20; index++) {
    await server.app.inject({ method: 'POST', url: '/api/v1/secret', payload: { text: 'hush1.c2VjcmV0', ttl: 3600 } });
  }
  await secretWithFile(server, fakeCiphertext(200_000));
  await createBackup({ dataDir: scratch.path('data'), file: scratch.path('good.tar'), filesInS3: false });
  await server.close();
  good = await readFile(scratch.path('good.tar'));
});
afterAll(() => scratch.cleanup());

let cases = 0;
/** Writes `bytes` as a backup file, restores it into a missing and into an empty folder; both must refuse. */
async function refusal(bytes: Buffer): Promise<OpsError> {
  const name = `case-${(cases += 1)}`;
  const file = scratch.path(`${name}.tar`);
  await writeFile(file, bytes);
  const missing = scratch.path(name, 'missing', 'data');
  const empty = scratch.path(`${name}-empty`);
  await mkdir(empty);
  const errors: OpsError[] = [];
  for (const target of [missing, empty]) {
    const error = await restoreBackup({ file, dataDir: target }).then(
      () => expect.fail(`${name} was restored into ${target}`),
      (error: OpsError) => error,
    );
    errors.push(error);
  }
  await expect(stat(scratch.path(name)), 'no folder was left where none was').rejects.toThrow(/ENOENT/);
  expect(await readdir(empty), 'the empty folder is still empty').toEqual([]);
  expect(errors[1]!.message).toBe(errors[0]!.message);
  expect(errors[0]!.message).not.toContain('\n');
  return errors[0]!;
}

/** A tar of these entries, with a true manifest after them (as if made by a backup of another kind). */
async function archiveOf(entries: [string, Buffer][], manifest = true): Promise<Buffer> {
  const path = scratch.path(`crafted-${(cases += 1)}.tar`);
  const out = await open(path, 'wx');
  const archive = createArchiveWriter(out, 0);
  for (const [name, bytes] of entries) await archive.addBytes(name, bytes);
  if (manifest) {
    const body = { format: BACKUP_FORMAT, entries: archive.digests(), skipped: { deleted: 0, uploading: 0 } };
    await archive.addBytes('manifest.json', Buffer.from(JSON.stringify(body)));
  }
  await archive.finish();
  await out.close();
  return readFile(path);
}

const header = (changes: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({
      format: BACKUP_FORMAT,
      formatVersion: 1,
      hushVersion: '6.7.7',
      schema: LATEST_SCHEMA,
      createdAt: new Date().toISOString(),
      files: 'disk',
      counts: { secrets: 0, users: 0, files: 0 },
      ...changes,
    }),
  );

/** The offset of an entry's first body byte in a tar (its header block is the one naming it). */
function bodyOffset(tar: Buffer, path: string): number {
  for (let offset = 0; offset < tar.length; offset += 512) {
    if (
      tar
        .subarray(offset, offset + 100)
        .toString('utf8')
        .startsWith(`${path}\0`)
    )
      return offset + 512;
  }
  throw new Error(`${path} not found`);
}

const flipped = (bytes: Buffer, at: number) => {
  const copy = Buffer.from(bytes);
  copy[at]! ^= 0xff;
  return copy;
};

describe('hush restore refuses, changing nothing', () => {
  it('a random file, an empty one, and a gzip-compressed backup: not a Hush backup', async () => {
    expect(await refusal(randomBytes(64 * 1024))).toMatchObject({
      code: 'restore.foreign',
      message: expect.stringMatching(
        /case-\d+\.tar is not a Hush backup \(it is not a tar archive\); nothing was restored$/,
      ),
    });
    expect((await refusal(Buffer.alloc(0))).code).toBe('restore.foreign');
    expect((await refusal(gzipSync(good))).message).toMatch(/gzip-compressed: gunzip it first/);
  });

  it('a tar of something else: not a Hush backup, named by its first entry', async () => {
    const foreign = await archiveOf([['etc/passwd', Buffer.from('root:x:0:0')]], false);
    expect((await refusal(foreign)).message).toMatch(/is not a Hush backup \(its first entry is "etc\/passwd"/);
    const impostor = await archiveOf([['hush-backup.json', Buffer.from('{"format":"other"}')]]);
    expect((await refusal(impostor)).message).toMatch(/names no hush-backup/);
  });

  it('a backup cut short: incomplete', async () => {
    for (const length of [good.length - 1024, good.length - 2000, bodyOffset(good, 'hush.sqlite') + 1000, 700]) {
      expect((await refusal(good.subarray(0, length))).code).toBe('restore.truncated');
    }
    expect((await refusal(good.subarray(0, good.length - 1024))).message).toMatch(
      /is incomplete \(the archive ends without its end-of-archive blocks\)/,
    );
  });

  it('one changed byte in the database, in a blob or in a tar header: damaged, naming what', async () => {
    const database = await refusal(flipped(good, bodyOffset(good, 'hush.sqlite') + 5000));
    expect(database).toMatchObject({ code: 'restore.damaged' });
    expect(database.message).toMatch(/is damaged \("hush\.sqlite" does not match its SHA-256 in the manifest\)/);
    const blob = good.toString('latin1').match(/files\/[\w-]+\/blob/)![0];
    expect((await refusal(flipped(good, bodyOffset(good, blob) + 100))).message).toContain(`"${blob}" does not match`);
    expect((await refusal(flipped(good, bodyOffset(good, blob) - 512 + 130))).message).toMatch(
      /is damaged \(a tar header does not match its checksum\)/,
    );
  });

  it('a manifest that does not list what the archive holds, and a database SQLite rejects: damaged', async () => {
    const unlisted = await archiveOf([
      ['hush-backup.json', header()],
      ['hush.sqlite', randomBytes(4096)],
    ]);
    // A correct manifest over a garbage database: the hashes agree, SQLite does not.
    expect((await refusal(unlisted)).message).toMatch(/its database does not pass SQLite's check/);
    const stray = await archiveOf([
      ['hush-backup.json', header()],
      ['../../etc/cron.d/x', Buffer.from('* * * * * root sh')],
    ]);
    expect((await refusal(stray)).message).toMatch(/unexpected entry "\.\.\/\.\.\/etc\/cron\.d\/x"/);
  });

  it('a backup of a newer schema or a newer format: refused, saying which Hush to use', async () => {
    const newer = await archiveOf([['hush-backup.json', header({ schema: '9999-future', hushVersion: '9.0.0' })]]);
    expect(await refusal(newer)).toMatchObject({
      code: 'restore.newer_schema',
      message: expect.stringContaining(
        `holds a database of schema 9999-future, newer than this Hush knows (up to ${LATEST_SCHEMA}): restore it with Hush 9.0.0 or newer`,
      ),
    });
    const format = await archiveOf([['hush-backup.json', header({ formatVersion: 2 })]]);
    expect((await refusal(format)).code).toBe('restore.newer_format');
  });

  it('into a folder that is not empty, or is a file: refused, the folder untouched', async () => {
    const occupied = scratch.path('occupied');
    await mkdir(occupied);
    await writeFile(scratch.path('occupied', 'hush.sqlite'), 'current data');
    await expect(restoreBackup({ file: scratch.path('good.tar'), dataDir: occupied })).rejects.toMatchObject({
      code: 'restore.not_empty',
      message: `${occupied} is not empty: restore only into an empty or new data folder (nothing was restored, nothing was changed)`,
    });
    expect(await folderContents(occupied)).toEqual(['hush.sqlite']);
    expect(await readFile(scratch.path('occupied', 'hush.sqlite'), 'utf8')).toBe('current data');
    await expect(
      restoreBackup({ file: scratch.path('good.tar'), dataDir: scratch.path('good.tar') }),
    ).rejects.toMatchObject({ code: 'restore.not_a_folder' });
    await expect(restoreBackup({ file: scratch.path('nope.tar'), dataDir: scratch.path('x') })).rejects.toMatchObject({
      code: 'restore.not_found',
    });
  });

  it('the good backup itself restores, and the archive lists as a plain tar', async () => {
    const summary = await restoreBackup({ file: scratch.path('good.tar'), dataDir: scratch.path('fine') });
    expect(summary.header.counts).toEqual({ secrets: 21, users: 0, files: 1 });
    expect(await folderContents(scratch.path('fine'))).toEqual([
      expect.stringMatching(/^files\/[\w-]+\/blob$/),
      'hush.sqlite',
    ]);
    const listing = execFileSync('tar', ['-tf', scratch.path('good.tar')], { encoding: 'utf8' });
    expect(listing.trim().split('\n')).toEqual([
      'hush-backup.json',
      'hush.sqlite',
      expect.stringMatching(/^files\/[\w-]+\/blob$/),
      'manifest.json',
    ]);
  });
});
