// Checks what `npm run release` made, from its manifest (dist/release/hush-X.Y.Z.release.json): the release commit
// and tag, the image's tags and OCI labels, `hush --version` and /readyz in the image, and the SBOM (valid CycloneDX
// JSON by the schema of @cyclonedx/cyclonedx-library, a purl on every component, and the same packages as the
// image's node_modules). Prints one line per check and writes reports/release.json ({"passed": N, "failed": N}).
//
// Usage: node scripts/release-check.mjs dist/release/hush-X.Y.Z.release.json [--remove-image]
//   --remove-image: remove the image's tags afterwards (CI's dry run leaves nothing behind).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PODMAN = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];
const LIMITS = ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];

const manifestFile = process.argv[2];
if (!manifestFile || !fs.existsSync(manifestFile)) {
  console.error('usage: node scripts/release-check.mjs dist/release/hush-X.Y.Z.release.json [--remove-image]');
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const { version } = manifest;
const image = manifest.tags[0];

function podman(...args) {
  const result = spawnSync('podman', [...PODMAN, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`podman ${args[0]}: ${(result.stderr || result.stdout).trim()}`);
  return result.stdout.trim();
}
const expectEqual = (what, actual, expected) => {
  if (actual !== expected) throw new Error(`${what} is ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`);
};

let passed = 0;
let failed = 0;
async function check(name, work) {
  try {
    await work();
    passed++;
    console.log(`  ✓ release: ${name}`);
  } catch (error) {
    failed++;
    console.log(`  ✗ release: ${name}: ${error.message}`);
  }
}

await check(
  `the release commit changed package.json (packages/* too), the lock and CHANGELOG.md, tagged v${version}`,
  () => {
    expectEqual('the tag', manifest.tag, `v${version}`);
    expectEqual('the commit the tag points to', manifest.tagCommit, manifest.revision);
    // packages/* (the SDK, @hush/client) are versioned with the app.
    const packages = fs.existsSync(path.join(ROOT, 'packages')) ? fs.readdirSync(path.join(ROOT, 'packages')) : [];
    const versioned = packages
      .map((name) => `packages/${name}/package.json`)
      .filter((file) => fs.existsSync(path.join(ROOT, file)));
    for (const file of ['CHANGELOG.md', 'package.json', 'package-lock.json', ...versioned])
      if (!manifest.committed.includes(file)) throw new Error(`the commit did not change ${file}`);
    if (!manifest.changelogSection.startsWith(`## [${version}] - ${manifest.created.slice(0, 10)}\n`))
      throw new Error(`the changelog section starts "${manifest.changelogSection.split('\n')[0]}"`);
    if (!/^### Upgrade notes$/m.test(manifest.changelogSection)) throw new Error('no upgrade notes');
  },
);

await check(`image tagged ${manifest.tags.map((tag) => tag.split(':').pop()).join(', ')}, one image`, () => {
  const [major, minor] = version.split('.');
  const names = manifest.tags.map((tag) => tag.slice(manifest.image.length + 1));
  const expected = version.includes('-')
    ? [version, manifest.commit]
    : [version, `${major}.${minor}`, major, manifest.commit];
  expectEqual('the tags', names.join(' '), expected.join(' '));
  const ids = new Set(manifest.tags.map((tag) => podman('image', 'inspect', '--format', '{{.Id}}', tag)));
  expectEqual('the number of distinct images', ids.size, 1);
});

await check('OCI labels: version, revision, source, licenses, created, title', () => {
  const labels = JSON.parse(podman('image', 'inspect', '--format', '{{json .Labels}}', image));
  const { license } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const expected = {
    version,
    revision: manifest.revision,
    source: manifest.source,
    licenses: license,
    created: manifest.created,
    title: 'Hush',
  };
  for (const [key, value] of Object.entries(expected))
    expectEqual(`org.opencontainers.image.${key}`, labels[`org.opencontainers.image.${key}`], value);
  if (!/^[0-9a-f]{40}$/.test(labels['org.opencontainers.image.revision'])) throw new Error('revision is no commit');
  if (Number.isNaN(Date.parse(labels['org.opencontainers.image.created']))) throw new Error('created is no date');
});

await check(`hush --version in the image says hush ${version}`, () => {
  const out = podman('run', ...LIMITS, '--rm', '--entrypoint', 'hush', image, '--version');
  expectEqual('hush --version', out, `hush ${version}`);
});

await check(
  `/readyz of the image's server says version ${version}; the page's footer gets it and the commit`,
  async () => {
    const port = await new Promise((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address();
        server.close(() => resolve(free));
      });
    });
    const name = `hush-release-check-${process.pid}`;
    podman('run', ...LIMITS, '-d', '--name', name, '-p', `127.0.0.1:${port}:3000`, image);
    try {
      let body = null;
      for (let i = 0; i < 120 && !body; i++) {
        body = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (answer) => (answer.ok ? answer.json() : null),
          () => null,
        );
        if (!body) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      if (!body) throw new Error(`/readyz did not answer 200 within 60 s: ${podman('logs', '--tail', '3', name)}`);
      expectEqual('/readyz version', body.version, version);
      expectEqual('/readyz status', body.status, 'ok');
      const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      const config = JSON.parse(/<script id="hush-config"[^>]*>([^<]*)<\/script>/.exec(page)?.[1] ?? 'null');
      expectEqual("the page's version", config?.version, version);
      expectEqual("the page's commit", config?.commit, manifest.commit);
    } finally {
      spawnSync('podman', [...PODMAN, 'rm', '--force', '--volumes', '--time', '0', name], { stdio: 'ignore' });
    }
  },
);

const sbom = JSON.parse(fs.readFileSync(manifest.sbom, 'utf8'));
const components = [];
const walk = (list) => list?.forEach((component) => (components.push(component), walk(component.components)));
walk(sbom.components);

await check('SBOM is CycloneDX 1.6 JSON of hush at this version, valid by the CycloneDX schema', async () => {
  expectEqual('bomFormat', sbom.bomFormat, 'CycloneDX');
  expectEqual('specVersion', sbom.specVersion, '1.6');
  expectEqual('metadata.component.name', sbom.metadata?.component?.name, 'hush');
  expectEqual('metadata.component.version', sbom.metadata?.component?.version, version);
  // The library that cyclonedx-npm writes with, and its copy of the published JSON schemas (ajv, strict).
  const library = createRequire(path.join(ROOT, 'node_modules', '@cyclonedx', 'cyclonedx-npm', 'package.json'))(
    '@cyclonedx/cyclonedx-library',
  );
  const errors = await new library.Validation.JsonStrictValidator(library.Spec.Version.v1dot6).validate(
    fs.readFileSync(manifest.sbom, 'utf8'),
  );
  if (errors !== null) throw new Error(`schema errors: ${JSON.stringify(errors).slice(0, 500)}`);
});

await check('SBOM: every component has an npm purl, and they are exactly the packages in the image', () => {
  const missingPurl = components.filter((component) => !/^pkg:npm\/.+@.+/.test(component.purl ?? ''));
  if (missingPurl.length) throw new Error(`no purl: ${missingPurl.map((c) => c.name).join(', ')}`);
  const inSbom = new Set(components.map((c) => `${c.group ? `${c.group}/` : ''}${c.name}@${c.version}`));
  const listing = podman(
    'run',
    ...LIMITS,
    '--rm',
    '--entrypoint',
    'node',
    image,
    '-e',
    `const fs = require('fs'), path = require('path'), out = new Set();
     const walk = (dir) => { for (const name of fs.readdirSync(dir)) {
       if (name === '.bin' || name.startsWith('.')) continue;
       const at = path.join(dir, name);
       if (name.startsWith('@')) { walk(at); continue; }
       const file = path.join(at, 'package.json');
       if (!fs.existsSync(file)) continue;
       const { name: n, version: v } = JSON.parse(fs.readFileSync(file, 'utf8'));
       out.add(n + '@' + v);
       if (fs.existsSync(path.join(at, 'node_modules'))) walk(path.join(at, 'node_modules'));
     } };
     walk('/app/node_modules'); console.log([...out].join('\\n'));`,
  );
  const inImage = new Set(listing.split('\n').filter(Boolean));
  const onlySbom = [...inSbom].filter((p) => !inImage.has(p));
  const onlyImage = [...inImage].filter((p) => !inSbom.has(p));
  if (onlySbom.length || onlyImage.length)
    throw new Error(`SBOM only: ${onlySbom.join(', ') || '-'}; image only: ${onlyImage.join(', ') || '-'}`);
  if (inImage.size < 50) throw new Error(`only ${inImage.size} packages in the image`);
  console.log(`    ${inImage.size} packages in the image, ${components.length} components in the SBOM`);
});

if (process.argv.includes('--remove-image'))
  spawnSync('podman', [...PODMAN, 'rmi', ...manifest.tags], { stdio: 'ignore' });

fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'reports', 'release.json'), `${JSON.stringify({ passed, failed })}\n`);
console.log(`release checks: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
