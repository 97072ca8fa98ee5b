import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { cliWorld } from './cli.test-utils.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const world = cliWorld({
  uploadRestriction: false,
  anonymousMaxFileBytes: 2 * GiB,
  maxFileBytes: 2 * GiB,
  maxSecretFileBytes: 2 * GiB,
});

/** Writes `size` random bytes (a fresh random MiB at a time) and returns their SHA-256. */
async function randomFile(path: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  for (let written = 0; written < size; written += MiB) {
    const block = randomBytes(Math.min(MiB, size - written));
    hash.update(block);
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return hash.digest('hex');
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

it(
  'a 1 GiB file goes up and comes down byte-identical, each process staying under 400 MiB of memory (the file alone is 1 GiB)',
  { timeout: 240_000 },
  async () => {
    const input = join(world.dir, 'large.bin');
    const out = join(world.dir, 'large-out');
    mkdirSync(out);
    const size = GiB + 12_345; // not a multiple of the chunk or part size
    try {
      const started = performance.now();
      const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
      const digest = await randomFile(input, size);
      const written = seconds();
      const created = await world.run(['create', '--file', input, '--json']);
      const sent = seconds();
      expect(created.code, created.stderr).toBe(0);
      const { link } = JSON.parse(created.out) as { link: string };
      const opened = await world.run(['open', link, '--out', out, '--json']);
      expect(opened.code, opened.stderr).toBe(0);
      const received = seconds();
      expect(JSON.parse(opened.out).files).toEqual([
        { name: 'large.bin', type: '', size, path: join(out, 'large.bin') },
      ]);
      expect(await sha256Of(join(out, 'large.bin'))).toBe(digest);
      // Bounded: a few parts in flight, never the file (which alone would be over 1 GiB).
      console.info(
        `1 GiB: create peak RSS ${(created.peakRss / MiB).toFixed(0)} MiB, open ${(opened.peakRss / MiB).toFixed(0)} MiB;` +
          ` file written at ${written} s, sent at ${sent} s, received at ${received} s, checked at ${seconds()} s`,
      );
      expect(created.peakRss).toBeGreaterThan(0);
      expect(created.peakRss).toBeLessThan(400 * MiB);
      expect(opened.peakRss).toBeLessThan(400 * MiB);
    } finally {
      rmSync(input, { force: true });
      rmSync(out, { recursive: true, force: true });
    }
  },
);
