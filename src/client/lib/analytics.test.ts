import { afterEach, expect, it, vi } from 'vitest';
import { analyticsPath } from '../../shared/rules/analytics-path';
import { trackPageView } from './analytics';

afterEach(() => vi.unstubAllGlobals());

it('secret ids and keys never reach analytics', () => {
  const key = 'k'.repeat(43);
  const id = 'AbCdEfGhIjKlMnOpQrStUv';
  expect(analyticsPath(`/secret/${id}`)).toBe('/secret');
  expect(analyticsPath(`/secret/${key}/${id}`)).toBe('/secret');
  expect(analyticsPath(`/secret/${id}#encryption_key=${key}`)).toBe('/secret');
  expect(analyticsPath('/public/alice')).toBe('/public/:username');
  expect(analyticsPath('/public')).toBe('/public');
  expect(analyticsPath('/privacy?x=1')).toBe('/privacy');
});

it('request ids and keys never reach analytics', () => {
  const id = 'AbCdEfGhIjKlMnOpQrStUv';
  expect(analyticsPath(`/request/${id}#key=${'k'.repeat(43)}&pk=${'p'.repeat(43)}`)).toBe('/request/:id');
  expect(analyticsPath(`/account/requests/${id}#inbox=${'k'.repeat(43)}`)).toBe('/account/requests/:id');
  expect(analyticsPath('/account/requests/new')).toBe('/account/requests/new');
  expect(analyticsPath('/account/requests')).toBe('/account/requests');
});

it('receipt ids and delete tokens never reach analytics', () => {
  expect(analyticsPath(`/receipt/AbCdEfGhIjKlMnOpQrStUv#${'d'.repeat(43)}`)).toBe('/receipt/:id');
  expect(analyticsPath('/receipt/AbCdEfGhIjKlMnOpQrStUv')).toBe('/receipt/:id');
});

it('no page view is sent while analytics are disabled', () => {
  const fetch = vi.fn(async () => new Response('{}'));
  vi.stubGlobal('fetch', fetch);
  trackPageView('/public', false);
  expect(fetch).not.toHaveBeenCalled();
});

it('when enabled, the page view carries only the cleaned path', () => {
  const fetch = vi.fn(async () => new Response('{}'));
  vi.stubGlobal('fetch', fetch);
  trackPageView('/secret/AbCdEfGhIjKlMnOpQrStUv', true);
  expect(fetch).toHaveBeenCalledWith('/api/analytics/track', expect.objectContaining({ body: '{"path":"/secret"}' }));
});
