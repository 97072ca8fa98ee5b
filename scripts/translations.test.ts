import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkLanguage,
  leftInEnglish,
  LOCALES_DIR,
  namespacesOf,
  pluralForms,
  problems,
  readNamespace,
  SERVER_LOCALES_DIR,
  type Strings,
} from './translation-checks.js';
import { LANGUAGE_CODES, NAMESPACES } from '../src/shared/rules/languages.js';

describe('translations', () => {
  it('there is a folder for every language and nothing else, each with a file for every namespace', () => {
    const folders = fs
      .readdirSync(LOCALES_DIR)
      .filter((name) => fs.statSync(path.join(LOCALES_DIR, name)).isDirectory());
    expect(folders.sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(namespacesOf('en')).toEqual([...NAMESPACES].sort());
  });

  it('the server texts (emails, notices) have a folder for every language and nothing else, each with emails.json', () => {
    const folders = fs
      .readdirSync(SERVER_LOCALES_DIR)
      .filter((name) => fs.statSync(path.join(SERVER_LOCALES_DIR, name)).isDirectory());
    expect(folders.sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(namespacesOf('en', SERVER_LOCALES_DIR)).toEqual(['emails']);
  });

  // Keys, {{placeholders}} and <tags> as in English, the language's own plural forms, nothing left in English.
  for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
    it(`${language} is complete`, () => {
      expect(checkLanguage(language)).toEqual([]);
    });
  }

  it('English has one and other for every plural', () => {
    expect(checkLanguage('en')).toEqual([]);
  });

  it('the server texts are checked too: a plural form missing from German emails.json is found', () => {
    const english = readNamespace('en', 'emails', SERVER_LOCALES_DIR)!;
    const german = structuredClone(readNamespace('de', 'emails', SERVER_LOCALES_DIR)!);
    delete ((german.events as Strings).text as Strings).secret_viewed_left_one;
    expect(problems('de', english, german)).toEqual(['missing: events.text.secret_viewed_left_one']);
  });
});

describe('the translation checks find', () => {
  const english = {
    a: 'Open the {{what}}',
    n_one: '{{count}} view',
    n_other: '{{count}} views',
    t: 'At <time>{{when}}</time>',
  };

  it('a missing and an extra key, an empty text, a lost placeholder and a lost tag', () => {
    const found = problems('de', english, {
      a: 'Öffne das {{was}}',
      n_one: '',
      n_other: '{{count}} Aufrufe',
      t: 'Um {{when}}',
      z: 'mehr',
    } as never);
    expect(found).toEqual(
      expect.arrayContaining([
        'extra: z',
        'empty: n_one',
        'placeholders differ: a: {{was}} ≠ {{what}}',
        'placeholders differ: t: {{when}} ≠ </time> <time> {{when}}',
      ]),
    );
  });

  it('the plural forms each language has: six in Arabic, four in Polish and Russian, one in Japanese', () => {
    expect(pluralForms('ar')).toHaveLength(6);
    expect([...pluralForms('pl')].sort()).toEqual(['few', 'many', 'one', 'other']);
    expect([...pluralForms('ru')].sort()).toEqual(['few', 'many', 'one', 'other']);
    expect(pluralForms('ja')).toEqual(['other']);
    const polish = problems('pl', english, {
      a: 'Otwórz {{what}}',
      n_one: '{{count}} wyświetlenie',
      n_other: 'x {{count}}',
      t: '<time>{{when}}</time>',
    });
    expect(polish).toEqual(['missing: n_few', 'missing: n_many']);
    expect(
      problems('ja', english, { a: '{{what}}を開く', n_other: '{{count}}回', t: '<time>{{when}}</time>に' }),
    ).toEqual([]);
    expect(
      problems('ja', english, {
        a: '{{what}}を開く',
        n_one: '1回',
        n_other: '{{count}}回',
        t: '<time>{{when}}</time>',
      }),
    ).toEqual(['extra: n_one']);
  });

  it('a text left in English, but not brand and technical words or the words a language shares with English', () => {
    expect(leftInEnglish('Open the secret', 'Open the secret')).toBe(true);
    expect(leftInEnglish('Hush API (JSON)', 'Hush API (JSON)')).toBe(false);
    expect(leftInEnglish('HUSH_PUBLIC_URL', 'HUSH_PUBLIC_URL')).toBe(false);
    expect(leftInEnglish('Description', 'Description', new Set(['description']))).toBe(false);
    expect(leftInEnglish('Beschreibung', 'Description')).toBe(false);
  });
});
