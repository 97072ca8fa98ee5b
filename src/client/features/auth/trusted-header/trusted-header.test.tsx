// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { clearCookies, setLoginCookie } from '../../../test-utils/login-cookie';
import { renderRoutes } from '../../../test-utils/render';
import { serveApi } from '../../../test-utils/serve-api';
import { useSessionStore } from '../session.store';
import { ProxySignoutNotice } from './ProxySignoutNotice';
import { TrustedHeaderSignIn } from './TrustedHeaderSignIn';

const METHODS = {
  password: true,
  signup: true,
  providers: [],
  passwordReset: false,
  passkeys: false,
  header: { username: 'carol', signoutUrl: 'https://auth.example.org/logout' },
};
const SESSION = { username: 'carol', email: 'c@example.org', role: 'user', expirationDate: '2099-01-01T00:00:00.000Z' };
const METHODS_CALL = 'GET /api/v1/authentication/methods';
const HEADER_CALL = 'POST /api/v1/authentication/header';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => useSessionStore.getState().refresh());
afterEach(() => {
  cleanup();
  clearCookies();
  vi.unstubAllGlobals();
});

const signinPage = () => renderRoutes(i18n, [{ path: '/signin', element: <TrustedHeaderSignIn /> }], '/signin');
/** The server's answer to POST /authentication/header: the login cookie, then the session. */
const signsIn = (): [number, unknown] => {
  setLoginCookie(SESSION.username, SESSION.expirationDate);
  return [200, SESSION];
};
const headerCalls = (fetchMock: ReturnType<typeof serveApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method} ${url}` === HEADER_CALL).length;

describe('sign-in by a trusted proxy’s header', () => {
  it('signs the user the proxy names in by itself, saying so while it works', async () => {
    let finish: () => void = () => {};
    const answered = new Promise<void>((resolve) => (finish = resolve));
    serveApi({ [METHODS_CALL]: [200, METHODS], [HEADER_CALL]: signsIn });
    const fetchMock = vi.mocked(fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args) => {
      if (String(args[0]).endsWith('/authentication/header')) await answered;
      return real(...args);
    });
    signinPage();
    expect((await screen.findByRole('status')).textContent).toContain('Signing you in as carol');
    finish();
    await waitFor(() => expect(useSessionStore.getState().isLoggedIn).toBe(true));
    expect(headerCalls(fetchMock)).toBe(1);
  });

  it('shows nothing and calls nothing when no trusted proxy names anyone', async () => {
    const fetchMock = serveApi({ [METHODS_CALL]: [200, { ...METHODS, header: null }], [HEADER_CALL]: signsIn });
    signinPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(headerCalls(fetchMock)).toBe(0);
  });

  it('says why it failed, as an alert, and can try again', async () => {
    let refused = true;
    const fetchMock = serveApi({
      [METHODS_CALL]: [200, METHODS],
      [HEADER_CALL]: () => (refused ? [403, { code: 'auth.header_unknown_user', message: 'no account' }] : signsIn()),
    });
    signinPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You could not be signed in as carol');
    expect(alert.textContent).toContain('You have no account on this instance');
    refused = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(useSessionStore.getState().isLoggedIn).toBe(true));
    expect(headerCalls(fetchMock)).toBe(2);
  });

  it('lets the visitor sign in another way, and continue as the proxy’s user on request', async () => {
    const fetchMock = serveApi({
      [METHODS_CALL]: [200, METHODS],
      [HEADER_CALL]: [401, { code: 'auth.header_missing', message: 'none' }],
    });
    signinPage();
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in another way' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Your organisation’s sign-in knows you as carol.')).toBeTruthy();
    expect(headerCalls(fetchMock)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Continue as carol' }));
    await screen.findByRole('alert');
    expect(headerCalls(fetchMock)).toBe(2);
  });
});

describe('after signing out behind the proxy', () => {
  const signoutPage = () => renderRoutes(i18n, [{ path: '/signout', element: <ProxySignoutNotice /> }], '/signout');

  it('says the proxy’s session goes on, and links to its sign-out', async () => {
    serveApi({ [METHODS_CALL]: [200, METHODS] });
    signoutPage();
    expect((await screen.findByText(/still signed in as carol/)).textContent).toContain('signs you in to Hush again');
    const link = screen.getByRole('link', { name: 'Sign out there too' });
    expect(link.getAttribute('href')).toBe('https://auth.example.org/logout');
  });

  it('has no link without a sign-out address, and says nothing without a proxy', async () => {
    serveApi({ [METHODS_CALL]: [200, { ...METHODS, header: { username: 'carol', signoutUrl: null } }] });
    signoutPage();
    await screen.findByText(/still signed in as carol/);
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    const fetchMock = serveApi({ [METHODS_CALL]: [200, { ...METHODS, header: null }] });
    signoutPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/still signed in/)).toBeNull();
  });
});
