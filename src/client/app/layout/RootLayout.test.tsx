// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/rules/settings';
import { useSessionStore } from '../../features/auth/session.store';
import { useSettingsStore } from '../../features/settings/settings.store';
import { createTestI18n } from '../../test-utils/i18n';
import { clearCookies, setLoginCookie } from '../../test-utils/login-cookie';
import { renderRoutes } from '../../test-utils/render';
import { serveApi } from '../../test-utils/serve-api';
import { RootLayout } from './RootLayout';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => {
  useSettingsStore.getState().setSettings(DEFAULT_SETTINGS);
  setLoginCookie('alice', new Date(Date.now() + 86_400_000).toISOString());
  useSessionStore.getState().refresh();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
  useSessionStore.getState().refresh();
});

const routes = [{ path: '/', element: <RootLayout />, children: [{ path: '*', element: <p>Page</p> }] }];

it('shows the unread responses beside the account link, said in words, and asks again on each page', async () => {
  let unread = 3;
  const fetchMock = serveApi({ 'GET /api/v1/requests/unread': () => [200, { unread }] });
  const router = renderRoutes(i18n, routes, '/public');
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(await within(nav).findByRole('link', { name: 'Account (3 unread responses)' })).toBeTruthy();
  unread = 0;
  await act(() => router.navigate('/privacy'));
  expect(await within(nav).findByRole('link', { name: 'Account' })).toBeTruthy();
  expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/requests/unread'))).toHaveLength(2);
});

it('adds the unseen events to the account link’s count, saying both', async () => {
  serveApi({
    'GET /api/v1/requests/unread': [200, { unread: 1 }],
    'GET /api/v1/account/activity/unread': [200, { unread: 2 }],
  });
  renderRoutes(i18n, routes, '/public');
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const link = await within(nav).findByRole('link', { name: 'Account (1 unread response, 2 new events)' });
  expect(link.getAttribute('href')).toBe('/account');
});

it('asks nothing while signed out', () => {
  clearCookies();
  useSessionStore.getState().refresh();
  const fetchMock = serveApi({});
  renderRoutes(i18n, routes, '/public');
  expect(fetchMock.mock.calls.filter(([url]) => /\/requests|\/activity/.test(String(url)))).toEqual([]);
});
