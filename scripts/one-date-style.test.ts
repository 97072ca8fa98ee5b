import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * One style for each kind of moment (issue 17): every date and time the pages show goes through
 * src/client/lib/format-date.ts (a day, a moment) or relative-time.ts (a distance), never the browser's default
 * toLocaleString of a Date, which writes the same moment another way ("24/11/2026, 22:05:00").
 */
const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'client');
const OWNERS = new Set(['lib/format-date.ts', 'lib/relative-time.ts', 'features/admin/analytics/chart-data.ts']);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

it('dates are written by the date formatters only', () => {
  const found = sources(CLIENT).flatMap((file) => {
    const name = path.relative(CLIENT, file);
    if (OWNERS.has(name)) return [];
    const text = fs.readFileSync(file, 'utf8');
    return [
      ...text.matchAll(
        /\.(toLocaleDateString|toLocaleTimeString)\(|new Date\([^)]*\)\.toLocaleString\(|DateTimeFormat\(/g,
      ),
    ].map((match) => `${name}: ${match[0]}`);
  });
  expect(found).toEqual([]);
});
