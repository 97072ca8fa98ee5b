import fs from 'node:fs';
import { expect, it } from 'vitest';

const manifest = (folder: string) =>
  JSON.parse(fs.readFileSync(new URL(`../../${folder}package.json`, import.meta.url), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
  };
const app = manifest('');
const sdk = manifest('packages/client/');

it('@hush/client is versioned with the app, and its manifest points at the built files', () => {
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
