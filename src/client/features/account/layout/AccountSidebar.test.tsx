// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { clearCookies, setLoginCookie } from '../../../test-utils/login-cookie';
import { renderRoutes } from '../../../test-utils/render';
import { serveApi } from '../../../test-utils/serve-api';
import { useActivityUnread } from '../../activity';
import { useSessionStore } from '../../auth';
import { getAccount } from '../api/get-account';
import type { Account } from '../api/account.types';
import { accountLinks } from './account-links';
import AccountLayout from './AccountLayout';
import { AccountSidebar } from './AccountSidebar';

vi.mock('../api/get-account', () => ({ getAccount: vi.fn() }));

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  clearCookies();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const sections = () =>
  within(screen.getByRole('navigation', { name: 'Account' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the account sidebar (spec §2)', () => {
  it('shows a user account, activity, secrets, requests, webhooks, account settings and security only', () => {
    renderRoutes(i18n, [{ path: '*', element: <AccountSidebar role="user" /> }], '/account');
    expect(sections()).toEqual([
      ['Account', '/account/account'],
      ['Activity', '/account/activity'],
      ['Secrets', '/account/secrets'],
      ['Requests', '/account/requests'],
      ['Webhooks', '/account/webhooks'],
      ['Account settings', '/account/account-settings'],
      ['Security', '/account/security'],
    ]);
  });

  it('adds instance settings, users, analytics and instance webhooks for admins, in the spec order', () => {
    renderRoutes(i18n, [{ path: '*', element: <AccountSidebar role="admin" /> }], '/account');
    expect(sections().map(([label]) => label)).toEqual([
      'Account',
      'Activity',
      'Secrets',
      'Requests',
      'Webhooks',
      'Instance settings',
      'Account settings',
      'Security',
      'Users',
      'Analytics',
      'Instance webhooks',
    ]);
  });

  it('shows no admin entry to a creator, or while the role is not known yet', () => {
    for (const role of ['creator', null] as const) {
      expect(accountLinks(role).map((link) => link.to)).toEqual([
        '/account/account',
        '/account/activity',
        '/account/secrets',
        '/account/requests',
        '/account/webhooks',
        '/account/account-settings',
        '/account/security',
      ]);
    }
  });

  it('shows the unseen events beside Activity, said in words (the count the root layout asked for)', async () => {
    serveApi({ 'GET /api/v1/account/activity/unread': [200, { unread: 2 }] });
    function Counted() {
      useActivityUnread(true, '/account');
      return <AccountSidebar role="user" />;
    }
    renderRoutes(i18n, [{ path: '*', element: <Counted /> }], '/account');
    const link = await screen.findByRole('link', { name: 'Activity (2 new events)' });
    expect(link.getAttribute('href')).toBe('/account/activity');
    expect(screen.getByRole('link', { name: 'Secrets' })).toBeTruthy();
  });

  it("has an 'Other Links' block: public list, privacy, terms and sign out", () => {
    renderRoutes(i18n, [{ path: '*', element: <AccountSidebar role="user" /> }], '/account');
    const other = screen.getByRole('navigation', { name: 'Other Links' });
    expect(
      within(other)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Public secrets', '/public'],
      ['Privacy', '/account/privacy'],
      ['Terms', '/account/terms'],
      ['Sign out', '/signout'],
    ]);
  });

  it('marks the current section, the overview at /account too', () => {
    renderRoutes(i18n, [{ path: '*', element: <AccountSidebar role="user" /> }], '/account');
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    renderRoutes(i18n, [{ path: '*', element: <AccountSidebar role="user" /> }], '/account/secrets');
    expect(screen.getByRole('link', { name: 'Secrets' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBeNull();
    cleanup();
    renderRoutes(i18n, [{ path: '*', element: <AccountSidebar role="user" /> }], '/account/requests/new');
    expect(screen.getByRole('link', { name: 'Requests' }).getAttribute('aria-current')).toBe('page');
  });

  it('folds into a menu button on small screens', () => {
    renderRoutes(i18n, [{ path: '*', element: <AccountSidebar role="user" /> }], '/account/secrets');
    const toggle = screen.getByRole('button', { name: /Account menu/ });
    expect(toggle.textContent).toContain('Secrets');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});

const ACCOUNT: Account = {
  username: 'root',
  email: 'root@example.com',
  role: 'admin',
  generated: false,
  emailVerified: true,
  createdAt: '2029-01-01T00:00:00.000Z',
};

describe('the account layout', () => {
  const routes = [
    { path: '/account', element: <AccountLayout />, children: [{ path: 'secrets', element: <p>Own secrets</p> }] },
    { path: '/signin', element: <p>Sign-in page</p> },
  ];

  it('sends signed-out visitors to /signin, to come back after', async () => {
    useSessionStore.getState().refresh();
    const router = renderRoutes(i18n, routes, '/account/secrets');
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.search).toBe('?next=%2Faccount%2Fsecrets');
    expect(getAccount).not.toHaveBeenCalled();
  });

  it('takes the role from the account: admins see the admin entries', async () => {
    setLoginCookie('root', '2099-01-01T00:00:00.000Z');
    useSessionStore.getState().refresh();
    vi.mocked(getAccount).mockResolvedValue(ACCOUNT);
    renderRoutes(i18n, routes, '/account/secrets');
    expect(await screen.findByText('Own secrets')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/account/users');
  });
});
