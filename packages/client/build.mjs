// `npm run build` of @hush/client: the SDK's source (src/sdk in the repository, beside the shared code it is made
// of, so the CLI and the server build use it as it is) bundled into one ESM file for Node 22+ and browsers (the shared
// crypto, contracts and rules of the app inside it; zod stays a dependency, the contracts' types need it), then
// the declarations emitted by tsc from the same sources. Usage: node build.mjs [OUTDIR]   (default: dist)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const HERE = import.meta.dirname;
const DIST = path.resolve(process.argv[2] ?? path.join(HERE, 'dist'));
const started = performance.now();
fs.rmSync(DIST, { recursive: true, force: true });
await build({
  entryPoints: [path.join(HERE, '..', '..', 'src', 'sdk', 'index.ts')],
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  format: 'esm',
  // ESM builds of packages that have one (hash-wasm's main is a UMD bundle of every algorithm it has).
  mainFields: ['module', 'main'],
  external: ['zod'],
  outfile: path.join(DIST, 'index.js'),
  logLevel: 'warning',
});
// The declarations keep the layout of src/ (the SDK's types are the shared contracts'); one file re-exports them.
const tsc = path.join(HERE, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
const types = path.join(DIST, 'types');
execFileSync(process.execPath, [tsc, '-p', path.join(HERE, 'tsconfig.build.json'), '--outDir', types], {
  stdio: 'inherit',
});
fs.writeFileSync(path.join(DIST, 'index.d.ts'), "export * from './types/sdk/index.js';\n");
console.log(`@hush/client: ${path.relative(process.cwd(), DIST)} in ${(performance.now() - started).toFixed(0)} ms`);
