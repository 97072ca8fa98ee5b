// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createTestI18n } from '../../test-utils/i18n';
import { renderInAccount, SIGNED_IN } from '../../test-utils/account-page';
import { describedBy, typeInto } from '../../test-utils/render';
import type { ApiToken } from './api/account.types';
import { createToken } from './api/create-token';
import { deleteAccount } from './api/delete-account';
import { listTokens } from './api/list-tokens';
import { updateAccount } from './api/update-account';
import AccountSettingsPage from './settings/AccountSettingsPage';

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

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('account settings', () => {
  const token: ApiToken = {
    id: 't1',
    name: 'Backup',
    createdAt: inDays(-3),
    lastUsedAt: null,
    expiresAt: null,
    scopes: ['secrets:read', 'secrets:create'],
  };

  it('shows a new API token once, with a copy button, and lists it', async () => {
    vi.mocked(listTokens).mockResolvedValue([]);
    vi.mocked(createToken).mockResolvedValue({ ...token, id: 't2', name: 'CI', token: 'hush_secret-token-value' });
    renderInAccount(i18n, <AccountSettingsPage />, '/account/account-settings');
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    typeInto('Name', 'CI');
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('region', { name: 'Your new token “CI”' });
    expect((within(shown).getByLabelText('API token') as HTMLInputElement).value).toBe('hush_secret-token-value');
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    expect(createToken).toHaveBeenCalledWith({
      name: 'CI',
      expiresInDays: 30,
      scopes: ['secrets:read', 'secrets:create'],
    });
    expect(screen.getByRole('button', { name: 'Revoke the token “CI”' })).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Done, I have copied it' }));
    expect(screen.queryByText('hush_secret-token-value')).toBeNull();
    expect(document.body.innerHTML).not.toContain('hush_secret-token-value');
  });

  it('offers the expiry choices Never, 30, 90 and 365 days, and sends the scopes ticked', async () => {
    vi.mocked(listTokens).mockResolvedValue([]);
    vi.mocked(createToken).mockResolvedValue({ ...token, id: 't2', name: 'Inbox', scopes: ['requests'], token: 'x' });
    renderInAccount(i18n, <AccountSettingsPage />, '/account/account-settings');
    await screen.findByText('No API tokens yet.');
    const expiry = screen.getByLabelText('Expires') as HTMLSelectElement;
    expect([...expiry.options].map((option) => option.text)).toEqual([
      'Never',
      'In 30 days',
      'In 90 days',
      'In 365 days',
    ]);
    typeInto('Name', 'Inbox');
    expect(screen.getByLabelText('Name').getAttribute('dir'), 'a right-to-left name is typed as such').toBe('auto');
    fireEvent.change(expiry, { target: { value: '365' } });
    const scopes = screen.getByRole('group', { name: 'What it may do' });
    fireEvent.click(within(scopes).getByRole('checkbox', { name: 'Read your secrets' }));
    fireEvent.click(within(scopes).getByRole('checkbox', { name: 'Create secrets' }));
    fireEvent.click(within(scopes).getByRole('checkbox', { name: 'Manage requests' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByRole('region', { name: 'Your new token “Inbox”' });
    expect(createToken).toHaveBeenCalledWith({ name: 'Inbox', expiresInDays: 365, scopes: ['requests'] });
  });

  it('needs at least one scope: with none ticked it says so at the scopes, moves the focus there and sends nothing', async () => {
    vi.mocked(listTokens).mockResolvedValue([]);
    renderInAccount(i18n, <AccountSettingsPage />, '/account/account-settings');
    await screen.findByText('No API tokens yet.');
    typeInto('Name', 'CI');
    const scopes = screen.getByRole('group', { name: 'What it may do' });
    const read = within(scopes).getByRole('checkbox', { name: 'Read your secrets' });
    fireEvent.click(read);
    fireEvent.click(within(scopes).getByRole('checkbox', { name: 'Create secrets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const message = 'Choose at least one thing the token may do.';
    expect(within(scopes).getByText(message)).toBeTruthy();
    expect(describedBy(scopes)).toContain(message);
    expect(read.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(read));
    expect(createToken).not.toHaveBeenCalled();
    fireEvent.click(read);
    expect(within(scopes).queryByText(message)).toBeNull();
  });

  it('offers the admin scope to admins only', async () => {
    vi.mocked(listTokens).mockResolvedValue([]);
    renderInAccount(i18n, <AccountSettingsPage />, '/account/account-settings');
    const asUser = await screen.findByRole('group', { name: 'What it may do' });
    expect(
      within(asUser)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['secrets:read', 'secrets:create', 'requests', 'account:read']);
    cleanup();
    renderInAccount(i18n, <AccountSettingsPage />, '/account/account-settings', 'admin');
    const asAdmin = await screen.findByRole('group', { name: 'What it may do' });
    const admin = within(asAdmin).getByRole('checkbox', { name: 'Administer' }) as HTMLInputElement;
    expect(admin.checked, 'never ticked by default').toBe(false);
  });

  it('lists each token’s scopes as one sentence, expiry and last use; one made before scopes may do all', async () => {
    vi.mocked(listTokens).mockResolvedValue([
      { ...token, expiresAt: inDays(30), lastUsedAt: inDays(-1) },
      { ...token, id: 't3', name: 'Inbox bot', scopes: ['secrets:read', 'secrets:create', 'requests'] },
      { ...token, id: 't0', name: 'Old script', scopes: null },
    ]);
    renderInAccount(i18n, <AccountSettingsPage />, '/account/account-settings');
    const name = await screen.findByText('Backup');
    expect(name.getAttribute('dir'), 'a right-to-left name is isolated').toBe('auto');
    const backup = name.closest('li')!;
    expect(within(backup).getByText('Can read your secrets and create secrets')).toBeTruthy();
    expect(within(backup).getByText(/^Expires /)).toBeTruthy();
    expect(within(backup).getByText(/^Last used /)).toBeTruthy();
    const inbox = screen.getByText('Inbox bot').closest('li')!;
    expect(within(inbox).getByText('Can read your secrets, create secrets, and manage requests')).toBeTruthy();
    const old = screen.getByText('Old script').closest('li')!;
    expect(within(old).getByText('Can do all you can (made before scopes)')).toBeTruthy();
    expect(within(old).getByText('Never used')).toBeTruthy();
    expect(within(old).getByText('Does not expire')).toBeTruthy();
  });

  it('needs the current password and a matching confirmation to change the password', async () => {
    vi.mocked(listTokens).mockResolvedValue([token]);
    vi.mocked(updateAccount).mockResolvedValue(SIGNED_IN);
    renderInAccount(i18n, <AccountSettingsPage />, '/account/account-settings');
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

  it('a "saved" message never stays beside a new error', async () => {
    vi.mocked(listTokens).mockResolvedValue([]);
    vi.mocked(updateAccount).mockResolvedValue(SIGNED_IN);
    renderInAccount(i18n, <AccountSettingsPage />, '/account/account-settings');
    typeInto('New password (optional)', 'new-secret');
    typeInto('Confirm the new password', 'new-secret');
    typeInto('Current password', 'old-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Your password is changed/)).toBeTruthy();
    // A new attempt that fails its checks (the form was emptied by the save): the old success is gone.
    typeInto('New password (optional)', 'another-secret');
    typeInto('Confirm the new password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('The two new passwords do not match.')).toBeTruthy();
    expect(screen.queryByText(/Your password is changed/)).toBeNull();
  });

  it('deletes the account only with the current password, then signs out', async () => {
    vi.mocked(listTokens).mockResolvedValue([]);
    vi.mocked(deleteAccount)
      .mockRejectedValueOnce(new ApiError(400, 'auth.current_password_invalid', 'wrong', { field: 'currentPassword' }))
      .mockResolvedValue({ deleted: true });
    renderInAccount(i18n, <AccountSettingsPage />, '/account/account-settings');
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
