import i18next, { type i18n } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeBackend } from './locale-backend';

/** A fresh i18next on the real backend, with fetch answering from `answers` in turn (the last one repeats). */
async function load(answers: (() => Promise<Response>)[], options: { maxRetries?: number } = {}) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return answers[Math.min(asked.length, answers.length) - 1]!();
    }),
  );
  const failures: unknown[] = [];
  const instance: i18n = i18next.createInstance();
  instance.on('failedLoading', (_language, _namespace, message) => failures.push(message));
  await instance.use(localeBackend).init({
    lng: 'de',
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    retryTimeout: 1,
    maxRetries: options.maxRetries ?? 3,
  });
  return { instance, asked, failures };
}

const json =
  (body: unknown, status = 200) =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the page-text backend', () => {
  it('reads /locales/{language}/{namespace}.json', async () => {
    const { instance, asked } = await load([json({ hello: 'Hallo' })]);
    expect(asked).toEqual(['/locales/de/common.json']);
    expect(instance.t('hello')).toBe('Hallo');
  });

  it('asks again after a network failure or a server error, and then has the texts', async () => {
    const { instance, asked } = await load([
      () => Promise.reject(new TypeError('Failed to fetch')),
      json({ code: 'server.unavailable' }, 503),
      json({ hello: 'Hallo' }),
    ]);
    expect(asked).toHaveLength(3);
    expect(instance.t('hello')).toBe('Hallo');
  });

  it('gives up after maxRetries, and the page shows keys rather than waiting forever', async () => {
    const { instance, asked, failures } = await load([json({}, 502)], { maxRetries: 2 });
    expect(asked).toHaveLength(3);
    expect(failures).toHaveLength(1);
    expect(instance.t('hello')).toBe('hello');
  });

  it('does not ask again for a missing file, nor for one that is not an object of texts', async () => {
    for (const answer of [
      json({ code: 'not_found' }, 404),
      async () => new Response('<html>', { status: 200 }),
      json(['not', 'texts']),
      json(null),
    ]) {
      const { asked, failures } = await load([answer]);
      expect(asked).toHaveLength(1);
      expect(failures).toHaveLength(1);
    }
  });

  it('builds no address from a language or namespace that is not ours', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    for (const [language, namespace] of [
      ['../../etc', 'common'],
      ['de', '../secret'],
      ['xx', 'common'],
      ['de', 'nope'],
    ] as const) {
      const answer = await new Promise<[unknown, unknown]>((resolve) =>
        localeBackend.read(language, namespace, (error, data) => resolve([error, data])),
      );
      expect(answer[0]).toBeInstanceOf(Error);
      expect(answer[1]).toBe(false);
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
