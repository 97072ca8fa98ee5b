// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../shared/rules/settings';
import { createTestI18n } from '../../../test-utils/i18n';
import { clearCookies } from '../../../test-utils/login-cookie';
import { renderRoutes, typeInto } from '../../../test-utils/render';
import { sentBodies, serveApi } from '../../../test-utils/serve-api';
import { useSettingsStore } from '../../settings';
import SigninPage from '../pages/SigninPage';
import { useSessionStore } from '../session.store';

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
  vi.unstubAllGlobals();
});

const SIGNIN = 'POST /api/v1/authentication/signin';
const STEP = 'POST /api/v1/authentication/signin/second-factor';
const METHODS = {
  password: true,
  signup: true,
  providers: [],
  passwordReset: false,
  passkeys: false,
  header: null,
};
const refused = (code: string) => [401, { code, message: code }] as [number, unknown];

async function passwordStep() {
  renderRoutes(i18n, [{ path: '/signin', element: <SigninPage /> }], '/signin');
  typeInto('Username or email', 'alice');
  typeInto('Password', 'correct horse');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('heading', { name: 'Two-factor authentication' });
}

describe('the second step of a password sign-in', () => {
  it('asks for the app’s 6-digit code as a one-time code, and announces a wrong one', async () => {
    const fetchMock = serveApi({
      'GET /api/v1/authentication/methods': [200, METHODS],
      [SIGNIN]: [200, { secondFactor: { methods: ['totp'] } }],
      [STEP]: refused('two_factor.code_invalid'),
    });
    await passwordStep();
    const input = screen.getByLabelText('Authentication code') as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(input));

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code from your app.')).toBeTruthy();
    expect(sentBodies(fetchMock, STEP)).toEqual([]);

    typeInto('Authentication code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This code is wrong or has expired');
    expect(sentBodies(fetchMock, STEP)).toEqual([{ code: '123456' }]);
    expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('');
  });

  it('takes a backup code instead, saying so above the form, and after an expired pending sign-in offers the password again', async () => {
    const fetchMock = serveApi({
      'GET /api/v1/authentication/methods': [200, METHODS],
      [SIGNIN]: [200, { secondFactor: { methods: ['totp'] } }],
      [STEP]: refused('two_factor.pending_invalid'),
    });
    await passwordStep();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    expect(screen.getByText('Enter one of the backup codes you saved.')).toBeTruthy();
    expect(screen.queryByText('Enter the 6-digit code from your authenticator app.')).toBeNull();
    const input = screen.getByLabelText('Backup code') as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('off');
    typeInto('Backup code', 'k7m2p-x9q4r');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter your password again');
    expect(sentBodies(fetchMock, STEP)).toEqual([{ code: 'k7m2p-x9q4r' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
  });

  it('an account without a second factor is signed in by the password alone', async () => {
    const fetchMock = serveApi({
      'GET /api/v1/authentication/methods': [200, METHODS],
      [SIGNIN]: [
        200,
        { username: 'alice', email: 'a@example.com', role: 'user', expirationDate: '2099-01-01T00:00:00.000Z' },
      ],
    });
    renderRoutes(i18n, [{ path: '/signin', element: <SigninPage /> }], '/signin');
    typeInto('Username or email', 'alice');
    typeInto('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(sentBodies(fetchMock, SIGNIN)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Two-factor authentication' })).toBeNull();
  });
});
