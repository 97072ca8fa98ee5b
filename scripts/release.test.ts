import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { bumpVersion, imageTags, nextVersion, publicSourceUrl, releaseChangelog } from './release.mjs';

/*
 * The parts of npm run release that decide what is written. The whole release (commit, tag, image, SBOM) runs in
 * CI as `npm run release -- --dry-run patch`, checked by scripts/release-check.mjs.
 */

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('nextVersion', () => {
  it('bumps major, minor and patch, and takes an explicit newer version', () => {
    expect(nextVersion('6.7.7', 'patch')).toBe('6.7.8');
    expect(nextVersion('6.7.7', 'minor')).toBe('6.8.0');
    expect(nextVersion('6.7.7', 'major')).toBe('7.0.0');
    expect(nextVersion('6.7.7', '6.10.0')).toBe('6.10.0');
    expect(nextVersion('6.7.7', '7.0.0-rc.1')).toBe('7.0.0-rc.1');
    expect(nextVersion('7.0.0-rc.1', 'major')).toBe('7.0.0');
    expect(nextVersion('7.0.0-rc.2', '7.0.0')).toBe('7.0.0');
  });

  it('refuses an older or equal version and anything that is not one', () => {
    expect(() => nextVersion('6.7.7', '6.7.7')).toThrow('is not newer than 6.7.7');
    expect(() => nextVersion('6.7.7', '6.7.6')).toThrow('is not newer');
    expect(() => nextVersion('6.7.7', '7.0.0-rc.1')).not.toThrow();
    expect(() => nextVersion('7.0.0', '7.0.0-rc.1')).toThrow('is not newer');
    expect(() => nextVersion('6.7.7', 'v6.8.0')).toThrow('say major, minor, patch or a version');
    expect(() => nextVersion('6.7.7', 'huge')).toThrow('say major, minor, patch or a version');
  });
});

describe('bumpVersion', () => {
  it("sets the Helm chart's appVersion, and only that line of Chart.yaml", () => {
    const dir = mkdtempSync(join(tmpdir(), 'hush-release-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'package.json'), '{\n  "name": "hush",\n  "version": "6.7.7"\n}\n');
    mkdirSync(join(dir, 'deploy', 'helm', 'hush'), { recursive: true });
    const chart = "apiVersion: v2\nname: hush\nversion: 0.1.0\nappVersion: '6.7.7'\n";
    writeFileSync(join(dir, 'deploy', 'helm', 'hush', 'Chart.yaml'), chart);
    expect(bumpVersion(dir, '6.8.0')).toEqual(['package.json', 'deploy/helm/hush/Chart.yaml']);
    expect(readFileSync(join(dir, 'deploy', 'helm', 'hush', 'Chart.yaml'), 'utf8')).toBe(
      chart.replace("appVersion: '6.7.7'", "appVersion: '6.8.0'"),
    );
  });

  it('changes the version lines of package.json, packages/*/package.json and the lock, nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hush-release-'));
    dirs.push(dir);
    const app = '{\n  "name": "hush",\n  "version": "6.7.7",\n  "dependencies": {\n    "x": "6.7.7"\n  }\n}\n';
    const client = '{\n  "name": "@hush/client",\n  "version": "6.7.7",\n  "type": "module"\n}\n';
    mkdirSync(join(dir, 'packages', 'client'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), app);
    writeFileSync(join(dir, 'packages', 'client', 'package.json'), client);
    const lock = {
      name: 'hush',
      version: '6.7.7',
      lockfileVersion: 3,
      packages: {
        '': { name: 'hush', version: '6.7.7' },
        'packages/client': { name: '@hush/client', version: '6.7.7' },
        'node_modules/x': { version: '6.7.7' },
      },
    };
    writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);

    expect(bumpVersion(dir, '6.8.0')).toEqual(['package.json', 'packages/client/package.json', 'package-lock.json']);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(
      app.replace('"version": "6.7.7"', '"version": "6.8.0"'),
    );
    expect(readFileSync(join(dir, 'packages', 'client', 'package.json'), 'utf8')).toBe(
      client.replace('6.7.7', '6.8.0'),
    );
    const bumped = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as typeof lock;
    expect(bumped.version).toBe('6.8.0');
    expect(bumped.packages['']!.version).toBe('6.8.0');
    expect(bumped.packages['packages/client']!.version).toBe('6.8.0');
    expect(bumped.packages['node_modules/x']!.version).toBe('6.7.7');
  });
});

describe('releaseChangelog', () => {
  const changelog = (unreleased: string) =>
    `# Changelog\n\nIntro.\n\n## [Unreleased]\n${unreleased}\n## [6.7.7] - 2026-11-29\n\n### Upgrade notes\n\n` +
    '- Runs `0001-initial` and `0002-settings`.\n';

  it('moves [Unreleased] under the version and date, and names the migrations no released section names', () => {
    const text = changelog('\n### Added\n\n- Licences.\n\n### Upgrade notes\n\n- Restart the proxy.\n');
    const { text: released, section } = releaseChangelog(text, '6.8.0', '2026-12-01', [
      '0001-initial',
      '0002-settings',
      '0003-accounts',
    ]);
    expect(section).toBe(
      '## [6.8.0] - 2026-12-01\n\n### Added\n\n- Licences.\n\n### Upgrade notes\n\n' +
        '- Database migrations that run at the first start: `0003-accounts`.\n- Restart the proxy.\n',
    );
    expect(released).toBe(
      `# Changelog\n\nIntro.\n\n## [Unreleased]\n\n${section}\n## [6.7.7] - 2026-11-29\n\n### Upgrade notes\n\n` +
        '- Runs `0001-initial` and `0002-settings`.\n',
    );
  });

  it('says so when nothing was recorded and no migration is new; refuses a version released already', () => {
    const { section } = releaseChangelog(changelog('\n'), '6.7.8', '2026-12-01', ['0001-initial']);
    expect(section).toBe(
      '## [6.7.8] - 2026-12-01\n\nNo notable changes were recorded under [Unreleased].\n\n### Upgrade notes\n\n' +
        '- No database migrations: the database is unchanged.\n',
    );
    expect(() => releaseChangelog(changelog('\n'), '6.7.7', '2026-12-01', [])).toThrow('already has a section');
    expect(() => releaseChangelog('# Changelog\n', '6.7.8', '2026-12-01', [])).toThrow('no "## [Unreleased]"');
  });
});

describe('imageTags', () => {
  it('tags X.Y.Z, X.Y, X and the commit; a pre-release only itself and the commit', () => {
    expect(imageTags('6.8.0', 'abc1234')).toEqual(['6.8.0', '6.8', '6', 'abc1234']);
    expect(imageTags('7.0.0-rc.1', 'abc1234')).toEqual(['7.0.0-rc.1', 'abc1234']);
  });
});

describe('the source label', () => {
  it('never carries the credentials of a CI clone, and is https for ssh remotes', () => {
    expect(publicSourceUrl('https://gitlab-ci-token:glcbt-SECRET@gitlab.example/org/hush.git')).toBe(
      'https://gitlab.example/org/hush',
    );
    expect(publicSourceUrl('https://x-access-token:ghs_SECRET@github.com/org/hush')).toBe(
      'https://github.com/org/hush',
    );
    expect(publicSourceUrl('git@github.com:org/hush.git')).toBe('https://github.com/org/hush');
    expect(publicSourceUrl('ssh://git@github.com/org/hush.git')).toBe('https://github.com/org/hush');
    expect(publicSourceUrl('file:///srv/hush')).toBe('file:///srv/hush');
    expect(() => publicSourceUrl('ftp://example.org/hush')).toThrow(/https or file/);
  });
});
