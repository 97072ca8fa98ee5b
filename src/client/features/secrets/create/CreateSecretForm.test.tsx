// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../shared/rules/settings';
import { loadCode } from '../../../lib/load-code';
import { useSessionStore } from '../../auth';
import { useSettingsStore } from '../../settings';
import {
  createMock,
  describedBy,
  openOptions,
  renderForm,
  renderPage,
  sealMock,
  setUpCreatePage,
  submit,
  type,
} from './create-page.test-setup';

vi.mock('../api/secrets.api', () => ({ createSecret: vi.fn(), burnSecret: vi.fn() }));
vi.mock('../crypto/crypto-client', () => ({ seal: vi.fn(), webCryptoAvailable: vi.fn() }));
setUpCreatePage();

describe('the create form', () => {
  it('lists lifetimes from 5 minutes to 7 days, with 14 and 28 days disabled as needing an account', () => {
    renderPage();
    const select = screen.getByLabelText('Expires after') as HTMLSelectElement;
    const options = [...select.options].map((option) => [option.textContent, option.disabled]);
    expect(options).toEqual([
      ['5 minutes', false],
      ['30 minutes', false],
      ['1 hour', false],
      ['4 hours', false],
      ['12 hours', false],
      ['1 day', false],
      ['3 days', false],
      ['7 days', false],
      ['14 days (needs an account)', true],
      ['28 days (needs an account)', true],
    ]);
    expect(select.value).toBe('86400');
  });

  it('enables the 14- and 28-day lifetimes for a signed-in user', () => {
    useSessionStore.setState({ isLoggedIn: true, username: 'alice', expiresAt: new Date(Date.now() + 86_400_000) });
    renderPage();
    const select = screen.getByLabelText('Expires after') as HTMLSelectElement;
    const options = [...select.options].slice(-2).map((option) => [option.textContent, option.disabled]);
    expect(options).toEqual([
      ['14 days', false],
      ['28 days', false],
    ]);
    useSessionStore.getState().refresh();
  });

  it('shows the IP restriction only when the instance does not hide it', () => {
    renderPage();
    openOptions();
    expect(screen.getByLabelText(/IP address or range/)).toBeTruthy();
    cleanup();
    useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, hide_allowed_ip_input: true } });
    renderPage();
    openOptions();
    expect(screen.queryByLabelText(/IP address or range/)).toBeNull();
  });

  it('hides the views with burn after time on, and says why', () => {
    renderPage();
    expect(screen.getByLabelText('Maximum views')).toBeTruthy();
    openOptions();
    fireEvent.click(screen.getByRole('switch', { name: 'Unlimited views until it expires' }));
    expect(screen.queryByLabelText('Maximum views')).toBeNull();
    expect(screen.getByTestId('views-burn-after-time').textContent).toMatch(/any number of times until it expires/);
  });

  it('warns that public secrets are not encrypted, and drops the password for them', () => {
    renderPage();
    openOptions();
    fireEvent.click(screen.getByRole('switch', { name: 'Protect with a password' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Make it public' }));
    expect(screen.getByText('Public secrets are NOT encrypted')).toBeTruthy();
    expect(screen.getByText(/stored as plain text on the server/)).toBeTruthy();
    const password = screen.getByRole('switch', { name: 'Protect with a password' }) as HTMLInputElement;
    expect([password.checked, password.disabled]).toEqual([false, true]);
    expect(screen.getByRole('button', { name: 'Create public secret' })).toBeTruthy();
  });

  it('fills in a visible, editable generated password when the password is turned on', () => {
    renderPage();
    openOptions();
    fireEvent.click(screen.getByRole('switch', { name: 'Protect with a password' }));
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: 'New protection password' }));
    expect(input.value).toHaveLength(24);
    fireEvent.change(input, { target: { value: 'мой пароль 🔑' } });
    expect(input.value).toBe('мой пароль 🔑');
    expect(screen.getByRole('button', { name: 'Copy password' })).toBeTruthy();
  });

  it('inserts a strong password into the text where the cursor is', () => {
    renderPage();
    const text = screen.getByLabelText('Secret') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'user: me\npass: \nnote: rotate monthly' } });
    text.setSelectionRange(15, 15);
    fireEvent.click(screen.getByRole('button', { name: 'Generate a password as the secret' }));
    expect(text.value).toMatch(/^user: me\npass: \S{24}\nnote: rotate monthly$/);
  });

  it('counts bytes, and refuses more than 1 MiB at once with a clear message', () => {
    renderPage();
    type('Secret', 'é');
    expect(screen.getByText('2 B of 1 MiB')).toBeTruthy();
    type('Secret', 'a'.repeat(1024 * 1024 + 1));
    const text = screen.getByLabelText('Secret');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(text)).toMatch(/larger than 1 MiB/);
    submit();
    expect(createMock).not.toHaveBeenCalled();
  });

  it('ties each error to its field and moves focus to the first one', async () => {
    renderPage();
    type('Maximum views', '1000');
    submit();
    const text = screen.getByLabelText('Secret');
    expect(describedBy(text)).toMatch(/Enter the secret to share/);
    expect(describedBy(screen.getByLabelText('Maximum views'))).toMatch(/whole number from 1 to 999/);
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(sealMock).not.toHaveBeenCalled();
  });

  it('opens the options to show an error inside them', async () => {
    renderPage();
    type('Secret', 'hello');
    openOptions();
    type('Only open from this IP address or range (optional)', '10.0.0.300');
    openOptions();
    expect(screen.getByLabelText(/IP address or range/).closest('[hidden]')).not.toBeNull();
    submit();
    const ip = screen.getByLabelText(/IP address or range/);
    await waitFor(() => expect(ip.closest('[hidden]')).toBeNull());
    expect(describedBy(ip)).toMatch(/IPv4 or IPv6 address/);
    await waitFor(() => expect(document.activeElement).toBe(ip));
  });

  it('loads what the page shows after it before sending; when that fails, nothing is sealed or sent', async () => {
    const onCreated = vi.fn();
    const prepare = vi.fn((): Promise<void> => loadCode(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderForm({ onCreated, prepare });
    type('Secret', 'hello');
    submit();
    expect(await screen.findByText(/server cannot be reached/)).toBeTruthy();
    expect(prepare).toHaveBeenCalledOnce();
    expect(sealMock).not.toHaveBeenCalled();
    expect(createMock).not.toHaveBeenCalled();
    expect(onCreated).not.toHaveBeenCalled();
    prepare.mockResolvedValue(undefined);
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(createMock).toHaveBeenCalledOnce();
  });
});
