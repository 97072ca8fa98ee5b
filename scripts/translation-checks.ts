/**
 * What makes a translation complete (issue 17): the English keys exactly, each {{placeholder}} and <tag> of the
 * English text, every plural form the language has (Intl.PluralRules: Arabic six, Polish and Russian four, Japanese
 * one), and no text left in English. The same rules hold for the server's own texts (account emails, event notices:
 * src/server/locales/{code}/emails.json). Used by the test (translations.test.ts) and by translators:
 *   npx tsx scripts/translation-checks.ts pt-BR            checks public/locales/pt-BR against public/locales/en,
 *                                                          and src/server/locales/pt-BR against src/server/locales/en
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Strings = { [key: string]: string | Strings };

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Words that stay as they are in every language: the brand, protocols, formats, products, units and the loanwords
 * that the languages Hush speaks use as they are. A text identical to the English one is "left in English" only when
 * it holds a word not in this list.
 */
const KEPT_WORDS = new Set(
  `hush api apis url urls id ids ip ips cidr json yaml totp oidc openid connect smtp webhook webhooks slack ntfy http
  https postgresql sqlite redis s3 token tokens passkey passkeys admin admins status ok chrome firefox safari edge
  windows macos linux android ios github gitlab qr curl cli bearer basic markdown base64 sha-256 sha256 aes-gcm
  aes-256-gcm argon2id utc gib mib kib tib gb mb kb tb b email e-mail link links browser server cookie cookies online
  offline login logout web www app apps html css javascript podman docker nginx caddy traefik authelia authentik
  keycloak prometheus grafana metrics readyz healthz openapi swagger ci npm node.js node hmac ed25519 webauthn fido2
  yubikey 2fa otp pin hmac-sha256 utf-8 ascii png jpeg pdf zip tar gz mime csv ndjson x-forwarded-for unix iso
  powershell python go java ruby header query path body wget httpie req/s p50 p99 ms min max dns tls ssl sso rp pkce nonce ntfy.sh
  discord teams matrix mattermost pushover gotify apprise unicode cdn spa copy-paste`
    .split(/\s+/)
    .filter(Boolean),
);

/** Every key path of a file, plural forms included (`count_one`, `count_other`). */
export function keysOf(node: Strings | string, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

export function lookup(node: Strings, key: string): string | undefined {
  const value = key
    .split('.')
    .reduce<Strings | string | undefined>((item, part) => (typeof item === 'object' ? item[part] : undefined), node);
  return typeof value === 'string' ? value : undefined;
}

const base = (key: string) => key.replace(PLURAL, '');

/** The plural forms i18next asks a language for (its cardinal categories). */
export const pluralForms = (language: string) =>
  new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];

/** `{{name}}`, `{{count}}`, `<time>`, `</time>`, `<1/>`: what the page fills in or wraps. */
const slots = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}|<\/?[\w]+\s*\/?>/g)]
    .map((match) => (match[1] ? `{{${match[1]}}}` : match[0].replace(/\s+/g, '')))
    .sort();

/** Names of products and specifications, kept whole. */
const KEPT_NAMES = /Standard Webhooks|OpenID Connect|Let's Encrypt|Hush/g;

/**
 * The words a language shares with English (French "Description", German "Name"): one per line in
 * scripts/kept-words/{language}.txt, kept by the language's translator.
 */
export function keptWordsOf(language: string): Set<string> {
  try {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'kept-words', `${language}.txt`);
    return new Set(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim().toLowerCase())
        .filter((line) => line && !line.startsWith('#')),
    );
  } catch {
    return new Set();
  }
}

/** True when a translated text is the English text and says something in English words. */
export function leftInEnglish(translated: string, english: string, kept: Set<string> = new Set()): boolean {
  if (translated !== english) return false;
  const words = english
    .replace(KEPT_NAMES, ' ')
    .replace(/\{\{[^}]*\}\}|<[^>]*>|https?:\/\/\S+|`[^`]*`|\b[A-Z][A-Z0-9_]{2,}\b|\S+@\S+/g, ' ')
    .toLowerCase()
    .match(/[a-z][a-z0-9.+/-]*[a-z0-9]|[a-z]/g);
  return (words ?? []).some((word) => {
    const bare = word.replace(/[.]+$/, '');
    return bare.length > 1 && !KEPT_WORDS.has(bare) && !kept.has(bare);
  });
}

/** Everything wrong with one namespace of a language, as readable lines (empty: complete). */
export function problems(language: string, english: Strings, translated: Strings): string[] {
  const found: string[] = [];
  const englishKeys = keysOf(english);
  const translatedKeys = new Set(keysOf(translated));
  const forms = pluralForms(language);
  const kept = keptWordsOf(language);
  const wanted = new Set<string>();
  for (const key of englishKeys) {
    if (PLURAL.test(key)) for (const form of forms) wanted.add(`${base(key)}_${form}`);
    else wanted.add(key);
  }
  for (const key of wanted) if (!translatedKeys.has(key)) found.push(`missing: ${key}`);
  for (const key of translatedKeys) if (!wanted.has(key)) found.push(`extra: ${key}`);
  for (const key of translatedKeys) {
    if (!wanted.has(key)) continue;
    const text = lookup(translated, key)!;
    const source = lookup(english, key) ?? lookup(english, `${base(key)}_other`) ?? '';
    if (text.trim() === '') found.push(`empty: ${key}`);
    // A plural form may leave out {{count}} ("one file" in words), never add or lose another slot.
    const want = slots(source).filter((slot) => !(PLURAL.test(key) && slot === '{{count}}'));
    const have = slots(text).filter((slot) => !(PLURAL.test(key) && slot === '{{count}}'));
    if (want.join(' ') !== have.join(' '))
      found.push(`placeholders differ: ${key}: ${have.join(' ')} ≠ ${want.join(' ')}`);
    if (language !== 'en' && leftInEnglish(text, source, kept)) found.push(`left in English: ${key}: ${text}`);
  }
  return found;
}

export const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'locales');
/** The server's texts (emails, Slack and ntfy notices), one folder per language like the page texts. */
export const SERVER_LOCALES_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'server',
  'locales',
);

export function readNamespace(language: string, namespace: string, dir: string = LOCALES_DIR): Strings | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8')) as Strings;
  } catch {
    return null;
  }
}

/** The namespaces English has: one file each. */
export const namespacesOf = (language: string, dir: string = LOCALES_DIR) =>
  fs
    .readdirSync(path.join(dir, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();

/** Everything wrong with a language's files in one folder (the page texts or the server's), against English. */
export function checkFolder(language: string, dir: string = LOCALES_DIR): string[] {
  return namespacesOf('en', dir).flatMap((namespace) => {
    const translated = readNamespace(language, namespace, dir);
    if (!translated) return [`${namespace}.json: missing or not JSON`];
    return problems(language, readNamespace('en', namespace, dir)!, translated).map(
      (line) => `${namespace}.json ${line}`,
    );
  });
}

/** Everything wrong with a language: its page texts (`common.json …`), then its server texts (`server/emails.json …`). */
export function checkLanguage(language: string): string[] {
  return [
    ...checkFolder(language, LOCALES_DIR),
    ...checkFolder(language, SERVER_LOCALES_DIR).map((line) => `server/${line}`),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  let failed = false;
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  for (const language of process.argv.slice(2)) {
    const folders = [LOCALES_DIR, SERVER_LOCALES_DIR].map((dir) => ({
      name: path.relative(root, path.join(dir, language)),
      found: checkFolder(language, dir),
    }));
    const total = folders.reduce((sum, folder) => sum + folder.found.length, 0);
    failed ||= total > 0;
    console.log(`${language}: ${total ? `${total} problems` : 'complete'}`);
    for (const { name, found } of folders)
      console.log(
        found.length ? `  ${name}: ${found.length} problems\n    ${found.join('\n    ')}` : `  ${name}: complete`,
      );
  }
  process.exitCode = failed ? 1 : 0;
}
