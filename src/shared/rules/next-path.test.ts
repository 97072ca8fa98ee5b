import { describe, expect, it } from 'vitest';
import { safeNext } from './next-path.js';

describe('safeNext', () => {
  it('percent-encodes spaces and non-ASCII as UTF-8, so the result is always a valid Location header', () => {
    expect(safeNext('/account/€')).toBe('/account/%E2%82%AC');
    expect(safeNext('/r/ü b?x=é')).toBe('/r/%C3%BC%20b?x=%C3%A9');
    expect(safeNext('/account/%E2%82%AC')).toBe('/account/%E2%82%AC');
    for (const next of ['/account/€', '/a b', '/x/🔑?q=1#ß', '/account/%2F']) {
      expect(safeNext(next)).toMatch(/^\/[\x21-\x7e]*$/);
      expect(safeNext(safeNext(next))).toBe(safeNext(next));
    }
  });

  it('sends control characters, lone surrogates and overlong paths to /account', () => {
    for (const next of ['/a\r\nb', '/a\tb', '/a\u007f', '/a\u0085', '/a\ud800', '/a\udc00b', `/${'a'.repeat(1100)}`])
      expect(safeNext(next), JSON.stringify(next)).toBe('/account');
    // Under the limit as typed, over it once encoded.
    expect(safeNext(`/${'€'.repeat(400)}`)).toBe('/account');
  });
});
