import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliWorld, secretRows } from './cli.test-utils.js';

// The defaults of an instance: files only from signed-in users, texts up to 1 MiB.
const world = cliWorld();
const LINK = /^http:\/\/127\.0\.0\.1:\d+\/secret\/[\w-]{22}#encryption_key=[\w-]{43}\n$/;

let folders = 0;
const folder = () => {
  const path = join(world.dir, `binary-${++folders}`);
  mkdirSync(path);
  return path;
};

/** Bytes that are no UTF-8 text: a JPEG's start, NUL bytes, a cut sequence, an encoded surrogate, random bytes. */
const binary = (size: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
    randomBytes(size),
    Buffer.from([0x00, 0x80]),
  ]);

describe('hush create < photo.jpg, then hush open LINK > copy.jpg', () => {
  it('binary standard input from an anonymous user comes back byte for byte on standard output, and no file is saved', async () => {
    const bytes = binary(300 * 1024);
    const created = await world.run(['create'], { input: bytes });
    expect(created.code, created.stderr).toBe(0);
    expect(created.out).toMatch(LINK);
    const [row] = (await secretRows(world.t)).slice(-1);
    expect(row?.owner_id ?? null).toBeNull();
    const cwd = folder();
    const opened = await world.run(['open', created.out.trim()], { cwd });
    expect(opened.code, opened.stderr).toBe(0);
    expect(opened.stdout.equals(bytes)).toBe(true);
    expect(opened.stderr).toBe('');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('texts with and without a final line break come back exactly', async () => {
    for (const text of ['no line break', 'one line break\n', 'two\n\n', '\n', 'crlf\r\n', ' spaces \t']) {
      const created = await world.run(['create'], { input: text });
      expect(created.code, created.stderr).toBe(0);
      const opened = await world.run(['open', created.out.trim()]);
      expect(opened.stdout.equals(Buffer.from(text)), JSON.stringify(text)).toBe(true);
    }
  });

  it('--json gives a binary content as base64 (textBase64), its text null', async () => {
    const bytes = binary(4096);
    const created = await world.run(['create', '--title', 'photo'], { input: bytes });
    expect(created.code, created.stderr).toBe(0);
    const opened = await world.run(['open', created.out.trim(), '--json']);
    expect(opened.code, opened.stderr).toBe(0);
    const result = JSON.parse(opened.out) as { title: string; text: string | null; textBase64?: string };
    expect(result).toMatchObject({ title: 'photo', text: null, files: [] });
    expect(Buffer.from(result.textBase64!, 'base64').equals(bytes)).toBe(true);
  });

  it('binary standard input over the text limit is refused with the way out: --file, with an account', async () => {
    const before = (await secretRows(world.t)).length;
    const run = await world.run(['create'], { input: binary(1536 * 1024) });
    expect(run.code).toBe(4);
    expect(run.stderr).toBe(
      'hush: Standard input (1.5 MiB, not text) is larger than this server takes as a secret’s content: send it as a file instead, e.g. hush create --file PATH (files may need an account here: an API token, from --token, HUSH_TOKEN or hush config)\n',
    );
    expect((await secretRows(world.t)).length).toBe(before);
  });

  it('a public secret still takes text only', async () => {
    const run = await world.run(['create', '--public'], { input: binary(16) });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('hush: Standard input is not UTF-8 text, and a public secret can only be text\n');
  });
});
