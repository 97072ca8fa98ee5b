// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { renderRoutes, typeInto } from '../../../test-utils/render';
import { sentBodies, serveApi } from '../../../test-utils/serve-api';
import { PasswordSigninGate } from './PasswordSigninGate';
import { ProviderButtons } from './ProviderButtons';
import { SigninError } from './SigninError';
import { SignupProviders } from './SignupProviders';
import OidcLinkPage from './OidcLinkPage';

const METHODS = {
  password: true,
  signup: true,
  providers: [
    { id: 'default', name: 'Example ID' },
    { id: '2', name: 'Partners' },
  ],
  passwordReset: false,
  passkeys: false,
  header: null,
};
const SESSION = { username: 'alice', email: 'a@example.com', role: 'user', expirationDate: '2099-01-01T00:00:00.000Z' };

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (element: React.ReactNode) => [
  { path: '/signin', element },
  { path: '/signup', element },
  { path: '/account/tokens', element: <p>Tokens</p> },
];

describe('the providers on the sign-in page', () => {
  it('are links to the start of each provider’s flow, keeping where the sign-in goes, each name isolated', async () => {
    serveApi({ 'GET /api/v1/authentication/methods': [200, METHODS] });
    renderRoutes(i18n, page(<ProviderButtons next="/account/secrets" />), '/signin');
    const first = await screen.findByRole('link', { name: 'Continue with Example ID' });
    expect(first.getAttribute('href')).toBe('/api/v1/authentication/oidc/default/start?next=%2Faccount%2Fsecrets');
    expect(first.querySelector('bdi')?.textContent, 'the name is isolated from the words around it').toBe('Example ID');
    expect(screen.getByRole('link', { name: 'Continue with Partners' }).getAttribute('href')).toMatch(
      /^\/api\/v1\/authentication\/oidc\/2\/start/,
    );
    expect(screen.getByRole('list', { name: 'Single sign-on' })).toBeTruthy();
    expect(screen.getByText('or')).toBeTruthy();
  });

  it('are not there without providers', async () => {
    const fetchMock = serveApi({ 'GET /api/v1/authentication/methods': [200, { ...METHODS, providers: [] }] });
    renderRoutes(i18n, page(<ProviderButtons next="/account" />), '/signin');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('the callback’s refusal is said in words, as an alert; an unknown code is not shown', () => {
    renderRoutes(i18n, page(<SigninError />), '/signin?error=oidc.unavailable');
    expect(screen.getByRole('alert').textContent).toContain('The sign-in provider could not be reached');
    cleanup();
    renderRoutes(i18n, page(<SigninError />), '/signin?error=<script>');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SSO-only mode', () => {
  it('folds the password form away under “Administrator sign-in”', async () => {
    serveApi({ 'GET /api/v1/authentication/methods': [200, { ...METHODS, password: false, signup: false }] });
    renderRoutes(
      i18n,
      page(
        <PasswordSigninGate>
          <label>
            Password
            <input />
          </label>
        </PasswordSigninGate>,
      ),
      '/signin',
    );
    const summary = await screen.findByText('Administrator sign-in');
    expect(summary.closest('details')?.open).toBe(false);
    expect(screen.getByText(/only administrators sign in with a password/)).toBeTruthy();
  });

  it('shows the form openly otherwise', async () => {
    serveApi({ 'GET /api/v1/authentication/methods': [200, METHODS] });
    renderRoutes(
      i18n,
      page(
        <PasswordSigninGate>
          <label>
            Password
            <input />
          </label>
        </PasswordSigninGate>,
      ),
      '/signin',
    );
    await waitFor(() => expect(screen.getByLabelText('Password')).toBeTruthy());
    expect(screen.queryByText('Administrator sign-in')).toBeNull();
  });

  it('the sign-up page offers the providers instead of its form', async () => {
    serveApi({ 'GET /api/v1/authentication/methods': [200, { ...METHODS, password: false, signup: false }] });
    renderRoutes(
      i18n,
      page(
        <SignupProviders next="/account">
          <p>The form</p>
        </SignupProviders>,
      ),
      '/signup',
    );
    expect(await screen.findByText(/created by signing in with single sign-on/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue with Example ID' })).toBeTruthy();
    expect(screen.queryByText('The form')).toBeNull();
  });
});

describe('the link confirmation page', () => {
  const routes = [
    { path: '/signin/link', element: <OidcLinkPage /> },
    { path: '/account/tokens', element: <p>Tokens</p> },
  ];
  const LINK = { username: 'alice_local', email: 'alice@example.com', provider: 'Example ID' };

  it('names the account and the provider, and links with the password, then goes on', async () => {
    const fetchMock = serveApi({
      'GET /api/v1/authentication/oidc/link': [200, LINK],
      'POST /api/v1/authentication/oidc/link': (body) =>
        (body as { password: string }).password === 'right'
          ? [200, { ...SESSION, next: '/account/tokens' }]
          : [401, { code: 'auth.invalid_credentials', message: 'no' }],
    });
    renderRoutes(i18n, routes, '/signin/link');
    expect(await screen.findByText(/An account with the email alice@example.com exists here/)).toBeTruthy();
    typeInto('Password of alice_local', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('This is not the account’s password.')).toBeTruthy();
    typeInto('Password of alice_local', 'right');
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('Tokens')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/v1/authentication/oidc/link')).toEqual([
      { password: 'wrong' },
      { password: 'right' },
    ]);
  });

  it('says when nothing waits any more', async () => {
    serveApi({ 'GET /api/v1/authentication/oidc/link': [404, { code: 'oidc.link_invalid', message: 'gone' }] });
    renderRoutes(i18n, routes, '/signin/link');
    expect((await screen.findByRole('alert')).textContent).toContain('expired or was already used');
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toBeTruthy();
  });

  it('asks for the password before sending', async () => {
    const fetchMock = serveApi({ 'GET /api/v1/authentication/oidc/link': [200, LINK] });
    renderRoutes(i18n, routes, '/signin/link');
    fireEvent.click(await screen.findByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('Enter your password.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/v1/authentication/oidc/link')).toEqual([]);
  });
});
