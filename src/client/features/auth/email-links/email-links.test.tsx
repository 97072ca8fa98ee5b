// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createTestI18n } from '../../../test-utils/i18n';
import { clearCookies, setLoginCookie } from '../../../test-utils/login-cookie';
import { describedBy, renderRoutes, typeInto } from '../../../test-utils/render';
import { confirmPasswordReset, confirmSignup, requestPasswordReset, verifyEmail } from '../api/account-email';
import { useSignInMethods } from '../api/sign-in-methods';
import { signout } from '../api/signout';
import { useSessionStore } from '../session.store';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';
import VerifyEmailPage from './VerifyEmailPage';
import ConfirmSignupPage from './ConfirmSignupPage';

vi.mock('../api/account-email', () => ({
  requestPasswordReset: vi.fn(),
  confirmPasswordReset: vi.fn(),
  verifyEmail: vi.fn(),
  confirmSignup: vi.fn(),
}));
vi.mock('../api/signout', () => ({ signout: vi.fn() }));
vi.mock('../api/sign-in-methods', () => ({ useSignInMethods: vi.fn() }));

const TOKEN = 'T'.repeat(43);
const METHODS = { password: true, signup: true, providers: [], passwordReset: true, passkeys: false, header: null };
const NOTHING_REMOVED = { passkeys: 0, identities: 0, authenticatorApp: false, webhooks: 0, requests: 0 };
const RESET = { reset: true as const, username: 'alice', ended: { sessions: 2, apiTokens: 1 } };

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/confirm-signup', element: <ConfirmSignupPage /> },
  { path: '/signup', element: <p>Sign-up page</p> },
  { path: '/signin', element: <p>Sign-in page</p> },
  { path: '/account', element: <p>Account area</p> },
];

describe('the forgot-password page', () => {
  it('sends the name typed and says a link is on its way, whether or not the account exists', async () => {
    vi.mocked(useSignInMethods).mockReturnValue(METHODS);
    vi.mocked(requestPasswordReset).mockResolvedValue({ accepted: true });
    renderRoutes(i18n, routes, '/forgot-password');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(describedBy(screen.getByLabelText('Username or email'))).toContain('Enter your username or email.');
    expect(requestPasswordReset).not.toHaveBeenCalled();

    typeInto('Username or email', '  alice@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Check your email');
    expect(status.textContent).toContain('It works for 30 minutes, once.');
    expect(requestPasswordReset).toHaveBeenCalledWith('alice@example.com');
  });

  it('says who resets passwords when the instance sends no email, and offers no form', async () => {
    vi.mocked(useSignInMethods).mockReturnValue({ ...METHODS, passwordReset: false });
    renderRoutes(i18n, routes, '/forgot-password');
    expect((await screen.findByRole('status')).textContent).toContain('Ask an administrator');
    expect(screen.queryByRole('button', { name: 'Email me a link' })).toBeNull();
  });

  it('explains a refusal for want of email the same way', async () => {
    vi.mocked(useSignInMethods).mockReturnValue(METHODS);
    vi.mocked(requestPasswordReset).mockRejectedValue(new ApiError(409, 'auth.email_unavailable', 'no email'));
    renderRoutes(i18n, routes, '/forgot-password');
    typeInto('Username or email', 'alice');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect((await screen.findByRole('status')).textContent).toContain('This instance sends no email');
  });
});

describe('the reset-password page', () => {
  it('takes the token from the fragment, drops it from the address, and sets the new password', async () => {
    vi.mocked(confirmPasswordReset).mockResolvedValue({ ...RESET, unverified: NOTHING_REMOVED });
    vi.mocked(signout).mockResolvedValue({ signedOut: true });
    const router = renderRoutes(i18n, routes, `/reset-password#${TOKEN}`);
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(screen.getByText(/Every API token of the account is revoked too\./).textContent).toContain(
      'added while the address was not verified are removed',
    );

    typeInto('New password', 'a new password');
    typeInto('Confirm the new password', 'a new passwort');
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(describedBy(screen.getByLabelText('Confirm the new password'))).toContain('do not match');
    expect(confirmPasswordReset).not.toHaveBeenCalled();

    typeInto('Confirm the new password', 'a new password');
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Your password is changed');
    expect(done.textContent).toContain('Every API token of your account was revoked');
    expect(screen.getAllByRole('status'), 'nothing was removed: nothing more is said').toHaveLength(1);
    expect(confirmPasswordReset).toHaveBeenCalledWith(TOKEN, 'a new password');
    expect(signout).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
  });

  it('says when it removed what was added while the address was not verified', async () => {
    vi.mocked(confirmPasswordReset).mockResolvedValue({ ...RESET, unverified: { ...NOTHING_REMOVED, passkeys: 1 } });
    vi.mocked(signout).mockResolvedValue({ signedOut: true });
    renderRoutes(i18n, routes, `/reset-password#${TOKEN}`);
    typeInto('New password', 'a new password');
    typeInto('Confirm the new password', 'a new password');
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    await screen.findByText(/Your password is changed/);
    const [, removed] = screen.getAllByRole('status');
    expect(removed!.textContent).toContain('added while your address was not verified were removed or closed');
  });

  it('says a used or expired link is and how to get a new one', async () => {
    vi.mocked(confirmPasswordReset).mockRejectedValue(new ApiError(400, 'auth.reset_link_invalid', 'used'));
    renderRoutes(i18n, routes, `/reset-password#${TOKEN}`);
    typeInto('New password', 'a new password');
    typeInto('Confirm the new password', 'a new password');
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This reset link has expired or was already used. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('without a token in the address, asks for the link again and offers no form', () => {
    renderRoutes(i18n, routes, '/reset-password');
    expect(screen.getByRole('alert').textContent).toContain('This page needs the link from the email.');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});

describe('the verify-email page', () => {
  it('verifies only when its button is pressed', async () => {
    vi.mocked(verifyEmail).mockResolvedValue({ verified: true, email: 'alice@example.com' });
    renderRoutes(i18n, routes, `/verify-email#${TOKEN}`);
    expect(verifyEmail).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my email address' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'alice@example.com is now the verified address of your account.',
    );
    expect(verifyEmail).toHaveBeenCalledWith(TOKEN);
  });

  it('announces a refused link', async () => {
    vi.mocked(verifyEmail).mockRejectedValue(new ApiError(400, 'auth.verify_link_invalid', 'used'));
    renderRoutes(i18n, routes, `/verify-email#${TOKEN}`);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my email address' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This verification link has expired');
  });

  describe('without a link that works, leads to where a new one is sent', () => {
    afterEach(() => {
      clearCookies();
      useSessionStore.getState().refresh();
    });
    const signedIn = () => {
      setLoginCookie('alice', new Date(Date.now() + 3_600_000).toISOString());
      useSessionStore.getState().refresh();
    };

    it('opened without its token: the account page (which sends the link again) when signed in', () => {
      signedIn();
      renderRoutes(i18n, routes, '/verify-email');
      expect(screen.getByRole('alert').textContent).toContain('This page needs the link from the email.');
      const link = screen.getByRole('link', { name: 'Send a new link from your account' });
      expect(link.getAttribute('href')).toBe('/account');
    });

    it('opened without its token while signed out: the sign-in, on its way to the account page', () => {
      renderRoutes(i18n, routes, '/verify-email');
      const link = screen.getByRole('link', { name: 'Sign in to send a new link' });
      expect(link.getAttribute('href')).toBe('/signin?next=%2Faccount');
    });

    it('a used or expired link', async () => {
      signedIn();
      vi.mocked(verifyEmail).mockRejectedValue(new ApiError(400, 'auth.verify_link_invalid', 'used'));
      renderRoutes(i18n, routes, `/verify-email#${TOKEN}`);
      expect(screen.queryByRole('link', { name: /new link/ })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Confirm my email address' }));
      await screen.findByRole('alert');
      expect(screen.getByRole('link', { name: 'Send a new link from your account' })).toBeTruthy();
      // The refused link is not offered again.
      expect(screen.queryByRole('button', { name: 'Confirm my email address' })).toBeNull();
    });
  });
});

describe('the confirm-signup page', () => {
  afterEach(() => {
    clearCookies();
    useSessionStore.getState().refresh();
  });

  it('makes the account with the password chosen, signs it in and goes to the account', async () => {
    vi.mocked(confirmSignup).mockImplementation(async () => {
      setLoginCookie('alice', new Date(Date.now() + 3_600_000).toISOString());
      return { username: 'alice', email: 'alice@example.com', role: 'user', expirationDate: '2099-01-01T00:00:00Z' };
    });
    const router = renderRoutes(i18n, routes, `/confirm-signup#${TOKEN}`);
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(confirmSignup, 'opening the page makes nothing').not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(describedBy(screen.getByLabelText('Password'))).toContain('Enter your password.');
    typeInto('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Account area')).toBeTruthy();
    expect(confirmSignup).toHaveBeenCalledWith(TOKEN, 'secret1');
    expect(useSessionStore.getState().isLoggedIn).toBe(true);
  });

  it('says so at the field when it is not the password chosen at sign-up', async () => {
    vi.mocked(confirmSignup).mockRejectedValue(new ApiError(401, 'auth.invalid_credentials', 'wrong'));
    renderRoutes(i18n, routes, `/confirm-signup#${TOKEN}`);
    typeInto('Password', 'not it');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText('Password'))).toContain(
        'This is not the password chosen when signing up.',
      ),
    );
  });

  it('a used or expired link: says so, offers no form, and leads to sign up again', async () => {
    vi.mocked(confirmSignup).mockRejectedValue(new ApiError(400, 'auth.signup_link_invalid', 'used'));
    renderRoutes(i18n, routes, `/confirm-signup#${TOKEN}`);
    typeInto('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This sign-up link has expired or was already used. Sign up again.',
    );
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign up again' }).getAttribute('href')).toBe('/signup');
  });

  it('without a token in the address, asks for the link again and offers no form', () => {
    renderRoutes(i18n, routes, '/confirm-signup');
    expect(screen.getByRole('alert').textContent).toContain('This page needs the link from the email.');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
