import { createInstance, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES } from '../lib/i18n';

// Every English namespace file, bundled at test time (no HTTP backend in tests).
const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/en/*.json', {
  eager: true,
  import: 'default',
});

const english: Resource[string] = Object.fromEntries(
  Object.entries(files).map(([path, strings]) => [/([^/]+)\.json$/.exec(path)?.[1] ?? path, strings]),
);

/** A fresh i18next instance with the English texts, for component tests: `<I18nextProvider i18n={…}>`. */
export async function createTestI18n(language = 'en'): Promise<i18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { en: english },
    interpolation: { escapeValue: false },
  });
  return instance;
}
