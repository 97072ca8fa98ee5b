import { describe, expect, it } from 'vitest';
import { directionOf, LANGUAGE_CODES, toSupportedLanguage } from './languages.js';

describe('a language tag becomes one of ours', () => {
  it('by its language, whatever the region or case', () => {
    expect(toSupportedLanguage('de-AT')).toBe('de');
    expect(toSupportedLanguage('DE')).toBe('de');
    expect(toSupportedLanguage('fr_CA')).toBe('fr');
    expect(toSupportedLanguage('en-GB')).toBe('en');
  });

  it('Norwegian in any of its codes is bokmål', () => {
    for (const tag of ['no', 'nn', 'nb-NO', 'no-NO']) expect(toSupportedLanguage(tag)).toBe('nb');
  });

  it('Chinese by its script or region', () => {
    expect(toSupportedLanguage('zh-CN')).toBe('zh');
    expect(toSupportedLanguage('zh-Hans')).toBe('zh');
    // Traditional Chinese goes to zh-TW when it ships, else to the Chinese there is.
    const traditional = LANGUAGE_CODES.includes('zh-TW' as never) ? 'zh-TW' : 'zh';
    for (const tag of ['zh-TW', 'zh-HK', 'zh-Hant', 'zh-Hant-HK']) expect(toSupportedLanguage(tag)).toBe(traditional);
  });

  it('an unknown, empty or malformed tag is nobody’s: the page falls back', () => {
    for (const tag of ['', 'xx', 'klingon', 'de--AT', '../../etc', '<script>', 'de AT', '1234', 'x-unsupported'])
      expect(toSupportedLanguage(tag), tag).toBeNull();
  });

  it('every language we ship maps to itself', () => {
    for (const code of LANGUAGE_CODES) expect(toSupportedLanguage(code)).toBe(code);
  });

  it('Arabic, Hebrew and Persian read right to left once they ship; the others left to right', () => {
    for (const code of LANGUAGE_CODES) {
      expect(directionOf(code)).toBe(['ar', 'he', 'fa'].includes(code) ? 'rtl' : 'ltr');
    }
    expect(directionOf('nonsense')).toBe('ltr');
  });
});
