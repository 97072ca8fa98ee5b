import type { BackendModule, ReadCallback } from 'i18next';
import { LANGUAGE_CODES, NAMESPACES } from '../../shared/rules/languages';

/** i18next calls `read` again after a failure when its callback's second argument is true. */
const RETRY = true;

/**
 * Reads a page-text file, /locales/{language}/{namespace}.json. Only our own codes and namespaces make an address.
 * A network failure or a server error is retried (i18next waits 350 ms, doubling, up to maxRetries); a missing file
 * or one that is not JSON is not, since asking again would get the same answer.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!LANGUAGE_CODES.includes(language as never) || !NAMESPACES.includes(namespace as never)) {
      callback(new Error(`no page texts for ${JSON.stringify(language)}/${JSON.stringify(namespace)}`), !RETRY);
      return;
    }
    const path = `/locales/${language}/${namespace}.json`;
    fetch(path).then(
      (response) => {
        if (!response.ok) {
          callback(new Error(`${path}: HTTP ${response.status}`), response.status >= 500 && RETRY);
          return;
        }
        response.json().then(
          (texts: unknown) =>
            texts !== null && typeof texts === 'object' && !Array.isArray(texts)
              ? callback(null, texts as Record<string, unknown>)
              : callback(new Error(`${path}: not an object of texts`), !RETRY),
          () => callback(new Error(`${path}: not JSON`), !RETRY),
        );
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), RETRY),
    );
  },
};
