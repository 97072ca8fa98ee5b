import type { LanguageDetectorModule } from 'i18next';
import { toSupportedLanguage, type Language } from '../../shared/rules/languages';

/** Where a visitor's choice is kept in this browser (the key i18next's own detector used, so choices carry over). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked (privacy settings): the browser's list decides
  }
}

/**
 * The languages this visitor asks for, best first, as ours: the address (`?lng=`), then the choice kept in this
 * browser, then the browser's list. What Hush does not speak, or what is not a language tag at all, is skipped;
 * nothing left means the fallback.
 */
export function requestedLanguages(): Language[] {
  const tags = [new URLSearchParams(location.search).get('lng'), stored(), ...(navigator.languages ?? [])];
  const found = tags.map((tag) => (tag ? toSupportedLanguage(tag) : null)).filter((code) => code !== null);
  return [...new Set(found)];
}

/**
 * Keeps a language the visitor picked (the language picker) for the next visits: it then wins over the browser's
 * list. Only a pick is kept, never a language found on the way (the browser's list, `?lng=`), so a browser whose
 * languages change later is followed.
 */
export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not kept: the next visit asks the browser's list again
  }
}

/** i18next's language detector: `requestedLanguages`; it keeps nothing itself (see `rememberLanguage`). */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: requestedLanguages,
};
