import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

import { LANGUAGES } from '../../shared/rules/languages';

export { LANGUAGES, type Language } from '../../shared/rules/languages';
/** One file per feature under /locales/{lng}/{ns}.json. */
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
/**
 * Loaded with the pages that use them (see `loadNamespace`), not at start-up: only admins open the admin pages, only
 * those who ask for a secret, or answer such a request, open the request pages, only creators their receipts, and
 * only signed-in users their activity, notification choices and webhooks.
 */
const ON_DEMAND: readonly Namespace[] = ['admin', 'requests', 'receipts', 'activity', 'webhooks'];

/** Browser tags to ours: `nb-NO`, `no`, `nn` → nb; `zh-CN`, `zh-Hans` → zh; `de-AT` → de. */
export function toSupportedLanguage(tag: string): string {
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'no' || base === 'nn') return 'nb';
  return base;
}

/**
 * Spec §9: a forced language (runtime config) is also the fallback; otherwise the browser's languages decide.
 * Files load from /locales/{lng}/{ns}.json, retried 5 times from 350 ms, at most 10 reads at once.
 */
export async function initI18n(forcedLanguage: string): Promise<i18n> {
  const forced = forcedLanguage ? toSupportedLanguage(forcedLanguage) : '';
  await i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...(forced && { lng: forced }),
      fallbackLng: forced || 'en',
      supportedLngs: Object.keys(LANGUAGES),
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ns: NAMESPACES.filter((namespace) => !ON_DEMAND.includes(namespace)),
      defaultNS: 'common',
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      detection: {
        order: ['querystring', 'localStorage', 'navigator'],
        lookupQuerystring: 'lng',
        caches: ['localStorage'],
        convertDetectedLanguage: toSupportedLanguage,
      },
      // React escapes what it renders; escaping here too would show &amp; to the reader.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = i18next.resolvedLanguage ?? 'en';
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18next;
}

/**
 * Loads a namespace that start-up left out, in the current and fallback languages. It resolves when the files
 * failed too (the texts then fall back to English or the keys), so a page never waits forever.
 */
export const loadNamespace = (namespace: Namespace): Promise<void> => i18next.loadNamespaces(namespace);
