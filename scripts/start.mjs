// `npm start`: builds only when the build is missing or older than the sources, then runs the server in this very
// process, so the signals npm forwards (SIGTERM, SIGINT) reach the server itself and it shuts down cleanly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withSupportedNode } from './node-runtime.mjs';

// Before anything else: the build tools and the server need Node.js 22 or newer (package.json engines). On an older
// one (Debian 12 has 18, many servers 20), a pinned Node.js from the npm registry runs this very script again.
await withSupportedNode(import.meta.url);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist/build-info.json');
const entry = path.join(root, 'dist/server/main.js');
/** What the build is made from: a change to any of these makes the build stale. */
const SOURCES = ['src', 'public', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

function newestSource() {
  let newest = 0;
  const visit = (file) => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of SOURCES) visit(path.join(root, source));
  return newest;
}

function buildState() {
  if (!fs.existsSync(stamp) || !fs.existsSync(entry)) return 'missing';
  // A production install may ship the build without its sources: nothing to compare, the build is what there is.
  if (!fs.existsSync(path.join(root, 'src'))) return 'fresh';
  return newestSource() > fs.statSync(stamp).mtimeMs ? 'stale' : 'fresh';
}

const canBuild = () => fs.existsSync(path.join(root, 'node_modules/vite/package.json'));

const state = buildState();
if (state !== 'fresh') {
  if (canBuild()) {
    console.log(
      state === 'missing' ? 'No build yet: building…' : 'The sources changed since the last build: building…',
    );
    const npm = process.env.npm_execpath;
    const result = npm
      ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
      : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('The build failed (see above); the server was not started.');
      process.exit(result.status ?? 1);
    }
  } else if (state === 'missing') {
    console.error(
      'There is no build, and the build tools (dev dependencies) are not installed: run `npm ci && npm run build`.',
    );
    process.exit(1);
  } else {
    console.warn(
      'The sources changed since the last build, but the build tools are not installed: serving the existing build.',
    );
  }
}

await import(entry);
