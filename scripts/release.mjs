// npm run release -- [--dry-run] major|minor|patch|X.Y.Z [--image NAME] [--source URL] [--out DIR]
//
// Makes a release of Hush:
//   1. bumps the version in package.json, package-lock.json (its two root entries) and packages/*/package.json
//      (versioned with the app);
//   2. moves CHANGELOG.md's [Unreleased] section into "## [X.Y.Z] - YYYY-MM-DD", adding to its upgrade notes the
//      database migrations this version adds (those under src/server/db/migrations that no released section names);
//   3. commits ("Release X.Y.Z") and tags vX.Y.Z (annotated);
//   4. builds the container image as scripts/container-test.sh does (podman, local base images), with the OCI labels
//      version, revision, source, licenses, created and title, tagged X.Y.Z, X.Y, X and the short commit (a
//      pre-release X.Y.Z-rc.1 gets only its own tag and the commit's);
//   5. writes a CycloneDX SBOM of the image's production dependencies, from the node_modules inside the image, to
//      OUT/hush-X.Y.Z.cdx.json, and OUT/hush-X.Y.Z.release.json (what was made, read by scripts/release-check.mjs).
//
// --dry-run does all of it for real in a temporary clone of HEAD (uncommitted changes are not in it): the commit
// and the tag stay in the clone, which is deleted; the image (default name localhost/hush-dry-run) and OUT's files
// are kept for inspection. Without --dry-run the repository must be clean, and nothing is pushed.
// OUT defaults to dist/release; the image name to localhost/hush; the source URL (org.opencontainers.image.source)
// to the git remote "origin" (a local path becomes a file:// URL).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const PODMAN = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];
const LIMITS = ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];
const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;
const MIGRATIONS = 'src/server/db/migrations';

const fail = (message) => {
  console.error(`release: ${message}`);
  process.exit(1);
};
const say = (message) => console.log(`release: ${message}`);

/** Runs a command; its output (trimmed) is returned, its failure stops the release with its stderr. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    const output = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').slice(-20).join('\n');
    fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${output}`);
  }
  return (result.stdout ?? '').trim();
}
const git = (cwd, ...args) => run('git', ['-C', cwd, ...args]);

/** The version after `current` for major|minor|patch, or `wanted` itself (which must be newer). */
export function nextVersion(current, wanted) {
  const now = SEMVER.exec(current);
  if (!now) throw new Error(`package.json's version "${current}" is not X.Y.Z`);
  const [major, minor, patch] = now.slice(1, 4).map(Number);
  // A pre-release (6.8.0-rc.1) is followed by its release (6.8.0) on patch, and by the next minor or major.
  const pre = now[4] !== undefined;
  if (wanted === 'major') return `${pre && minor === 0 && patch === 0 ? major : major + 1}.0.0`;
  if (wanted === 'minor') return `${major}.${pre && patch === 0 ? minor : minor + 1}.0`;
  if (wanted === 'patch') return `${major}.${minor}.${pre ? patch : patch + 1}`;
  const next = SEMVER.exec(wanted ?? '');
  if (!next) throw new Error(`say major, minor, patch or a version X.Y.Z (got "${wanted ?? ''}")`);
  if (compare(next, now) <= 0) throw new Error(`${wanted} is not newer than ${current}`);
  return wanted;
}

function compare(a, b) {
  for (let i = 1; i <= 3; i++) if (Number(a[i]) !== Number(b[i])) return Number(a[i]) - Number(b[i]);
  if (a[4] === b[4]) return 0;
  if (a[4] === undefined) return 1; // 1.0.0 > 1.0.0-rc.1
  if (b[4] === undefined) return -1;
  return a[4].localeCompare(b[4], 'en', { numeric: true });
}

/** Sets the version in package.json (only its own line: the file keeps its layout) and the lock's root entries. */
export function bumpVersion(dir, version) {
  const changed = [];
  const manifests = ['package.json'];
  const packagesDir = path.join(dir, 'packages');
  if (fs.existsSync(packagesDir))
    for (const name of fs.readdirSync(packagesDir).sort())
      if (fs.existsSync(path.join(packagesDir, name, 'package.json'))) manifests.push(`packages/${name}/package.json`);
  for (const file of manifests) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const updated = text.replace(/^(\s{2}"version":\s*")[^"]*(")/m, `$1${version}$2`);
    if (updated === text && !text.includes(`"version": "${version}"`)) throw new Error(`${file} has no "version"`);
    fs.writeFileSync(path.join(dir, file), updated);
    changed.push(file);
  }
  const lockFile = path.join(dir, 'package-lock.json');
  if (fs.existsSync(lockFile)) {
    const lock = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
    lock.version = version;
    for (const file of manifests) {
      const entry = lock.packages?.[path.dirname(file) === '.' ? '' : path.dirname(file)];
      if (entry) entry.version = version;
    }
    fs.writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
    changed.push('package-lock.json');
  }
  // The Helm chart runs this version's image by default (its appVersion; scripts/helm-chart.test.ts checks they agree).
  const chart = path.join(dir, 'deploy/helm/hush/Chart.yaml');
  if (fs.existsSync(chart)) {
    fs.writeFileSync(chart, fs.readFileSync(chart, 'utf8').replace(/^appVersion: .*$/m, `appVersion: '${version}'`));
    changed.push('deploy/helm/hush/Chart.yaml');
  }
  return changed;
}

/**
 * Moves the [Unreleased] section's text under a new "## [version] - date" heading (an empty [Unreleased] stays on
 * top) and names the migrations that the new version runs in its upgrade notes. Returns the new section's text.
 */
export function releaseChangelog(text, version, date, migrations) {
  const start = text.search(/^## \[Unreleased\][^\n]*\n/im);
  if (start < 0) throw new Error('CHANGELOG.md has no "## [Unreleased]" section');
  const headingEnd = text.indexOf('\n', start) + 1;
  const nextSection = text.slice(headingEnd).search(/^## \[/m);
  const end = nextSection < 0 ? text.length : headingEnd + nextSection;
  let body = text.slice(headingEnd, end).trim();
  const released = text.slice(end);
  if (new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\]`, 'm').test(released))
    throw new Error(`CHANGELOG.md already has a section for ${version}`);
  const named = new Set(released.match(/\b\d{4}-[a-z0-9-]+\b/g) ?? []);
  const added = migrations.filter((name) => !named.has(name));
  const note = added.length
    ? `- Database migrations that run at the first start: ${added.map((name) => `\`${name}\``).join(', ')}.`
    : '- No database migrations: the database is unchanged.';
  if (!/^### Upgrade notes$/m.test(body)) body = `${body}\n\n### Upgrade notes\n`.trim() + '\n';
  body = body.replace(/^### Upgrade notes\n+/m, `### Upgrade notes\n\n${note}\n`).replace(/\n{3,}/g, '\n\n');
  if (!body.replace(/### Upgrade notes[\s\S]*/, '').trim())
    body = `No notable changes were recorded under [Unreleased].\n\n${body}`;
  const section = `## [${version}] - ${date}\n\n${body.trim()}\n`;
  return { text: `${text.slice(0, headingEnd)}\n${section}\n${released}`, section };
}

/** The migrations of the tree at `dir`, by name (0001-initial …). */
function migrationNames(dir) {
  const folder = path.join(dir, MIGRATIONS);
  return fs
    .readdirSync(folder)
    .filter((name) => /^\d{4}-.*\.ts$/.test(name) && !name.includes('.test.'))
    .map((name) => name.replace(/\.ts$/, ''))
    .sort();
}

function sourceUrl(explicit) {
  if (explicit) return publicSourceUrl(explicit);
  if (process.env.HUSH_SOURCE_URL) return publicSourceUrl(process.env.HUSH_SOURCE_URL);
  const origin = spawnSync('git', ['-C', ROOT, 'remote', 'get-url', 'origin'], { encoding: 'utf8' });
  const url = origin.status === 0 ? origin.stdout.trim() : '';
  if (!url) return pathToFileURL(ROOT).href;
  if (path.isAbsolute(url) || url.startsWith('.')) return pathToFileURL(path.resolve(ROOT, url)).href;
  return publicSourceUrl(url);
}

/**
 * The repository's address as the image's source label may show it: https (or file), .git dropped, and never the
 * credentials a CI clone puts in its remote (https://gitlab-ci-token:TOKEN@…), which would ship in the image.
 */
export function publicSourceUrl(url) {
  const ssh = /^(?:ssh:\/\/)?(?:[^@/]+@)?([^:/]+)[:/](.+?)(?:\.git)?\/?$/.exec(url);
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    if (!ssh) throw new Error(`The source address ${JSON.stringify(url.replace(/\/\/[^@/]*@/, '//'))} is not a URL.`);
    return `https://${ssh[1]}/${ssh[2]}`;
  }
  if (parsed.protocol === 'ssh:' && ssh) return `https://${ssh[1]}/${ssh[2]}`;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:' && parsed.protocol !== 'file:') {
    throw new Error(`The source address must be https or file, not ${parsed.protocol}`);
  }
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  parsed.hash = '';
  return parsed.href.replace(/\.git$/, '');
}

/** The tags an image of `version` gets: X.Y.Z, X.Y and X (not for a pre-release), and the commit. */
export function imageTags(version, commit) {
  const [, major, minor, , pre] = SEMVER.exec(version);
  return pre ? [version, commit] : [version, `${major}.${minor}`, major, commit];
}

function parseArgs(argv) {
  const options = { dryRun: false, image: null, source: null, out: path.join(ROOT, 'dist', 'release'), bump: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--image') options.image = argv[++i];
    else if (arg === '--source') options.source = argv[++i];
    else if (arg === '--out') options.out = path.resolve(argv[++i]);
    else if (arg.startsWith('-')) fail(`unknown option ${arg}`);
    else if (options.bump) fail(`one version please (got ${options.bump} and ${arg})`);
    else options.bump = arg;
  }
  if (!options.bump) fail('usage: npm run release -- [--dry-run] major|minor|patch|X.Y.Z [--image NAME]');
  options.image ??= options.dryRun ? 'localhost/hush-dry-run' : 'localhost/hush';
  return options;
}

function main() {
  const started = Date.now();
  const options = parseArgs(process.argv.slice(2));
  const current = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
  let version;
  try {
    version = nextVersion(current, options.bump);
  } catch (error) {
    fail(error.message);
  }
  const tag = `v${version}`;
  const dirty = git(ROOT, 'status', '--porcelain', '--untracked-files=no');
  if (dirty && !options.dryRun) fail(`the working tree has uncommitted changes:\n${dirty}`);
  if (git(ROOT, 'tag', '--list', tag)) fail(`the tag ${tag} exists already`);

  // --- the release commit and tag ----------------------------------------------------------------------------------
  let work = ROOT;
  let temp = null;
  if (options.dryRun) {
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-release-'));
    work = path.join(temp, 'hush');
    git(ROOT, 'clone', '--quiet', '--no-checkout', ROOT, work);
    git(work, 'checkout', '--quiet', '-B', 'release', git(ROOT, 'rev-parse', 'HEAD'));
    say(
      `dry run of ${current} → ${version} in a clone of HEAD (${work})${dirty ? '; uncommitted changes left out' : ''}`,
    );
  } else {
    say(`${current} → ${version}`);
  }
  try {
    const date = new Date().toISOString().slice(0, 10);
    const files = bumpVersion(work, version);
    const changelogFile = path.join(work, 'CHANGELOG.md');
    const { text, section } = releaseChangelog(
      fs.readFileSync(changelogFile, 'utf8'),
      version,
      date,
      migrationNames(work),
    );
    fs.writeFileSync(changelogFile, text);
    const author =
      git(work, 'config', '--default', '', 'user.name') && git(work, 'config', '--default', '', 'user.email')
        ? []
        : ['-c', 'user.name=Hush release', '-c', 'user.email=release@localhost'];
    git(work, 'add', '--', 'CHANGELOG.md', ...files);
    git(work, ...author, 'commit', '--quiet', '--no-verify', '-m', `Release ${version}`);
    git(work, ...author, 'tag', '--annotate', tag, '--message', `Hush ${version}`);
    const revision = git(work, 'rev-parse', 'HEAD');
    const commit = git(work, 'rev-parse', '--short', 'HEAD');
    say(`committed ${commit} "Release ${version}" (${files.join(', ')}, CHANGELOG.md) and tagged ${tag}`);
    console.log(`\n${section}`);

    // --- the image ---------------------------------------------------------------------------------------------------
    const buildStarted = Date.now();
    run('bash', [path.join(work, 'scripts', 'container-base-images.sh')], { stdio: 'inherit' });
    const created = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const source = sourceUrl(options.source);
    const tags = imageTags(version, commit).map((name) => `${options.image}:${name}`);
    fs.mkdirSync(options.out, { recursive: true });
    const buildLog = path.join(options.out, `hush-${version}.build.log`);
    say(`building ${tags[0]} (log: ${path.relative(process.cwd(), buildLog)})`);
    const log = fs.openSync(buildLog, 'w');
    const build = spawnSync(
      'podman',
      [
        ...PODMAN,
        'build',
        '--pull=never',
        '--network=host',
        '--format',
        'docker',
        ...LIMITS,
        ...['--build-arg', `HUSH_COMMIT=${commit}`],
        ...['--build-arg', `HUSH_VERSION=${version}`],
        ...['--build-arg', `HUSH_REVISION=${revision}`],
        ...['--build-arg', `HUSH_CREATED=${created}`],
        ...['--build-arg', `HUSH_SOURCE=${source}`],
        ...tags.flatMap((name) => ['-t', name]),
        work,
      ],
      { stdio: ['ignore', log, log] },
    );
    fs.closeSync(log);
    if (build.status !== 0) {
      const tail = fs.readFileSync(buildLog, 'utf8').split('\n').slice(-30).join('\n');
      fail(`the image build failed (exit ${build.status ?? build.signal}):\n${tail}`);
    }
    const buildSeconds = Math.round((Date.now() - buildStarted) / 1000);
    say(`built ${tags.join(', ')} in ${buildSeconds} s`);

    // --- the SBOM of what the image holds ------------------------------------------------------------------------------
    const sbom = path.join(options.out, `hush-${version}.cdx.json`);
    writeSbom(work, tags[0], sbom);
    say(`SBOM: ${path.relative(process.cwd(), sbom)}`);

    const manifest = {
      version,
      tag,
      revision,
      commit,
      tagCommit: git(work, 'rev-parse', `${tag}^{commit}`),
      committed: git(work, 'show', '--name-only', '--format=', 'HEAD').split('\n'),
      changelogSection: section,
      created,
      source,
      image: options.image,
      tags,
      sbom: path.relative(process.cwd(), sbom),
      dryRun: options.dryRun,
      buildSeconds,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    const manifestFile = path.join(options.out, `hush-${version}.release.json`);
    fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    say(`done in ${manifest.seconds} s: ${path.relative(process.cwd(), manifestFile)}`);
    if (options.dryRun) say(`dry run: the commit and ${tag} were made in the clone, which is now deleted`);
    else say(`push it with: git push && git push origin ${tag}`);
  } finally {
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * CycloneDX 1.6 JSON of the production packages inside the image: its /app/package.json and /app/node_modules are
 * copied out, and cyclonedx-npm reads that tree (npm ls) with the lock file of the release commit.
 */
function writeSbom(work, image, file) {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-release-sbom-'));
  try {
    // tar is in the image (Debian's); `podman cp` of node_modules took several times as long.
    run('bash', [
      '-c',
      `set -o pipefail; podman ${PODMAN.join(' ')} run ${LIMITS.join(' ')} --rm --entrypoint tar "$1" ` +
        '-C /app -c package.json node_modules | tar -x -C "$2"',
      'bash',
      image,
      tree,
    ]);
    fs.copyFileSync(path.join(work, 'package-lock.json'), path.join(tree, 'package-lock.json'));
    const bin = path.join(ROOT, 'node_modules', '.bin', 'cyclonedx-npm');
    if (!fs.existsSync(bin)) fail('@cyclonedx/cyclonedx-npm is not installed: run npm ci');
    run(bin, [
      '--omit',
      'dev',
      '--spec-version',
      '1.6',
      '--mc-type',
      'application',
      '--validate',
      '--output-format',
      'JSON',
      '--output-file',
      file,
      path.join(tree, 'package.json'),
    ]);
  } finally {
    fs.rmSync(tree, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
