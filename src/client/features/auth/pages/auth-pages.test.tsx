// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { DEFAULT_SETTINGS } from '../../../../shared/rules/settings';
import { createTestI18n } from '../../../test-utils/i18n';
import { useSettingsStore } from '../../settings';
import { signin } from '../api/signin';
import { signout } from '../api/signout';
import { signup } from '../api/signup';
import { clearCookies, setLoginCookie } from '../../../test-utils/login-cookie';
import { renderRoutes, typeInto } from '../../../test-utils/render';
import { useSessionStore } from '../session.store';
import SigninPage from './SigninPage';
import SignoutPage from './SignoutPage';
import SignupPage from './SignupPage';

vi.mock('../api/signin', () => ({ signin: vi.fn() }));
vi.mock('../api/signup', () => ({ signup: vi.fn() }));
vi.mock('../api/signout', () => ({ signout: vi.fn() }));

const SESSION = {
  username: 'alice',
  email: 'a@example.com',
  role: 'user' as const,
  expirationDate: '2099-01-01T00:00:00.000Z',
};

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => {
  useSettingsStore.setState({ settings: DEFAULT_SETTINGS });
  useSessionStore.getState().refresh();
});
afterEach(() => {
  cleanup();
  clearCookies();
  vi.clearAllMocks();
});

const routes = [
  { path: '/signin', element: <SigninPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/signout', element: <SignoutPage /> },
  { path: '/account', element: <p>Account area</p> },
  { path: '/account/secrets', element: <p>Own secrets</p> },
];

function signInAs(password: string) {
  typeInto('Username or email', 'alice');
  typeInto('Password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in page', () => {
  it('says "wrong username or password" on a 401', async () => {
    vi.mocked(signin).mockRejectedValue(new ApiError(401, 'server.error', 'no code: the status alone counts'));
    renderRoutes(i18n, routes, '/signin');
    signInAs('wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong username or password.');
  });

  it('translates a 403 by its code', async () => {
    vi.mocked(signin).mockRejectedValue(new ApiError(403, 'auth.signin_disabled', 'server text'));
    renderRoutes(i18n, routes, '/signin');
    signInAs('secret1');
    expect((await screen.findByRole('alert')).textContent).toContain('Signing in is disabled on this instance.');
  });

  it('switches the login state and goes back where the visitor came from', async () => {
    vi.mocked(signin).mockImplementation(async () => {
      setLoginCookie('alice', SESSION.expirationDate);
      return SESSION;
    });
    const router = renderRoutes(i18n, routes, '/signin?next=%2Faccount%2Fsecrets');
    signInAs('secret1');
    expect(await screen.findByText('Own secrets')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/secrets');
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, username: 'alice' });
  });

  it('offers sign-up only when the instance allows it', () => {
    renderRoutes(i18n, routes, '/signin');
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeTruthy();
    cleanup();
    useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, disable_user_account_creation: true } });
    renderRoutes(i18n, routes, '/signin');
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
  });
});

describe('the sign-up page', () => {
  it.each(['disable_users', 'disable_user_account_creation'] as const)(
    'is closed, with a reason and no form, when %s is on',
    (setting) => {
      useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, [setting]: true } });
      renderRoutes(i18n, routes, '/signup');
      expect(
        screen.getByText('Creating accounts is turned off on this instance. Ask its administrator if you need one.'),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    },
  );

  it('shows a refused email domain on the email field', async () => {
    vi.mocked(signup).mockRejectedValue(new ApiError(403, 'auth.email_domain', 'Only example.org'));
    renderRoutes(i18n, routes, '/signup');
    typeInto('Email', 'alice@example.com');
    typeInto('Username', 'alice');
    typeInto('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
  });

  it('signs the new user in and goes to the account', async () => {
    vi.mocked(signup).mockImplementation(async () => {
      setLoginCookie('alice', SESSION.expirationDate);
      return SESSION;
    });
    renderRoutes(i18n, routes, '/signup');
    typeInto('Email', 'alice@example.com');
    typeInto('Username', 'alice');
    typeInto('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Account area')).toBeTruthy();
  });

  it('on an instance that sends email, says to check it, and signs nobody in', async () => {
    vi.mocked(signup).mockResolvedValue({ pending: true });
    renderRoutes(i18n, routes, '/signup');
    typeInto('Email', ' alice@example.com ');
    typeInto('Username', 'alice');
    typeInto('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Check your email');
    expect(status.textContent).toContain('We sent a message to alice@example.com.');
    expect(status.textContent).toContain('If that address has an account already, the message says so instead.');
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
  });
});

describe('the sign-out page', () => {
  it('ends the session, forgets the login state and links home', async () => {
    setLoginCookie('alice', SESSION.expirationDate);
    useSessionStore.getState().refresh();
    vi.mocked(signout).mockResolvedValue({ signedOut: true });
    renderRoutes(i18n, routes, '/signout');
    expect(await screen.findByText('You are signed out.')).toBeTruthy();
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('stays signed in and offers a retry when the server cannot be reached', async () => {
    setLoginCookie('alice', SESSION.expirationDate);
    useSessionStore.getState().refresh();
    vi.mocked(signout).mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ signedOut: true });
    renderRoutes(i18n, routes, '/signout');
    expect((await screen.findByRole('alert')).textContent).toContain('you are still signed in');
    expect(useSessionStore.getState().isLoggedIn).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are signed out.')).toBeTruthy();
  });
});
