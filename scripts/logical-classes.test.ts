import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Right to left (issue 17): the layout is built with logical properties, so that it mirrors by itself in Arabic,
 * Hebrew and Persian. A physical class (left/right margins, paddings, positions, alignment, borders, corners) would
 * stay on its side: none may come back. What must not mirror (a progress bar's fill, code) says so with `ltr:`/`rtl:`
 * or `dir="ltr"`.
 */
const PHYSICAL =
  /(?<![\w:-])(?:[a-z-]+:)*-?(?:ml|mr|pl|pr|left|right|border-l|border-r|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|text-left|text-right|float-left|float-right|scroll-ml|scroll-mr|scroll-pl|scroll-pr)(?:-(?:\d[\w.]*|auto|full|px|\[[^\]]+\]))?(?=[\s"'`]|$)/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The class lists of a file: className="…", class strings in cx(…) and template literals. */
const classLists = (text: string) =>
  [...text.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`)|cx\(([^)]*)\)|'([a-z0-9:[\]/.% -]+)'/g)].map(
    (match) => match.slice(1).find(Boolean) ?? '',
  );

const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'client');

describe('the client layout', () => {
  it('uses logical classes only (ms/me, ps/pe, start/end, text-start/end, border-s/e)', () => {
    const found: string[] = [];
    for (const file of sources(CLIENT)) {
      for (const list of classLists(fs.readFileSync(file, 'utf8'))) {
        for (const match of list.matchAll(PHYSICAL)) found.push(`${path.relative(CLIENT, file)}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('draws arrows that point along the reading direction through the Arrow component only', () => {
    const found = sources(CLIENT)
      .filter((file) => file.endsWith('.tsx') && !file.endsWith(path.join('components', 'ui', 'Arrow.tsx')))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => /[←→]/.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line))
          .map((line) => `${path.relative(CLIENT, file)}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it('the check itself finds physical classes', () => {
    const text = `<p className="ml-2 sm:pr-4 text-left" /> cx('md:-left-3', open && 'border-r')`;
    const found = classLists(text).flatMap((list) => [...list.matchAll(PHYSICAL)].map((match) => match[0]));
    expect(found).toEqual(['ml-2', 'sm:pr-4', 'text-left', 'md:-left-3', 'border-r']);
  });
});
