// A step of `npm run build`: the command-line client (src/cli/main.ts) bundled into one ESM file that needs nothing
// but Node 20 or newer, written among the built web client's files. Each instance serves it at /hush-cli.mjs with
// its SHA-256 (src/server/web/cli-download.ts), so a user fetches the CLI that matches their server in one command.
// Usage: node scripts/build-cli.mjs [OUTFILE]   (default: dist/client/hush-cli.mjs)
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'src', 'server') + path.sep;
/** The one server module the CLI loads (for `hush backup` and `hush restore`); the bundle gets a refusal instead. */
const OPS_COMMAND = path.join(SERVER, 'ops', 'ops.command');
const REFUSAL = 'hush backup and restore run on the server: use the hush command of the server installation';
const BUILTINS = new Set(builtinModules);

const outfile = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist', 'client', 'hush-cli.mjs'));
const PACKAGE_JSON = path.join(ROOT, 'package.json');
const packageJson = JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8'));

/**
 * Server code needs the server's packages (better-sqlite3 is a native addon), so none of it may enter the bundle:
 * the backup command becomes a function that refuses with a clear message, any other server import fails the build.
 */
const serverStaysOut = {
  name: 'hush:server-stays-out',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = path.resolve(args.resolveDir, args.path);
      if (!target.startsWith(SERVER)) return undefined;
      if (target.replace(/\.[jt]s$/, '') === OPS_COMMAND) return { path: 'ops.command', namespace: 'server-only' };
      const importer = path.relative(ROOT, args.importer);
      return { errors: [{ text: `the CLI bundle must not include server code (${importer} imports ${args.path})` }] };
    });
    build.onLoad({ filter: /.*/, namespace: 'server-only' }, () => ({
      contents: `export async function runOpsCommand() { throw new Error(${JSON.stringify(REFUSAL)}); }`,
      loader: 'js',
    }));
    // Node's modules by their node: names, which no package on the user's machine can stand in for.
    build.onResolve({ filter: /^[a-z_]/ }, (args) =>
      BUILTINS.has(args.path) ? { path: `node:${args.path}`, external: true } : undefined,
    );
  },
};

/**
 * zod's namespace (`import { z } from 'zod'`) keeps every module it re-exports in an esbuild bundle, its 60-odd
 * message translations too: half of the file. The CLI speaks English, zod's default, so only that one stays.
 */
const ZOD_LOCALES = path.join('zod', 'v4', 'locales', 'index.js');
const zodInEnglish = {
  name: 'hush:zod-in-english',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => {
      const target = path.resolve(args.resolveDir, args.path);
      return target.endsWith(ZOD_LOCALES) ? { path: target, namespace: 'zod-locales' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/** The CLI reads its version from package.json: the bundle gets that, not the server's list of packages. */
const versionOnly = {
  name: 'hush:version-only',
  setup(build) {
    build.onLoad({ filter: /package\.json$/ }, (args) =>
      args.path === PACKAGE_JSON
        ? { contents: JSON.stringify({ name: packageJson.name, version: packageJson.version }), loader: 'json' }
        : undefined,
    );
  },
};

const started = performance.now();
const result = await build({
  entryPoints: [path.join(ROOT, 'src', 'cli', 'main.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // ESM builds of packages that have one (hash-wasm's main is a UMD bundle of every algorithm it has).
  mainFields: ['module', 'main'],
  // Not minified: a user can read what they are about to run, and a stack trace names real lines.
  plugins: [serverStaysOut, zodInEnglish, versionOnly],
  write: false,
  outfile,
  logLevel: 'warning',
});
// The entry's own hashbang (if it has one) is replaced, so the file starts with exactly one.
const code = result.outputFiles[0].text.replace(/^#!.*\n/, '');
const header =
  '#!/usr/bin/env node\n' +
  `// Hush command-line client ${packageJson.version}: one file, no dependencies, Node 20 or newer. \`node hush-cli.mjs --help\`\n`;
fs.mkdirSync(path.dirname(outfile), { recursive: true });
fs.writeFileSync(outfile, header + code);
fs.chmodSync(outfile, 0o755);
const kib = (Buffer.byteLength(header + code) / 1024).toFixed(0);
const ms = (performance.now() - started).toFixed(0);
console.log(`command-line client: ${path.relative(process.cwd(), outfile)}, ${kib} KiB in ${ms} ms`);
