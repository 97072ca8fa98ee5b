import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../server/test-utils/app.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);

const manifest = (folder: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
  };

it('@hush/client is versioned with the app, and its manifest points at the built files', () => {
  const app = manifest('.');
  const sdk = manifest('packages/client');
  expect(sdk.version).toBe(app.version);
  expect(sdk).toMatchObject({
    name: '@hush/client',
    license: 'MIT',
    type: 'module',
    types: './dist/index.d.ts',
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
    files: ['dist', 'README.md'],
  });
  // The contracts' types in the declarations are zod's: the same zod as the app's.
  expect(sdk.dependencies).toEqual({ zod: app.dependencies.zod });
});

/*
 * The package as a program gets it: packages/client/build.mjs writes dist/ (one ESM file and its declarations) into
 * a folder of its own, which a plain Node process imports (zod from node_modules, as an installed package would
 * have it) and TypeScript compiles against.
 */
describe('the built package (packages/client/build.mjs)', () => {
  let folder: string;
  let t: TestApp;
  let server: string;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-sdk-'));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(folder, 'node_modules'));
    fs.writeFileSync(path.join(folder, 'package.json'), '{"type": "module"}');
    await run(process.execPath, [path.join(ROOT, 'packages/client/build.mjs'), path.join(folder, 'dist')]);
    t = await createTestApp({ config: { uploadRestriction: false } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('creates and opens a secret with a file from a plain Node process', async () => {
    const program = `
      import { createSecret, openSecret } from './dist/index.js';
      const file = { name: 'notes.txt', data: new TextEncoder().encode('file body') };
      const { link } = await createSecret({ server: process.argv[1], text: 'hello', files: [file], ttl: 3600 });
      const opened = await openSecret(link);
      const body = new TextDecoder().decode(await opened.files[0].bytes());
      console.log(JSON.stringify({ text: opened.text, name: opened.files[0].name, body, viewsLeft: opened.viewsLeft }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', program, server], { cwd: folder });
    expect(JSON.parse(stdout)).toEqual({ text: 'hello', name: 'notes.txt', body: 'file body', viewsLeft: 0 });
  });

  it('has declarations a strict TypeScript program without Node types compiles against', async () => {
    fs.writeFileSync(
      path.join(folder, 'consumer.ts'),
      `import { createSecret, openSecret, HushError, type OpenedSecret } from './dist/index.js';
       const created: { link: string; receiptLink: string } = await createSecret({ server: 'https://x', text: 't', ttl: 3600 });
       const opened: OpenedSecret = await openSecret(created.link, { password: 'p' });
       const size: number = opened.text === null ? opened.bytes.length : opened.text.length;
       export const failed = (error: unknown) => error instanceof HushError && error.code === 'secret.not_found' && size;
       // @ts-expect-error: a secret needs its lifetime
       await createSecret({ server: 'https://x', text: 't' });`,
    );
    const compilerOptions = { strict: true, noEmit: true, module: 'nodenext', lib: ['es2023', 'dom'], types: [] };
    fs.writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.ts'] }));
    await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: folder,
    });
  }, 60_000);
});
