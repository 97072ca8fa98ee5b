import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from './i18n';

const FILES = import.meta.glob<unknown>('../../../public/locales/*/*.json', { eager: true, import: 'default' });
const files = new Map(
  Object.entries(FILES).map(([file, strings]) => [/locales\/([^/]+\/[^/]+)\.json$/.exec(file)![1]!, strings]),
);

/** Every key path of a translation file, plural forms included (`count_one`, `count_other`). */
function keys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  if (!node || typeof node !== 'object') return [`${prefix} (not text)`];
  return Object.entries(node).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

const read = (language: string, namespace: string): unknown => files.get(`${language}/${namespace}`) ?? {};

/** Plural suffixes differ by language (Chinese has only `_other`), so plurals compare by their base key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('translations', () => {
  it('there is a folder for every language and nothing else', () => {
    const folders = new Set([...files.keys()].map((key) => key.split('/')[0]));
    expect([...folders].sort()).toEqual(Object.keys(LANGUAGES).sort());
    for (const language of folders) {
      for (const namespace of NAMESPACES)
        expect(files.has(`${language}/${namespace}`), `${language}/${namespace}`).toBe(true);
    }
  });

  for (const language of Object.keys(LANGUAGES).filter((lng) => lng !== 'en')) {
    for (const namespace of NAMESPACES) {
      it(`${language}/${namespace}.json has exactly the English keys`, () => {
        const english = new Set(keys(read('en', namespace)).map(base));
        const translated = new Set(keys(read(language, namespace)).map(base));
        expect(
          [...english].filter((key) => !translated.has(key)),
          'missing',
        ).toEqual([]);
        expect(
          [...translated].filter((key) => !english.has(key)),
          'extra',
        ).toEqual([]);
      });

      it(`${language}/${namespace}.json keeps every {{placeholder}} of the English text`, () => {
        const english = new Map(keys(read('en', namespace)).map((key) => [key, lookup(read('en', namespace), key)]));
        const file = read(language, namespace);
        for (const key of keys(file)) {
          const source = english.get(key) ?? english.get(`${base(key)}_other`) ?? '';
          const wanted = [...source.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
          const found = [...lookup(file, key).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
          expect(found, `${language}/${namespace}: ${key}`).toEqual(wanted);
        }
      });
    }
  }
});

function lookup(node: unknown, key: string): string {
  const value = key.split('.').reduce<unknown>((item, part) => (item as Record<string, unknown>)?.[part], node);
  return typeof value === 'string' ? value : '';
}
