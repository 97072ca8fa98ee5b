import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Config } from '../config.js';
import { createTestApp, type TestApp } from './app.js';
import { anonymousFiles, filesApi, sha256Hex } from './files.js';

/** Test support for backups: data folders as the server uses them, a server on one, and the real CLI. */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** A scratch folder; `path(name)` names things inside it (not created), `cleanup` removes it all. */
export async function scratchFolder() {
  const root = await mkdtemp(join(tmpdir(), 'hush-ops-'));
  return {
    root,
    path: (...names: string[]) => join(root, ...names),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** The real app on a data folder as main.ts opens it: SQLite at `<dataDir>/hush.sqlite`, files under `files/`. */
export function serverOn(dataDir: string, config: Partial<Config> = {}): Promise<TestApp> {
  return createTestApp({
    sqliteFile: join(dataDir, 'hush.sqlite'),
    config: { dataDir, ...anonymousFiles(), ...config },
  });
}

/** Every file under a folder as sorted relative paths ([] when it does not exist). */
export async function folderContents(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => !entry.isDirectory())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Creates a secret with one attached file of `content` (a fakeCiphertext: uploaded and completed); answers its id. */
export async function secretWithFile(t: TestApp, content: Buffer): Promise<string> {
  const api = filesApi(t);
  const created = await api.createFor([content], 1024 * 1024, { maxViews: 5 });
  await api.uploadAll(created, [content]);
  const completed = await api.complete(created.id, created.upload!.token);
  expect(completed.statusCode, completed.body).toBe(200);
  return created.id;
}

/** Reads a secret (spending a view) and downloads its files: the text and each file's SHA-256. */
export async function readWithFiles(t: TestApp, id: string): Promise<{ text: string; files: string[] }> {
  const api = filesApi(t);
  const read = await api.read(id);
  expect(read.statusCode, read.body).toBe(200);
  const body = read.json<{ text: string; files: { downloadKey: string }[] }>();
  const files: string[] = [];
  for (const file of body.files) {
    const download = await api.download(file.downloadKey, id);
    expect(download.statusCode, download.body).toBe(200);
    files.push(sha256Hex(download.rawPayload));
  }
  return { text: body.text, files };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `hush ARGS` from the sources (node --import tsx src/cli/main.ts) with only these HUSH_ variables set, as an
 * operator's shell would, and answers its exit code and output.
 */
export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HUSH_')));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(REPO, 'src/cli/main.ts'), ...args],
      { cwd: REPO, env: { ...clean, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
