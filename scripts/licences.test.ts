import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { permissive } from './licences.mjs';

const run = promisify(execFile);
const SCRIPT = new URL('./licences.mjs', import.meta.url).pathname;

async function check(dir?: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...(dir ? ['--dir', dir] : [])]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

type Entry = { license?: unknown; dev?: boolean; optional?: boolean; installed?: boolean };
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A project folder with a lock file and the installed packages' manifests. */
function project(packages: Record<string, Entry>) {
  const dir = mkdtempSync(join(tmpdir(), 'hush-licences-'));
  dirs.push(dir);
  const lock: Record<string, object> = { '': { name: 'app', version: '1.0.0', license: 'MIT' } };
  for (const [where, { installed = true, ...entry }] of Object.entries(packages)) {
    const name = where.split('node_modules/').pop()!;
    lock[where] = { version: '1.0.0', ...entry };
    if (!installed) continue;
    mkdirSync(join(dir, where), { recursive: true });
    writeFileSync(join(dir, where, 'package.json'), JSON.stringify({ name, version: '1.0.0', license: entry.license }));
  }
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: lock }));
  return dir;
}

describe('npm run licences', () => {
  it('passes on the real production tree', async () => {
    const result = await check();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^licences: \d+ production packages, all permissive \(MIT \d+/);
  });

  it('fails on a copyleft runtime dependency, nested too, with its name and licence', async () => {
    const dir = project({
      'node_modules/fine': { license: 'MIT' },
      'node_modules/fine/node_modules/copyleft-lib': { license: 'GPL-3.0-only' },
      'node_modules/dual': { license: '(MIT OR GPL-2.0)' },
      'node_modules/dev-tool': { license: 'AGPL-3.0-or-later', dev: true },
      'node_modules/other-platform': { license: 'GPL-2.0', optional: true, installed: false },
    });
    const result = await check(dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'licence not allowed: copyleft-lib@1.0.0 (node_modules/fine/node_modules/copyleft-lib) is licensed "GPL-3.0-only"',
    );
    expect(result.stderr).toContain('1 of 3 production packages');
    expect(result.stderr).not.toMatch(/dev-tool|dual|other-platform|fine@/);
  });

  it('fails on a package without a licence or with a licence file of its own', async () => {
    const dir = project({
      'node_modules/bare': {},
      'node_modules/custom': { license: 'SEE LICENSE IN LICENSE.txt' },
    });
    const result = await check(dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('bare@1.0.0 (node_modules/bare) is licensed "(none)"');
    expect(result.stderr).toContain('custom@1.0.0 (node_modules/custom) is licensed "SEE LICENSE IN LICENSE.txt"');
  });

  it('reads SPDX expressions: OR needs one allowed, AND both, WITH its licence', () => {
    const cases: Record<string, boolean> = {
      MIT: true,
      'Apache-2.0 WITH LLVM-exception': true,
      '(MIT OR GPL-3.0-only)': true,
      'GPL-3.0-only OR (BSD-2-Clause AND ISC)': true,
      'MIT AND LGPL-2.1-only': false,
      'GPL-2.0+': false,
      '(MIT': false,
      'MIT OR': false,
      UNLICENSED: false,
      'LGPL-3.0-or-later': false,
      'MPL-2.0': false,
    };
    for (const [expression, ok] of Object.entries(cases)) expect(permissive(expression), expression).toBe(ok);
  });
});
