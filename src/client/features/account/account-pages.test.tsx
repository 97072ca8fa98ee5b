// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createTestI18n } from '../../test-utils/i18n';
import { renderRoutes, typeInto } from '../../test-utils/render';
import type { Account, ApiToken, OwnSecret } from './api/account.types';
import { createToken } from './api/create-token';
import { deleteAccount } from './api/delete-account';
import { deleteOwnSecret } from './api/delete-own-secret';
import { listOwnSecrets } from './api/list-own-secrets';
import { listTokens } from './api/list-tokens';
import { updateAccount } from './api/update-account';
import type { AccountOutlet } from './layout/account-outlet';
import OwnSecretsPage from './secrets/OwnSecretsPage';
import AccountSettingsPage from './settings/AccountSettingsPage';

vi.mock('./api/list-own-secrets', () => ({ listOwnSecrets: vi.fn() }));
vi.mock('./api/delete-own-secret', () => ({ deleteOwnSecret: vi.fn() }));
vi.mock('./api/list-tokens', () => ({ listTokens: vi.fn() }));
vi.mock('./api/create-token', () => ({ createToken: vi.fn() }));
vi.mock('./api/update-account', () => ({ updateAccount: vi.fn() }));
vi.mock('./api/delete-account', () => ({ deleteAccount: vi.fn() }));

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const ACCOUNT: Account = {
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  generated: false,
  createdAt: '2029-01-01T00:00:00.000Z',
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const secret = (id: string, changes: Partial<OwnSecret> = {}): OwnSecret => ({
  id,
  title: null,
  isPublic: false,
  maxViews: 3,
  viewsLeft: 2,
  preventBurn: false,
  createdAt: new Date().toISOString(),
  expiresAt: inDays(28),
  ...changes,
});

/** An account page under a stand-in for the layout, which hands it the account. */
function renderAccountPage(page: React.ReactNode, path: string) {
  const context: AccountOutlet = { account: ACCOUNT, setAccount: vi.fn() };
  return renderRoutes(
    i18n,
    [
      { path: '/account', element: <Outlet context={context} />, children: [{ path: '*', element: page }] },
      { path: '/signout', element: <p>Sign-out page</p> },
    ],
    path,
  );
}

describe('own secrets', () => {
  it('lists each secret with a readable or "Encrypted title", views left and a public badge', async () => {
    vi.mocked(listOwnSecrets).mockResolvedValue([
      secret('privatePrivatePrivate1', { title: 'hush1.encrypted' }),
      secret('publicPublicPublicPub2', { title: 'Lunch menu', isPublic: true, viewsLeft: 1, maxViews: 1 }),
      secret('burnAfterTimeBurnAfter', { preventBurn: true }),
    ]);
    renderAccountPage(<OwnSecretsPage />, '/account/secrets');
    const items = within(await screen.findByRole('list', { name: 'Your secrets' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Encrypted title');
    expect(items[0]!.textContent).toContain('2 of 3 views left');
    expect(items[0]!.textContent).toContain('Expires in 4 weeks');
    expect(within(items[1]!).getByRole('link', { name: 'Lunch menu' }).getAttribute('href')).toBe(
      '/secret/publicPublicPublicPub2',
    );
    expect(items[1]!.textContent).toContain('Public');
    expect(items[2]!.textContent).toContain('Untitled');
    expect(items[2]!.textContent).toContain('Any number of views until it expires');
  });

  it('deletes a secret after a confirmation, as its owner', async () => {
    vi.mocked(listOwnSecrets).mockResolvedValue([secret('privatePrivatePrivate1')]);
    vi.mocked(deleteOwnSecret).mockResolvedValue({ id: 'privatePrivatePrivate1', burned: true });
    renderAccountPage(<OwnSecretsPage />, '/account/secrets');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the secret “Untitled”' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this secret?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete secret' }));
    expect(await screen.findByText('The secret is deleted.')).toBeTruthy();
    expect(deleteOwnSecret).toHaveBeenCalledWith('privatePrivatePrivate1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('No secrets to show')).toBeTruthy();
  });

  it('sends the visitor to /signout when the server no longer knows the session', async () => {
    vi.mocked(listOwnSecrets).mockRejectedValue(new ApiError(401, 'auth.not_signed_in', 'You are not signed in'));
    renderAccountPage(<OwnSecretsPage />, '/account/secrets');
    expect(await screen.findByText('Sign-out page')).toBeTruthy();
  });
});

describe('account settings', () => {
  const token: ApiToken = { id: 't1', name: 'Backup', createdAt: inDays(-3), lastUsedAt: null, expiresAt: null };

  it('shows a new API token once, with a copy button, and lists it', async () => {
    vi.mocked(listTokens).mockResolvedValue([]);
    vi.mocked(createToken).mockResolvedValue({ ...token, id: 't2', name: 'CI', token: 'hush_secret-token-value' });
    renderAccountPage(<AccountSettingsPage />, '/account/account-settings');
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    typeInto('Name', 'CI');
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('region', { name: 'Your new token “CI”' });
    expect((within(shown).getByLabelText('API token') as HTMLInputElement).value).toBe('hush_secret-token-value');
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    expect(createToken).toHaveBeenCalledWith({ name: 'CI', expiresInDays: 30 });
    expect(screen.getByRole('button', { name: 'Revoke the token “CI”' })).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Done, I have copied it' }));
    expect(screen.queryByText('hush_secret-token-value')).toBeNull();
    expect(document.body.innerHTML).not.toContain('hush_secret-token-value');
  });

  it('needs the current password and a matching confirmation to change the password', async () => {
    vi.mocked(listTokens).mockResolvedValue([token]);
    vi.mocked(updateAccount).mockResolvedValue(ACCOUNT);
    renderAccountPage(<AccountSettingsPage />, '/account/account-settings');
    typeInto('New password (optional)', 'new-secret');
    typeInto('Confirm the new password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('The two new passwords do not match.')).toBeTruthy();
    expect(screen.getByText('Enter your current password.')).toBeTruthy();
    expect(updateAccount).not.toHaveBeenCalled();
    typeInto('Confirm the new password', 'new-secret');
    typeInto('Current password', 'old-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Your password is changed/)).toBeTruthy();
    expect(updateAccount).toHaveBeenCalledWith({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
      confirmNewPassword: 'new-secret',
    });
  });

  it('deletes the account only with the current password, then signs out', async () => {
    vi.mocked(listTokens).mockResolvedValue([]);
    vi.mocked(deleteAccount)
      .mockRejectedValueOnce(new ApiError(400, 'auth.current_password_invalid', 'wrong', { field: 'currentPassword' }))
      .mockResolvedValue({ deleted: true });
    renderAccountPage(<AccountSettingsPage />, '/account/account-settings');
    fireEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText('Enter your current password.')).toBeTruthy();
    // Two fields are labelled "Current password" now: the form's and the dialog's.
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('The current password is wrong.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'right' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Sign-out page')).toBeTruthy();
    await waitFor(() => expect(deleteAccount).toHaveBeenLastCalledWith('right'));
  });
});
