import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startLosingRelay } from '../server/test-utils/losing-relay.js';
import { cliWorld } from './cli.test-utils.js';

const world = cliWorld({ uploadRestriction: false, anonymousMaxFileBytes: 64 * 1024 * 1024 });

it('a completion whose answer is lost is sent again while the first still stores the file, and the secret opens', async () => {
  // Issue 29: under load, cli.large-file.test.ts failed with files.upload_not_found (exit 3). The server had cut the
  // connection of a completion still at work (HUSH_REQUEST_TIMEOUT), the CLI sent it again, and the second
  // completion, finding the first one's work done, answered 404.
  const relay = await startLosingRelay(
    world.url,
    (method, path) => method === 'POST' && path.endsWith('/upload/complete'),
  );
  try {
    const input = join(world.dir, 'retried.bin');
    const bytes = randomBytes(6 * 1024 * 1024);
    writeFileSync(input, bytes);
    const created = await world.run(['create', '--file', input], { env: { HUSH_SERVER: relay.url } });
    expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(relay.lost()).toBe(1);

    const out = join(world.dir, 'retried-out');
    mkdirSync(out);
    const opened = await world.run(['open', created.out.trim(), '--out', out]);
    expect(opened.code, opened.stderr).toBe(0);
    expect(readFileSync(join(out, 'retried.bin')).equals(bytes)).toBe(true);
  } finally {
    await relay.stop();
  }
  // Two CLI processes and a server storing 6 MiB: a minute leaves room for a busy 2-core machine (the test is not a
  // speed goal; bench/ holds those).
}, 60_000);
