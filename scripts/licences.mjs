// npm run licences: every runtime dependency, transitive included, must carry a permissive licence.
//
// The production tree is the lock file's non-dev entries (what `npm ci --omit=dev` installs, and what the container
// image holds); each one's licence is read from its installed package.json (optional packages built for another
// platform are not installed and are skipped). An SPDX expression passes when it allows a permissive choice: "A OR B"
// needs one of them allowed, "A AND B" both, "A WITH exception" A. Anything else (a copyleft licence, none, "SEE
// LICENSE IN …", UNLICENSED) fails with the package's name, version, path and licence.
//
// Usage: node scripts/licences.mjs [--dir DIR]   (DIR: the project, default the current folder)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Permissive licences (SPDX ids): no copyleft, no field-of-use or network clauses. */
export const ALLOWED = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);

/** True when the SPDX expression allows a use under permissive licences only. */
export function permissive(expression) {
  const tokens = expression.replace(/[()]/g, ' $& ').trim().split(/\s+/);
  let at = 0;
  const or = () => {
    let ok = and();
    while (tokens[at]?.toUpperCase() === 'OR') {
      at++;
      ok = and() || ok;
    }
    return ok;
  };
  const and = () => {
    let ok = term();
    while (tokens[at]?.toUpperCase() === 'AND') {
      at++;
      ok = term() && ok;
    }
    return ok;
  };
  const term = () => {
    const token = tokens[at++];
    if (token === '(') {
      const ok = or();
      if (tokens[at++] !== ')') throw new Error(`unbalanced parentheses in "${expression}"`);
      return ok;
    }
    if (token === undefined || token === ')') throw new Error(`not an SPDX expression: "${expression}"`);
    if (tokens[at]?.toUpperCase() === 'WITH') at += 2; // an exception only grants more
    return ALLOWED.has(token.replace(/\+$/, ''));
  };
  try {
    const ok = or();
    return at === tokens.length && ok;
  } catch {
    return false;
  }
}

/** The licence a package.json declares, as one SPDX expression (the old `licenses` array read as an OR). */
function licenceOf(manifest) {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license;
  if (license && typeof license.type === 'string') return license.type;
  if (Array.isArray(licenses) && licenses.length > 0)
    return licenses.map((entry) => (typeof entry === 'string' ? entry : entry.type)).join(' OR ');
  return '(none)';
}

/** Every production package of the project at `dir`: {name, version, path, licence}. */
export function productionPackages(dir) {
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
  if (!lock.packages) throw new Error('package-lock.json has no "packages" (lockfileVersion 2 or later is needed)');
  const found = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (where === '' || entry.dev || entry.link) continue; // the app itself, dev-only, a workspace's symlink
    const file = path.join(dir, where, 'package.json');
    if (!fs.existsSync(file)) {
      if (entry.optional || entry.devOptional) continue; // built for another platform
      throw new Error(`${where} is in the lock file but not installed: run npm ci`);
    }
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    found.push({ name: manifest.name ?? where, version: manifest.version, path: where, licence: licenceOf(manifest) });
  }
  return found;
}

function main() {
  const at = process.argv.indexOf('--dir');
  const dir = path.resolve(at > 0 ? process.argv[at + 1] : '.');
  const packages = productionPackages(dir);
  const refused = packages.filter((p) => !permissive(p.licence));
  const counts = {};
  for (const p of packages) counts[p.licence] = (counts[p.licence] ?? 0) + 1;
  const summary = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([licence, n]) => `${licence} ${n}`)
    .join(', ');
  if (refused.length > 0) {
    for (const p of refused)
      console.error(`licence not allowed: ${p.name}@${p.version} (${p.path}) is licensed "${p.licence}"`);
    console.error(
      `${refused.length} of ${packages.length} production packages have a licence outside the allow-list ` +
        '(scripts/licences.mjs)',
    );
    process.exit(1);
  }
  console.log(`licences: ${packages.length} production packages, all permissive (${summary})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
