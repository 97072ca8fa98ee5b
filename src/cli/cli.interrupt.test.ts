import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readSync, writeSync, closeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { cliWorld, secretRows } from './cli.test-utils.js';

const world = cliWorld({
  uploadRestriction: false,
  anonymousMaxFileBytes: 512 * 1024 * 1024,
  maxFileBytes: 512 * 1024 * 1024,
});

it('a download that does not verify (a byte changed on the server) is not saved: exit 1, nothing left behind', async () => {
  const input = join(world.dir, 'report.bin');
  writeFileSync(input, randomBytes(200_000));
  const created = await world.run(['create', '--file', input], { input: 'with a file' });
  expect(created.code).toBe(0);
  // The stored ciphertext, flipped in the middle: the chunk's tag no longer matches.
  const filesRoot = join(world.t.config.dataDir, 'files');
  const [fileId] = readdirSync(filesRoot);
  const blob = join(filesRoot, fileId!, 'blob');
  const fd = openSync(blob, 'r+');
  const byte = Buffer.alloc(1);
  readSync(fd, byte, 0, 1, 100_000);
  byte[0]! ^= 0x40;
  writeSync(fd, byte, 0, 1, 100_000);
  closeSync(fd);
  const out = join(world.dir, 'damaged');
  mkdirSync(out);
  const opened = await world.run(['open', created.out.trim(), '--out', out]);
  expect(opened.code).toBe(1);
  expect(opened.stderr).toMatch(/^hush: File 1 \(report\.bin\) did not verify and was not saved: .*wrong key/);
  expect(readdirSync(out)).toEqual([]);
});

it('Ctrl-C during an upload stops with 130 and deletes the half-sent secret', async () => {
  const input = join(world.dir, 'slow.bin');
  writeFileSync(input, randomBytes(256 * 1024 * 1024));
  const before = (await secretRows(world.t)).length;
  const stored = () => {
    const root = join(world.t.config.dataDir, 'files');
    return existsSync(root) ? readdirSync(root).sort() : [];
  };
  const filesBefore = stored();
  const child = spawn(process.execPath, [world.cli, 'create', '--file', input], {
    env: { PATH: process.env.PATH ?? '', HUSH_SERVER: world.url, HUSH_CONFIG: join(world.dir, 'none.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  // Once the secret exists, its parts are on their way: interrupt then.
  for (let waited = 0; (await secretRows(world.t)).length === before; waited += 20) {
    if (waited > 20_000) throw new Error(`the upload never started: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGINT');
  expect(await exited).toBe(130);
  expect(stderr).toContain('hush: Stopped');
  expect((await secretRows(world.t)).length).toBe(before);
  // Its parts are gone from the disk too: the burn deletes them.
  expect(stored()).toEqual(filesBefore);
});
