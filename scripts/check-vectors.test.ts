import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * docs/protocol.md is enough to implement Hush's crypto in another language: scripts/check_vectors.py, written from
 * it alone in Python, reproduces every test vector of src/shared/crypto. Skipped, saying why, where python3 or its
 * crypto modules are missing (exit status 2).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SCRIPT = path.join(ROOT, 'scripts', 'check_vectors.py');
const VECTORS = path.join(ROOT, 'src', 'shared', 'crypto');
const FILES = ['vectors.json', 'file-vectors.json', 'request-vectors.json'];

const check = (folder: string) => spawnSync('python3', [SCRIPT, folder], { encoding: 'utf8', timeout: 120_000 });

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-vectors-'));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('the protocol specification (docs/protocol.md), implemented in Python from it alone', () => {
  it('reproduces every vector of the TypeScript implementation', (context) => {
    const run = check(VECTORS);
    if (run.error) return context.skip(`python3 cannot be run here (${run.error.message})`);
    if (run.status === 2) return context.skip(run.stdout.trim());
    expect(run.stdout + run.stderr).toMatch(/every vector reproduced \(5 envelopes, 8 files, 1 requests\)/);
    expect(run.status).toBe(0);
  }, 120_000);

  it('fails on a vector changed by one character', (context) => {
    for (const file of FILES) fs.copyFileSync(path.join(VECTORS, file), path.join(copy, file));
    const requests = JSON.parse(fs.readFileSync(path.join(copy, 'request-vectors.json'), 'utf8')) as {
      detailsKey: string;
    };
    requests.detailsKey = (requests.detailsKey.startsWith('A') ? 'B' : 'A') + requests.detailsKey.slice(1);
    fs.writeFileSync(path.join(copy, 'request-vectors.json'), JSON.stringify(requests));
    const run = check(copy);
    if (run.error) return context.skip(`python3 cannot be run here (${run.error.message})`);
    if (run.status === 2) return context.skip(run.stdout.trim());
    expect(run.stdout).toContain('FAIL request detailsKey');
    expect(run.status).toBe(1);
  }, 120_000);
});
