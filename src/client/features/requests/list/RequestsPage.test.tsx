// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../shared/rules/settings';
import { createTestI18n } from '../../../test-utils/i18n';
import { renderRoutes } from '../../../test-utils/render';
import { serveApi } from '../../../test-utils/serve-api';
import type { AccountOutlet } from '../../account';
import { useSettingsStore } from '../../settings';
import type { RequestSummary } from '../api/requests.types';
import { saveInboxKey } from '../inbox-keys';
import { detailOf, inDays, makeRequest, type MadeRequest } from '../requests.test-utils';
import RequestsPage from './RequestsPage';

let i18n: i18n;
let mine: MadeRequest;
let elsewhere: MadeRequest;
beforeAll(async () => {
  i18n = await createTestI18n();
  mine = await makeRequest({ title: 'Router admin password', text: '' });
  elsewhere = await makeRequest({ title: 'Made on the laptop', text: '' });
});
beforeEach(() => {
  localStorage.clear();
  useSettingsStore.getState().setSettings(DEFAULT_SETTINGS);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (made: MadeRequest, changes: Partial<RequestSummary> = {}): RequestSummary => {
  const { id, title, state, maxResponses, answered, unread, allowFiles, createdAt, expiresAt, revokedAt } =
    detailOf(made);
  return { id, title, state, maxResponses, answered, unread, allowFiles, createdAt, expiresAt, revokedAt, ...changes };
};

const ACCOUNT = {
  username: 'alice',
  email: 'a@example.com',
  role: 'user',
  generated: false,
  createdAt: inDays(-9),
  emailVerified: true,
};
function open() {
  const context = { account: ACCOUNT, setAccount: vi.fn() } as AccountOutlet;
  return renderRoutes(
    i18n,
    [{ path: '/account', element: <Outlet context={context} />, children: [{ path: '*', element: <RequestsPage /> }] }],
    '/account/requests',
  );
}

describe('the list of requests', () => {
  it('decrypts the titles this browser holds the key of, and says how to open the others', async () => {
    saveInboxKey(mine.id, mine.inboxKey);
    serveApi({
      'GET /api/v1/requests': [
        200,
        [
          summary(mine, { state: 'open', maxResponses: 3, answered: 2, unread: 2 }),
          summary(elsewhere, { state: 'expired', expiresAt: inDays(-2) }),
        ],
      ],
    });
    open();
    const items = within(await screen.findByRole('list', { name: 'Your requests' })).getAllByRole('listitem');
    expect(await within(items[0]!).findByRole('link', { name: 'Router admin password' })).toBeTruthy();
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe(`/account/requests/${mine.id}`);
    expect(items[0]!.textContent).toContain('Open');
    expect(items[0]!.textContent).toContain('2 unread');
    expect(items[0]!.textContent).toContain('Responses: 2 of 3');
    expect(items[1]!.textContent).toContain('Title locked: open the inbox link on this device');
    expect(items[1]!.textContent).toContain('Expired');
    expect(items[1]!.textContent).toContain('Link expired 2 days ago');
    expect(items[1]!.textContent).not.toContain('Made on the laptop');
    expect(screen.getByRole('link', { name: 'New request' }).getAttribute('href')).toBe('/account/requests/new');
  });

  it('says when there are none, and offers no new request while requests are off', async () => {
    useSettingsStore.getState().setSettings({ ...DEFAULT_SETTINGS, disable_requests: true });
    serveApi({ 'GET /api/v1/requests': [200, []] });
    open();
    expect(await screen.findByText('No requests yet')).toBeTruthy();
    expect(screen.getByText(/Requests are turned off on this instance/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New request' })).toBeNull();
  });
});
