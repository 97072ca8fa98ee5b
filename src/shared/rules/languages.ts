/**
 * The languages Hush ships (public/locales/{code}/), with their names in their own language and their direction.
 * English is the source of truth; every other language has exactly its keys and its own plural forms
 * (scripts/translation-checks.ts, checked by a test). The server accepts only these for HUSH_FORCED_LANGUAGE.
 */
export const LANGUAGES = {
  id: { name: 'Bahasa Indonesia' },
  ca: { name: 'Català' },
  cs: { name: 'Čeština' },
  da: { name: 'Dansk' },
  de: { name: 'Deutsch' },
  et: { name: 'Eesti' },
  en: { name: 'English' },
  es: { name: 'Español' },
  fr: { name: 'Français' },
  hr: { name: 'Hrvatski' },
  it: { name: 'Italiano' },
  lv: { name: 'Latviešu' },
  lt: { name: 'Lietuvių' },
  hu: { name: 'Magyar' },
  nl: { name: 'Nederlands' },
  nb: { name: 'Norsk bokmål' },
  pl: { name: 'Polski' },
  'pt-BR': { name: 'Português (Brasil)' },
  'pt-PT': { name: 'Português (Portugal)' },
  ro: { name: 'Română' },
  sk: { name: 'Slovenčina' },
  sl: { name: 'Slovenščina' },
  fi: { name: 'Suomi' },
  sv: { name: 'Svenska' },
  vi: { name: 'Tiếng Việt' },
  tr: { name: 'Türkçe' },
  el: { name: 'Ελληνικά' },
  bg: { name: 'Български' },
  ru: { name: 'Русский' },
  sr: { name: 'Српски' },
  uk: { name: 'Українська' },
  he: { name: 'עברית', rtl: true },
  ar: { name: 'العربية', rtl: true },
  fa: { name: 'فارسی', rtl: true },
  hi: { name: 'हिन्दी' },
  bn: { name: 'বাংলা' },
  th: { name: 'ไทย' },
  ko: { name: '한국어' },
  ja: { name: '日本語' },
  zh: { name: '简体中文' },
  'zh-TW': { name: '繁體中文' },
} as const satisfies Record<string, { name: string; rtl?: true }>;

export type Language = keyof typeof LANGUAGES;

/** The page texts: one file per feature, public/locales/{code}/{namespace}.json. */
export const NAMESPACES = [
  'common',
  'create',
  'view',
  'public',
  'pages',
  'account',
  'admin',
  'requests',
  'receipts',
  'activity',
  'webhooks',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

const isLanguage = (code: string): code is Language => Object.hasOwn(LANGUAGES, code);

export const languageName = (code: Language): string => LANGUAGES[code].name;

/** `rtl` for Arabic, Hebrew and Persian: the document's `dir`. */
export const directionOf = (code: string): 'ltr' | 'rtl' =>
  isLanguage(code) && 'rtl' in LANGUAGES[code] ? 'rtl' : 'ltr';

/** Older or wider codes for the same language. */
const ALIASES: Record<string, string> = { no: 'nb', nn: 'nb', iw: 'he', in: 'id', sh: 'sr' };
/** Portuguese outside Brazil is written the European way. */
const EUROPEAN_PORTUGUESE = new Set(['pt', 'ao', 'mz', 'cv', 'gw', 'st', 'tl', 'mo', 'gq', 'lu', 'ch']);
/** Chinese in Traditional characters: by its script, or by where it is written. */
const TRADITIONAL_CHINESE = new Set(['hant', 'tw', 'hk', 'mo']);

/**
 * A language tag from a browser, the address (`?lng=`), the browser's storage or the runtime configuration, as one
 * of ours, or null when Hush does not speak it or the tag is not a language tag at all: `de-AT` → de, `no`/`nn` → nb,
 * `pt-BR` and bare `pt` → pt-BR, `pt-PT`/`pt-AO` → pt-PT, `zh-Hant`/`zh-TW`/`zh-HK` → zh-TW, `zh-CN`/`zh-Hans` → zh.
 * When only one of a language's two forms ships, it stands for both.
 */
export function toSupportedLanguage(tag: string): Language | null {
  if (typeof tag !== 'string' || !/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(tag.trim())) return null;
  const [first = '', ...subtags] = tag.trim().toLowerCase().split(/[-_]/);
  const base = ALIASES[first] ?? first;
  const candidates =
    base === 'pt'
      ? subtags.some((part) => EUROPEAN_PORTUGUESE.has(part))
        ? ['pt-PT', 'pt-BR']
        : ['pt-BR', 'pt-PT']
      : base === 'zh'
        ? subtags.some((part) => TRADITIONAL_CHINESE.has(part))
          ? ['zh-TW', 'zh']
          : ['zh', 'zh-TW']
        : [base];
  return candidates.find(isLanguage) ?? null;
}
