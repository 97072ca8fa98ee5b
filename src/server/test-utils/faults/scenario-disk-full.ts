import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { FULL_FILE_STORAGE_EXPECTED, fullFileStorage, type FullFileStorage } from '../disk-full.js';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../tmpfs.js';
import type { Scenario } from './runner.js';
import type { FaultWorld } from './world.js';

/**
 * (f) A full disk under instance B's file storage (issue 29, point 10, under the runner's load): B's `<data
 * folder>/files` is a small tmpfs of the scenario's own, where test-utils/disk-full.ts's fullFileStorage fills it
 * while an upload goes on, as disk-full.test.ts does. Each cycle must see what FULL_FILE_STORAGE_EXPECTED says: 507
 * storage.full to the part and to the completion that do not fit, what the upload had stored freed at once, text
 * secrets and /readyz working while the disk is full, and the upload working again once space is freed. The
 * runner's text load goes on against both instances meanwhile, and must not notice. Needs root (mount).
 */

const TMPFS_BYTES = 8 * 1024 * 1024;
/** B runs with these during the scenario: fullFileStorage's upload is anonymous. */
const ENV = { HUSH_UPLOAD_RESTRICTION: 'false' };

let disk: Tmpfs | null = null;
/** Each cycle's fullFileStorage, or why it failed. */
let results: (FullFileStorage | { error: string })[] = [];

const refusal = ({ status, code }: { status: number; code: unknown }) => `${status} ${String(code)}`;

function describe(cycle: number, result: FullFileStorage | { error: string }): string {
  if ('error' in result) return `file storage on a tmpfs (B), cycle ${cycle}: failed: ${result.error}`;
  const { part, leftAfterPart, text, complete, leftAfterComplete, freed } = result;
  return (
    `file storage on a ${TMPFS_BYTES / 1024 / 1024} MiB tmpfs (B), cycle ${cycle}: part ${refusal(part)} ` +
    `(${leftAfterPart} bytes left), completion ${refusal(complete)} (${leftAfterComplete} bytes left); while full: ` +
    `text create ${text.create}, read ${text.read}, /readyz ${text.ready}; once freed: parts ` +
    `${freed.parts ? 'stored' : 'NOT stored'}, completion ${freed.complete}, read ${freed.read}, download ` +
    `${freed.sameBytes ? 'the same bytes' : 'NOT the same bytes'}`
  );
}

/** Removes the files an earlier cycle's upload left (read, kept for its download keys), as an operator would. */
async function removeLeftovers(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  await Promise.all(files.map((entry) => rm(join(entry.parentPath, entry.name), { force: true })));
  return files.length;
}

async function restore(world: FaultWorld) {
  const b = world.instances[1];
  await b.stop();
  disk?.unmount();
  disk = null;
  await b.start();
}

export const diskFull: Scenario = {
  name: 'disk-full',
  title: `instance B's file storage on a ${TMPFS_BYTES / 1024 / 1024} MiB tmpfs fills up during an upload, then space is freed`,
  unavailable: tmpfsUnavailable,
  async setup(world) {
    results = [];
    const b = world.instances[1];
    const dataDir = b.process!.dataDir;
    await b.stop();
    try {
      // Where B keeps its files (HUSH_DATA_DIR/files), as disk-full.test.ts mounts it.
      disk = mountTmpfs(join(dataDir, 'files'), TMPFS_BYTES);
      await b.start({ env: ENV });
    } catch (error) {
      await restore(world);
      throw error;
    }
  },
  async play({ world, wait, extra, log }) {
    await wait(0.2);
    const removed = await removeLeftovers(disk!.dir);
    if (removed > 0) log(`removed the ${removed} files the last cycle's upload left on the tmpfs`);
    log('filling the tmpfs under instance B’s file storage during an upload');
    let result: FullFileStorage | { error: string };
    try {
      result = await fullFileStorage(world.instances[1].url, disk!);
    } catch (error) {
      result = { error: (error as Error).message };
      await disk!.free();
    }
    results.push(result);
    extra.push(describe(results.length, result));
    log('space freed');
  },
  async teardown(world) {
    await restore(world);
  },
  check() {
    return results.flatMap((result, index) =>
      isDeepStrictEqual(result, FULL_FILE_STORAGE_EXPECTED)
        ? []
        : [`cycle ${index + 1}: saw ${JSON.stringify(result)}, expected ${JSON.stringify(FULL_FILE_STORAGE_EXPECTED)}`],
    );
  },
};
