import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance, type i18n, type Resource, type ResourceLanguage } from 'i18next';
import { LANGUAGE_CODES } from '../../shared/rules/languages.js';
import { localNumbers } from '../../shared/rules/local-numbers.js';

export const SERVER_NAMESPACE = 'emails';
const FALLBACK = 'en';

/**
 * The server's own texts (account emails, event notices for emails, Slack and ntfy): src/server/locales/{code}/
 * emails.json, one namespace, checked like the page texts by scripts/translation-checks.ts (English keys, named
 * {{placeholders}}, every plural form of the language). The build copies the folder to dist/server/locales
 * (scripts/copy-server-locales.mjs), so it is found next to this module from the sources (tsx, vitest) and from the
 * build alike; a bundle of the server for tests (test-utils/server-bundle.ts, in node_modules/.cache) finds the
 * sources' folder from the repository root.
 */
const NEXT_TO_MODULE = fileURLToPath(new URL('../locales/', import.meta.url));
const FROM_ROOT = fileURLToPath(new URL('../../src/server/locales/', import.meta.url));
export const SERVER_LOCALES_DIR =
  [NEXT_TO_MODULE, FROM_ROOT].find((dir) => fs.existsSync(path.join(dir, FALLBACK, `${SERVER_NAMESPACE}.json`))) ??
  NEXT_TO_MODULE;

/** Values a text fills in: `{{id}}`, `{{username}}`…, and `count`, which also picks the plural form. */
export type TextValues = Record<string, string | number>;

export interface ServerTexts {
  /** The languages that have a file (English always). */
  readonly languages: readonly string[];
  /** The text at `key` (`events.text.secret_expired`) in `language`, else in English: a missing file or key. */
  t(language: string | null | undefined, key: string, values?: TextValues): string;
  /** Whether `key` names a text (in English, which has every key). */
  has(key: string): boolean;
  /** The language the texts for `language` are written in: itself when it has a file, else English. */
  languageOf(language: string | null | undefined): string;
}

/**
 * The {code}/emails.json under `dir` of each language Hush ships, read once (a folder for a language not yet in
 * LANGUAGES is left alone). A language without a file is left out (it speaks English); a file that is not JSON stops
 * the start-up, naming it.
 */
function readResources(dir: string, codes: readonly string[]): Resource {
  const resources: Resource = {};
  for (const code of codes) {
    const file = path.join(dir, code, `${SERVER_NAMESPACE}.json`);
    let source: string;
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    try {
      resources[code] = { [SERVER_NAMESPACE]: JSON.parse(source) as ResourceLanguage };
    } catch (error) {
      throw new Error(`${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
  }
  if (!resources[FALLBACK]) throw new Error(`The server's texts are missing: no ${FALLBACK}/emails.json in ${dir}`);
  return resources;
}

/**
 * One i18next instance with the texts of every language under `dir`, initialised synchronously (resources given,
 * `initAsync: false`): built once at start-up, never per request. Values are not escaped: the texts go into plain
 * text mail, Slack and ntfy as they are, and the HTML mail escapes each whole sentence itself (mailer.ts,
 * account-mail.ts). Nesting (`$t(…)`) is off, so a value such as a username is never read as a text. Numbers are
 * written the language's way (shared/rules/local-numbers.ts).
 */
export function createServerTexts(
  dir: string = SERVER_LOCALES_DIR,
  codes: readonly string[] = LANGUAGE_CODES,
): ServerTexts {
  const resources = readResources(dir, codes);
  const languages = Object.keys(resources).sort();
  const loaded = new Set(languages);
  const instance: i18n = createInstance();
  void instance.use(localNumbers).init({
    resources,
    lng: FALLBACK,
    fallbackLng: FALLBACK,
    ns: [SERVER_NAMESPACE],
    defaultNS: SERVER_NAMESPACE,
    nsSeparator: false,
    initAsync: false,
    returnNull: false,
    returnObjects: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  // A language without a file speaks English, as does no language at all.
  const languageOf = (language: string | null | undefined) => (language && loaded.has(language) ? language : FALLBACK);
  return {
    languages,
    languageOf,
    t(language, key, values) {
      return instance.t(key, { ...values, lng: languageOf(language), nest: false }) as string;
    },
    has(key) {
      return typeof instance.getResource(FALLBACK, SERVER_NAMESPACE, key) === 'string';
    },
  };
}

/** The server's texts, loaded when the server starts. */
export const serverTexts: ServerTexts = createServerTexts();

/** `serverTexts.t`: the text at `key` in `language` (English when the language has no file or no such key). */
export const t = (language: string | null | undefined, key: string, values?: TextValues): string =>
  serverTexts.t(language, key, values);
