import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readArchive, TruncatedArchive } from './archive-reader.js';
import { createArchiveWriter } from './archive-writer.js';
import { BLOCK, decodeHeader, encodeHeader, TarFormatError } from './tar.js';

const hasTar = (() => {
  try {
    execFileSync('tar', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('the ustar subset of backups', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hush-tar-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function writeArchive(entries: [string, Buffer][]): Promise<string> {
    const path = join(dir, 'archive.tar');
    const out = await open(path, 'wx');
    const archive = createArchiveWriter(out, 1_767_225_600);
    for (const [name, bytes] of entries) await archive.addBytes(name, bytes);
    await archive.finish();
    await out.close();
    return path;
  }

  async function readBack(path: string): Promise<[string, Buffer][]> {
    const handle = await open(path, 'r');
    try {
      const entries: [string, Buffer][] = [];
      for await (const entry of readArchive(handle, (await handle.stat()).size)) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body()) chunks.push(chunk);
        entries.push([entry.path, Buffer.concat(chunks)]);
      }
      return entries;
    } finally {
      await handle.close();
    }
  }

  const longId = 'x'.repeat(128);
  const entries: [string, Buffer][] = [
    ['hush-backup.json', Buffer.from('{}\n')],
    ['empty', Buffer.alloc(0)],
    ['exactly-a-block', randomBytes(BLOCK)],
    [`files/${longId}/blob`, randomBytes(3000)],
  ];

  it('reads back what it wrote: paths (a 139-byte one split into prefix and name), sizes and bytes', async () => {
    expect(await readBack(await writeArchive(entries))).toEqual(entries);
  });

  it.skipIf(!hasTar)('writes archives that GNU tar lists and extracts byte for byte', async () => {
    const path = await writeArchive(entries);
    const listing = execFileSync('tar', ['-tf', path], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toEqual(entries.map(([name]) => name));
    execFileSync('tar', ['-xf', path, '-C', dir]);
    for (const [name, bytes] of entries) expect(await readFile(join(dir, name))).toEqual(bytes);
  });

  it.skipIf(!hasTar)('reads an archive GNU tar wrote in the ustar format', async () => {
    await writeFile(join(dir, 'a.txt'), 'hello');
    execFileSync('tar', ['--format=ustar', '-cf', join(dir, 'gnu.tar'), '-C', dir, 'a.txt']);
    expect(await readBack(join(dir, 'gnu.tar'))).toEqual([['a.txt', Buffer.from('hello')]]);
  });

  it('encodes sizes of 8 GiB and more in base-256, and decodes them', () => {
    for (const size of [0, 8 ** 11 - 1, 8 ** 11, 5 * 2 ** 40]) {
      expect(decodeHeader(encodeHeader({ path: 'blob', size, mtime: 0 }))?.size).toBe(size);
    }
    expect(encodeHeader({ path: 'blob', size: 8 ** 11, mtime: 0 })[124]).toBe(0x80);
  });

  it('refuses a header with a changed byte, a link, and a block that is no header', () => {
    const header = encodeHeader({ path: 'hush.sqlite', size: 10, mtime: 0 });
    const flipped = Buffer.from(header);
    flipped[3]! ^= 1;
    expect(() => decodeHeader(flipped)).toThrow(TarFormatError);
    const link = Buffer.from(header);
    link.write('2', 156);
    expect(() => decodeHeader(link)).toThrow(TarFormatError);
    expect(() => decodeHeader(randomBytes(BLOCK))).toThrow(TarFormatError);
    expect(decodeHeader(Buffer.alloc(BLOCK))).toBeNull();
  });

  it('tells a cut archive apart: inside a body, or without its end blocks', async () => {
    const path = await writeArchive(entries);
    const whole = await readFile(path);
    for (const length of [whole.length - 1024, whole.length - 1500]) {
      await writeFile(path, whole.subarray(0, length));
      await expect(readBack(path)).rejects.toThrow(TruncatedArchive);
    }
  });
});
