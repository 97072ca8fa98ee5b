import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { localNumbers } from './local-numbers.js';

/** An i18next set up as the pages and the server set theirs up: numbers through localNumbers, always. */
async function texts(resources: Record<string, Record<string, string>>) {
  const instance = createInstance();
  await instance.use(localNumbers).init({
    resources: Object.fromEntries(Object.entries(resources).map(([lng, t]) => [lng, { translation: t }])),
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  return instance;
}

describe('numbers in texts', () => {
  it('are written the way the language writes them, and still pick the plural form', async () => {
    const i18n = await texts({
      en: { left_one: '{{count}} view left', left_other: '{{count}} views left' },
      fa: { left_one: '{{count}} بار', left_other: '{{count}} بار' },
      ar: {
        left_zero: 'zero {{count}}',
        left_one: 'one',
        left_two: 'two',
        left_few: 'few {{count}}',
        left_many: 'many {{count}}',
        left_other: 'other {{count}}',
      },
      de: { left_one: 'noch {{count}} Aufruf', left_other: 'noch {{count}} Aufrufe' },
    });
    expect(i18n.t('left', { count: 1 })).toBe('1 view left');
    expect(i18n.t('left', { count: 1024 })).toBe('1,024 views left');
    expect(i18n.t('left', { count: 12, lng: 'fa' })).toBe('۱۲ بار');
    expect(i18n.t('left', { count: 3, lng: 'ar' })).toBe(`few ${new Intl.NumberFormat('ar').format(3)}`);
    expect(i18n.t('left', { count: 11, lng: 'ar' })).toBe(`many ${new Intl.NumberFormat('ar').format(11)}`);
    expect(i18n.t('left', { count: 1000, lng: 'de' })).toBe('noch 1.000 Aufrufe');
  });

  it('leaves strings, identifiers and odd values as they are', async () => {
    const i18n = await texts({ fa: { line: '{{name}} {{code}} {{n}}' } });
    expect(i18n.t('line', { lng: 'fa', name: '42', code: 404, n: Number.NaN })).toBe('42 404 NaN');
  });
});
