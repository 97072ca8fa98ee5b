// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The real start-up (language detector, HTTP backend), each case with a fresh i18next, texts served by a stub. */
async function start({ url = '/', stored, browser = ['en-US'], forced = '', broken }: Start) {
  vi.resetModules();
  window.history.replaceState(null, '', url);
  localStorage.clear();
  if (stored !== undefined) localStorage.setItem('i18nextLng', stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      asked.push(path);
      const failure = broken?.(path);
      if (failure) return failure;
      return new Response(JSON.stringify({ nav: { home: path } }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const { initI18n } = await import('./i18n');
  const i18n = await initI18n(forced);
  return { i18n, asked, lang: document.documentElement.lang, dir: document.documentElement.dir };
}
type Start = {
  url?: string;
  stored?: string;
  browser?: string[];
  forced?: string;
  /** An answer in place of the texts for this path, if any. */
  broken?: (path: string) => Response | undefined;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the page language', () => {
  it("follows the browser's list, region and all", async () => {
    const { i18n, lang, dir } = await start({ browser: ['xx-YY', 'de-AT', 'fr'] });
    expect(i18n.resolvedLanguage).toBe('de');
    expect([lang, dir]).toEqual(['de', 'ltr']);
  });

  it('a choice kept in the browser wins over its list; one given in the address wins over both', async () => {
    expect((await start({ stored: 'es', browser: ['de'] })).i18n.resolvedLanguage).toBe('es');
    expect((await start({ url: '/?lng=fr', stored: 'es', browser: ['de'] })).i18n.resolvedLanguage).toBe('fr');
  });

  it('an unknown or malformed code in the address, the storage or the list falls back, and nothing odd is fetched', async () => {
    for (const bad of [
      { url: '/?lng=../../etc/passwd', browser: ['nb-NO'] },
      { url: '/?lng=xx', browser: ['nb-NO'] },
      { stored: '<script>', browser: ['nb-NO'] },
      { stored: 'klingon', browser: ['nb-NO'] },
    ]) {
      const { i18n, asked } = await start(bad);
      expect(i18n.resolvedLanguage, JSON.stringify(bad)).toBe('nb');
      expect(
        asked.every((path) => /^\/locales\/(nb|en)\/\w+\.json$/.test(path)),
        asked.join(),
      ).toBe(true);
    }
    const nothing = await start({ browser: ['tlh', 'x-klingon'] });
    expect([nothing.i18n.resolvedLanguage, nothing.lang, nothing.dir]).toEqual(['en', 'en', 'ltr']);
  });

  it('a language the instance forces wins over everything, and is also the fallback', async () => {
    const { i18n, lang } = await start({ url: '/?lng=de', stored: 'es', browser: ['fr'], forced: 'zh' });
    expect([i18n.resolvedLanguage, lang]).toEqual(['zh', 'zh']);
  });

  it('a change of language changes the document’s language', async () => {
    const { i18n } = await start({ browser: ['en'] });
    await i18n.changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('keeps no language the browser or the address gave: a browser whose list changes is followed', async () => {
    await start({ url: '/?lng=es', browser: ['de'] });
    expect(localStorage.getItem('i18nextLng')).toBeNull();
    expect((await start({ browser: ['fr'] })).i18n.resolvedLanguage).toBe('fr');
  });

  it('a broken, missing or failing language file shows the English texts, never the keys', async () => {
    for (const answer of [
      () => new Response('{"nav": {"home": "Start"', { status: 200 }),
      () => new Response('[]', { status: 200 }),
      () => new Response('not found', { status: 404 }),
    ]) {
      const { i18n } = await start({
        browser: ['de'],
        broken: (path) => (path === '/locales/de/common.json' ? answer() : undefined),
      });
      expect(i18n.resolvedLanguage).toBe('de');
      expect(i18n.t('nav.home')).toBe('/locales/en/common.json');
    }
  });
});
