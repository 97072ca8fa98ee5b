import { describe, expect, it } from 'vitest';
import { looksLikePage, NOT_FOUND_PATH, PAGE_PATHS, pagePath } from './pages.js';

describe('pagePath', () => {
  it('maps every known page to itself, and the account area’s twelve sections with its three request pages', () => {
    for (const path of PAGE_PATHS) expect(pagePath(path)).toBe(path);
    expect([...PAGE_PATHS].filter((path) => path.startsWith('/account/'))).toHaveLength(15);
    // 34: with /signin/link, the OpenID link confirmation (issue 16.1), /account/security (issue 16.7), and
    // /confirm-signup, a sign-up's emailed link (issue 29.1).
    expect(PAGE_PATHS.size).toBe(34);
  });

  it('strips the token of an emailed link: each link page is one page', () => {
    expect(pagePath(`/reset-password#${'t'.repeat(43)}`)).toBe('/reset-password');
    expect(pagePath(`/verify-email#${'t'.repeat(43)}`)).toBe('/verify-email');
    expect(pagePath(`/confirm-signup#${'t'.repeat(43)}`)).toBe('/confirm-signup');
  });

  it('strips request ids and keys: the fill link and the inbox link are one page each', () => {
    expect(pagePath('/request/AbCdEfGhIjKlMnOpQrStUv#key=x&pk=y')).toBe('/request/:id');
    expect(pagePath('/account/requests/AbCdEfGhIjKlMnOpQrStUv#inbox=x')).toBe('/account/requests/:id');
    expect(pagePath('/account/requests/new')).toBe('/account/requests/new');
    expect(pagePath('/account/requests/')).toBe('/account/requests');
    expect(pagePath('/request')).toBe(NOT_FOUND_PATH);
    expect(pagePath('/account/requests/a/b')).toBe(NOT_FOUND_PATH);
  });

  it('strips receipt ids and delete tokens: every receipt is one page', () => {
    expect(pagePath(`/receipt/AbCdEfGhIjKlMnOpQrStUv#${'d'.repeat(43)}`)).toBe('/receipt/:id');
    expect(pagePath('/Receipt/AbCdEfGhIjKlMnOpQrStUv/')).toBe('/receipt/:id');
    expect(pagePath('/receipt')).toBe(NOT_FOUND_PATH);
  });

  it('strips secret ids and keys, queries and fragments, and matches like the router', () => {
    expect(pagePath('/secret/abc#encryption_key=xyz')).toBe('/secret');
    expect(pagePath('/secret/key/id')).toBe('/secret');
    expect(pagePath('/Secret/key/id?x=1')).toBe('/secret');
    expect(pagePath('/public/Alice_1')).toBe('/public/:username');
    expect(pagePath('/account/users/')).toBe('/account/users');
    expect(pagePath('//signup//')).toBe('/signup');
    expect(pagePath('/?utm_source=x')).toBe('/');
  });

  it('answers /404 for anything else', () => {
    for (const path of ['/x', '/account/x', '/secretive', '/publicity', '/admin', '/%2e%2e', '/api/v1/stats']) {
      expect(pagePath(path), path).toBe(NOT_FOUND_PATH);
    }
  });
});

describe('looksLikePage', () => {
  it('takes plain paths a person could type', () => {
    for (const path of ['/', '/admin', '/account/x', '/secret/abc_-1/def', '/Signin?next=1']) {
      expect(looksLikePage(path), path).toBe(true);
    }
  });

  it('refuses files, dot paths and the API or operator endpoints', () => {
    for (const path of [
      '/.env',
      '/wp-login.php',
      '/favicon.ico',
      '/metrics',
      '/healthz',
      '/api',
      '/API/v1/x',
      '/a/../b',
    ]) {
      expect(looksLikePage(path), path).toBe(false);
    }
  });
});
