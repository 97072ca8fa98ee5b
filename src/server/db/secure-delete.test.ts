import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { purgeOnce } from '../jobs/purge.js';
import { createSecret, createTestApp, createTestClock, type TestApp } from '../test-utils/app.js';

/*
 * DESIGN.md §3: "Deletion is real: SQLite secure_delete=ON and WAL checkpoints". These tests read the database
 * files byte by byte, as someone who copied the disk would, and look for the text of deleted secrets.
 */

/** A long marker no other test or page content can contain. */
const newMarker = (label: string) => `${label}${crypto.randomBytes(24).toString('hex')}`.repeat(3);

/** Windows of the marker small enough to catch a fragment left in a page, large enough to be unique. */
function fragments(marker: string): Buffer[] {
  const size = 24;
  const result: Buffer[] = [];
  for (let start = 0; start + size <= marker.length; start += size)
    result.push(Buffer.from(marker.slice(start, start + size)));
  return result;
}

describe('secure deletion on a SQLite file', () => {
  let dir: string;
  let file: string;
  let t: TestApp;
  const clock = createTestClock();

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-secure-delete-'));
    file = path.join(dir, 'hush.sqlite');
    t = await createTestApp({ sqliteFile: file, clock });
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const databaseFiles = () => [file, `${file}-wal`, `${file}-shm`];

  /** Which of the database files hold any fragment of the marker. */
  function filesHolding(marker: string): string[] {
    return databaseFiles()
      .filter((name) => fs.existsSync(name))
      .filter((name) => {
        const bytes = fs.readFileSync(name);
        return fragments(marker).some((fragment) => bytes.includes(fragment));
      })
      .map((name) => path.basename(name));
  }

  const read = (id: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1/secret/${id}`, payload });

  it('the database files do hold a live secret’s text (the control: the search finds what is there)', async () => {
    const marker = newMarker('LIVE');
    await createSecret(t.app, { text: `hush1.${marker}` });
    expect(filesHolding(marker)).toContain('hush.sqlite-wal');
    await t.database.compact();
    // After a checkpoint the text has moved into the main file and the WAL is empty.
    expect(filesHolding(marker)).toEqual(['hush.sqlite']);
  });

  it('expired secrets leave no byte of their text, title or plain public text after the purge', async () => {
    const inMainFile = newMarker('EXPIREDMAIN');
    const inWal = newMarker('EXPIREDWAL');
    const title = newMarker('EXPIREDTITLE');
    const publicText = newMarker('EXPIREDPUBLIC');
    const survivor = newMarker('SURVIVOR');

    for (let i = 0; i < 3; i++) await createSecret(t.app, { text: `hush1.${inMainFile}${i}`, ttl: 300 });
    await createSecret(t.app, { text: `hush1.${survivor}`, ttl: 3600 });
    await t.database.compact();
    for (let i = 0; i < 3; i++)
      await createSecret(t.app, { text: `hush1.${inWal}${i}`, ttl: 300, title: `hush1.${title}` });
    await createSecret(t.app, { text: publicText, isPublic: true, ttl: 300 });

    // Control: before the purge every marker is on disk, some in the main file and some only in the WAL.
    expect(filesHolding(inMainFile)).toContain('hush.sqlite');
    expect(filesHolding(inWal)).toContain('hush.sqlite-wal');
    expect(filesHolding(title)).not.toEqual([]);
    expect(filesHolding(publicText)).not.toEqual([]);

    clock.advance(301_000);
    expect(await purgeOnce(t.services.secrets, t.database)).toBe(7);

    expect(filesHolding(inMainFile)).toEqual([]);
    expect(filesHolding(inWal)).toEqual([]);
    expect(filesHolding(title)).toEqual([]);
    expect(filesHolding(publicText)).toEqual([]);
    // The secret that has not expired is still there, and still readable: the purge deleted only what it should.
    expect(filesHolding(survivor)).toEqual(['hush.sqlite']);
    const survivorRows = await t.database.db.selectFrom('secrets').select('text').execute();
    expect(survivorRows).toEqual([{ text: `hush1.${survivor}` }]);
  });

  it('a secret burned by its last read leaves no bytes once the database is compacted', async () => {
    const marker = newMarker('BURNEDBYREAD');
    const { id } = await createSecret(t.app, { text: `hush1.${marker}`, maxViews: 2 });
    await t.database.compact();
    expect(filesHolding(marker)).toEqual(['hush.sqlite']);

    expect((await read(id)).statusCode).toBe(200);
    // One view left: the secret (and so its text) is rightly still on disk.
    await purgeOnce(t.services.secrets, t.database);
    expect(filesHolding(marker)).toEqual(['hush.sqlite']);

    expect((await read(id)).json()).toMatchObject({ text: `hush1.${marker}`, viewsLeft: 0 });
    await purgeOnce(t.services.secrets, t.database);
    expect(filesHolding(marker)).toEqual([]);
  });

  it('secrets burned by their delete token or by too many wrong passwords leave no bytes either', async () => {
    const byToken = newMarker('BURNEDBYTOKEN');
    const byPassword = newMarker('BURNEDBYPASSWORD');
    const first = await createSecret(t.app, { text: `hush1.${byToken}` });
    const second = await createSecret(t.app, { text: `hush1.${byPassword}`, password: 'pw' });
    await t.database.compact();
    expect(filesHolding(byToken)).toEqual(['hush.sqlite']);
    expect(filesHolding(byPassword)).toEqual(['hush.sqlite']);

    const burn = await t.app.inject({
      method: 'POST',
      url: `/api/v1/secret/${first.id}/burn`,
      payload: { deleteToken: first.deleteToken },
    });
    expect(burn.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await read(second.id, { password: 'wrong' })).statusCode).toBe(401);
    expect((await read(second.id, { password: 'pw' })).statusCode).toBe(404);

    await purgeOnce(t.services.secrets, t.database);
    expect(filesHolding(byToken)).toEqual([]);
    expect(filesHolding(byPassword)).toEqual([]);
  });
});
