/**
 * The languages Hush ships (public/locales/{lng}/), with their names in their own language. English is the source
 * of truth; every other language has exactly its keys (a test checks). The server accepts only these for
 * HUSH_FORCED_LANGUAGE.
 */
export const LANGUAGES = {
  en: 'English',
  nb: 'Norsk bokmål',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  zh: '简体中文',
} as const;

export type Language = keyof typeof LANGUAGES;

export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];
