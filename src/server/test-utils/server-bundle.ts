import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServerBundle {
  /** The bundle's path, for startServerProcess's `entry`. */
  entry: string;
  remove(): Promise<void>;
}

/**
 * src/server/main.ts bundled once into one file (the packages left to node_modules), for tests that start the real
 * server many times: node starts it in about half the CPU time that tsx takes, compiling and resolving every source
 * module on each start. The same esbuild transform as tsx's, so the same code. The file goes two folders below the
 * repository root (node_modules/.cache/), where the packages resolve and the sources' own relative paths (version.ts
 * reads ../../package.json) lead where they do from src/server/; a name of its own, so that runs side by side do
 * not share it.
 */
export async function bundleServer(): Promise<ServerBundle> {
  const entry = join(
    ROOT,
    'node_modules',
    '.cache',
    `hush-server-${process.pid}-${randomBytes(4).toString('hex')}.mjs`,
  );
  await build({
    entryPoints: [join(ROOT, 'src/server/main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  return { entry, remove: () => rm(entry, { force: true }) };
}
