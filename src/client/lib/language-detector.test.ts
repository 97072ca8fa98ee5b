// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, languageDetector, rememberLanguage, requestedLanguages } from './language-detector';

function visit({ url = '/', stored, browser }: { url?: string; stored?: string; browser: string[] }) {
  window.history.replaceState(null, '', url);
  localStorage.clear();
  if (stored !== undefined) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
}

afterEach(() => vi.restoreAllMocks());

describe('the languages a visitor asks for', () => {
  it('the address, then the choice kept in the browser, then its list, each made ours, once each', () => {
    visit({ url: '/secret/x?lng=pt', stored: 'zh-Hant', browser: ['de-AT', 'de', 'nn', 'en-GB'] });
    expect(requestedLanguages()).toEqual(['pt-BR', 'zh-TW', 'de', 'nb', 'en']);
  });

  it('skips what Hush does not speak and what is not a language tag', () => {
    visit({ url: '/?lng=../../etc/passwd', stored: '<script>', browser: ['tlh', 'x-klingon', '', 'sv-FI'] });
    expect(requestedLanguages()).toEqual(['sv']);
    visit({ browser: [] });
    expect(requestedLanguages()).toEqual([]);
  });

  it('keeps a picked language for the next visit, and nothing the detector found on the way', () => {
    visit({ url: '/?lng=de', browser: ['en'] });
    expect(languageDetector.cacheUserLanguage).toBeUndefined();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    rememberLanguage('fa');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fa');
    window.history.replaceState(null, '', '/');
    expect(requestedLanguages()[0]).toBe('fa');
  });

  it('works when the browser refuses its storage: the list decides and nothing is kept', () => {
    visit({ stored: 'fr', browser: ['it'] });
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    expect(requestedLanguages()).toEqual(['it']);
    expect(() => rememberLanguage('de')).not.toThrow();
  });
});
