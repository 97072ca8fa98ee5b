import { describe, expect, it } from 'vitest';
import { buildSecretUrl, parseSecretUrl, secretPath } from './link.js';

const id = 'AbCdEfGhIjKlMnOpQrStUv';
const key = 'k'.repeat(43);

describe('secret links', () => {
  it('puts the key in the fragment only', () => {
    const url = buildSecretUrl('https://hush.example/', id, key);
    expect(url).toBe(`https://hush.example/secret/${id}#encryption_key=${key}`);
    expect(new URL(url).pathname).not.toContain(key);
  });

  it('gives the page path the web page navigates to, with the key in its fragment', () => {
    expect(secretPath(id, key)).toBe(`/secret/${id}#encryption_key=${key}`);
    expect(secretPath(id)).toBe(`/secret/${id}`);
    expect(parseSecretUrl(secretPath(id, key))).toEqual({ id, key, keyInPath: false });
  });

  it('round-trips with and without a key', () => {
    expect(parseSecretUrl(buildSecretUrl('https://h.example', id, key))).toEqual({ id, key, keyInPath: false });
    expect(parseSecretUrl(buildSecretUrl('https://h.example', id))).toEqual({ id, key: null, keyInPath: false });
  });

  it('understands the older /secret/{key}/{id} form and says the key was in the path', () => {
    expect(parseSecretUrl(`/secret/${key}/${id}`)).toEqual({ id, key, keyInPath: true });
  });

  it('accepts a bare key as the fragment', () => {
    expect(parseSecretUrl(`/secret/${id}#${key}`)?.key).toBe(key);
  });

  it('rejects truncated or foreign links', () => {
    expect(parseSecretUrl(`/secret/${id.slice(1)}`)).toBeNull();
    expect(parseSecretUrl(`/secret/${id}#encryption_key=${key.slice(1)}`)?.key).toBeNull();
    expect(parseSecretUrl('/public/alice')).toBeNull();
    expect(parseSecretUrl('/secret/%E0%A4%A')).toBeNull();
    expect(parseSecretUrl('http://[bad')).toBeNull();
  });
});
