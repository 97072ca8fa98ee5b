import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import {
  directionOf,
  LANGUAGE_CODES,
  NAMESPACES,
  toSupportedLanguage,
  type Namespace,
} from '../../shared/rules/languages';
import { localNumbers } from '../../shared/rules/local-numbers';
import { languageDetector } from './language-detector';
import { localeBackend } from './locale-backend';

export {
  LANGUAGES,
  LANGUAGE_CODES,
  NAMESPACES,
  type Language,
  type Namespace,
  toSupportedLanguage,
} from '../../shared/rules/languages';
/**
 * Loaded with the pages that use them (see `loadNamespace`), not at start-up: only admins open the admin pages, only
 * those who ask for a secret, or answer such a request, open the request pages, only creators their receipts, and
 * only signed-in users their activity, notification choices and webhooks.
 */
const ON_DEMAND: readonly Namespace[] = ['admin', 'requests', 'receipts', 'activity', 'webhooks'];

/**
 * Spec §9: a forced language (runtime config) is also the fallback; otherwise the browser's languages decide.
 * Files load from /locales/{lng}/{ns}.json, retried 5 times from 350 ms, at most 10 reads at once.
 */
export async function initI18n(forcedLanguage: string): Promise<i18n> {
  const forced = (forcedLanguage && toSupportedLanguage(forcedLanguage)) || '';
  await i18next
    .use(localeBackend)
    .use(languageDetector)
    .use(localNumbers)
    .use(initReactI18next)
    .init({
      // Set even when empty: a second start-up (tests) must not keep the first one's forced language.
      lng: forced || undefined,
      fallbackLng: forced || 'en',
      // Our codes exactly (pt-BR, zh-TW…): the detector's tags are made ours first, and what is not ours is dropped.
      supportedLngs: LANGUAGE_CODES,
      nonExplicitSupportedLngs: false,
      load: 'currentOnly',
      ns: NAMESPACES.filter((namespace) => !ON_DEMAND.includes(namespace)),
      defaultNS: 'common',
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      // React escapes what it renders; escaping here too would show &amp; to the reader. Numbers are written the
      // language's way (local-numbers.ts).
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
  showLanguage(i18next.resolvedLanguage ?? 'en');
  i18next.on('languageChanged', showLanguage);
  return i18next;
}

/** The document says its language and direction: screen readers, hyphenation and the right-to-left layout follow. */
function showLanguage(language: string) {
  const code = toSupportedLanguage(language) ?? 'en';
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

/**
 * Loads a namespace that start-up left out, in the current and fallback languages. It resolves when the files
 * failed too (the texts then fall back to English or the keys), so a page never waits forever.
 */
export const loadNamespace = (namespace: Namespace): Promise<void> => i18next.loadNamespaces(namespace);
