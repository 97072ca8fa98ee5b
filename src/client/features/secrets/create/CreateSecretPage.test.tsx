// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../shared/rules/settings';
import { ApiError } from '../../../lib/api-client';
import { clearCookies, setLoginCookie } from '../../../test-utils/login-cookie';
import { getAccount, type Account } from '../../account';
import { useSessionStore } from '../../auth';
import { useSettingsStore } from '../../settings';
import { webCryptoAvailable, type seal } from '../crypto/crypto-client';
import {
  burnMock,
  createMock,
  DELETE_TOKEN,
  describedBy,
  EXPIRES,
  ID,
  KEY,
  openOptions,
  RECEIPT_PATH,
  renderPage,
  sealMock,
  setUpCreatePage,
  submit,
  type,
} from './create-page.test-setup';

vi.mock('../api/secrets.api', () => ({ createSecret: vi.fn(), burnSecret: vi.fn() }));
vi.mock('../../account/api/get-account', () => ({ getAccount: vi.fn() }));
vi.mock('../crypto/crypto-client', () => ({ seal: vi.fn(), webCryptoAvailable: vi.fn() }));
setUpCreatePage();

describe('submitting', () => {
  it('shows a busy state while encrypting, then sends only what the worker sealed', async () => {
    let finish: (value: Awaited<ReturnType<typeof seal>>) => void = () => {};
    sealMock.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderPage();
    type('Secret', 'the launch code');
    openOptions();
    type('Title (optional)', 'launch');
    type('Maximum views', '3');
    fireEvent.change(screen.getByLabelText('Expires after'), { target: { value: '300' } });
    type('Only open from this IP address or range (optional)', ' 10.0.0.0/8 ');
    fireEvent.click(screen.getByRole('switch', { name: 'Protect with a password' }));
    type('Password', 'correct horse');
    submit();
    expect(await screen.findByRole('button', { name: 'Encrypting…' })).toHaveProperty('disabled', true);
    expect((screen.getByLabelText('Secret') as HTMLTextAreaElement).matches(':disabled')).toBe(true);
    expect(sealMock).toHaveBeenCalledWith({ text: 'the launch code', title: 'launch', password: 'correct horse' });
    await act(async () =>
      finish({ op: 'seal', key: KEY, fields: { text: 'hush1.t', title: 'hush1.h', password: 'v', keyProof: 'p' } }),
    );
    expect(createMock).toHaveBeenCalledWith({
      text: 'hush1.t',
      title: 'hush1.h',
      password: 'v',
      keyProof: 'p',
      ttl: 300,
      maxViews: 3,
      allowedIp: '10.0.0.0/8',
      preventBurn: false,
      isPublic: false,
      files: [],
    });
  });

  it('shows the protection password again with the link, to copy, since the reader needs it too', async () => {
    renderPage();
    type('Secret', 'hello');
    openOptions();
    fireEvent.click(screen.getByRole('switch', { name: 'Protect with a password' }));
    const generated = screen.getByLabelText<HTMLInputElement>('Password').value;
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Your secret link is ready' });
    expect(screen.getByText('The reader also needs the password')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Password').value).toBe(generated);
    expect(screen.getByRole('button', { name: 'Copy password' })).toBeTruthy();
  });

  it('shows no password with the link when there is none', async () => {
    renderPage();
    type('Secret', 'hello');
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Your secret link is ready' });
    expect(screen.queryByText('The reader also needs the password')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('shows the link with the key in its fragment, the two parts, a QR code, and focuses the heading', async () => {
    renderPage();
    type('Secret', 'hello');
    submit();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your secret link is ready' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const origin = window.location.origin;
    expect(screen.getByLabelText<HTMLInputElement>('Secret link').value).toBe(
      `${origin}/secret/${ID}#encryption_key=${KEY}`,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Link without key').value).toBe(`${origin}/secret/${ID}`);
    expect(screen.getByLabelText<HTMLInputElement>('Decryption key').value).toBe(KEY);
    expect(screen.getByRole('img', { name: 'QR code of the secret link' }).tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText(/can be opened once, until/)).toBeTruthy();
    expect(heading.parentElement?.querySelector('p time')?.getAttribute('datetime')).toBe(EXPIRES);
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('sends a public secret as plain text without password or key proof, and shows no key', async () => {
    renderPage();
    type('Secret', 'hello world');
    openOptions();
    type('Title (optional)', 'Greeting');
    fireEvent.click(screen.getByRole('switch', { name: 'Make it public' }));
    submit();
    await screen.findByRole('heading', { name: 'Your secret link is ready' });
    expect(sealMock).not.toHaveBeenCalled();
    expect(createMock).toHaveBeenCalledWith(
      expect.objectContaining({
        text: 'hello world',
        title: 'Greeting',
        password: null,
        keyProof: null,
        isPublic: true,
      }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Secret link').value).toBe(`${window.location.origin}/secret/${ID}`);
    expect(screen.queryByLabelText('Decryption key')).toBeNull();
    expect(screen.getByText(/This secret is public/)).toBeTruthy();
  });

  it.each([
    [new ApiError(400, 'validation.allowedIp', 'bad'), /valid IP address or CIDR range/],
    [new ApiError(429, 'rate_limited', 'slow down'), /Too many requests/],
    [new ApiError(0, 'network.unreachable', 'offline'), /server cannot be reached/],
    [new ApiError(500, 'server.error', 'oops'), /Something went wrong/],
  ])('translates %s', async (error, message) => {
    createMock.mockRejectedValue(error);
    renderPage();
    type('Secret', 'hello');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(message);
    expect(screen.getByRole('button', { name: 'Create secret link' })).toHaveProperty('disabled', false);
  });

  it('on a read-only instance says so up front, and closes the form to a visitor before they type', () => {
    useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, read_only: true } });
    renderPage();
    expect(screen.getByText(/This instance is read-only/).closest('[role=status]')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Secret' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create secret link' }).disabled).toBe(true);
    expect(createMock).not.toHaveBeenCalled();
  });

  it('on a read-only instance, closes the form to a signed-in user, not to a creator', async () => {
    useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, read_only: true } });
    setLoginCookie('alice', new Date(Date.now() + 3_600_000).toISOString());
    useSessionStore.getState().refresh();
    try {
      vi.mocked(getAccount).mockResolvedValue({ role: 'user' } as Account);
      const { unmount } = renderPage();
      await waitFor(() =>
        expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create secret link' }).disabled).toBe(true),
      );
      unmount();
      vi.mocked(getAccount).mockResolvedValue({ role: 'creator' } as Account);
      createMock.mockRejectedValue(new ApiError(403, 'secret.read_only', 'read-only'));
      renderPage();
      await waitFor(() => expect(getAccount).toHaveBeenCalledTimes(2));
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create secret link' }).disabled).toBe(false);
      // Should the server refuse all the same (the role changed meanwhile), its refusal is shown.
      type('Secret', 'hello');
      submit();
      expect((await screen.findByRole('alert')).textContent).toMatch(/only admins and creators can create secrets/);
    } finally {
      clearCookies();
      useSessionStore.getState().refresh();
    }
  });

  it('marks the field the server refused', async () => {
    createMock.mockRejectedValue(new ApiError(400, 'validation.maxViews', 'bad'));
    renderPage();
    type('Secret', 'hello');
    submit();
    await screen.findByRole('alert');
    expect(describedBy(screen.getByLabelText('Maximum views'))).toMatch(/server did not accept this value/);
  });

  it('says so when encryption fails in the browser', async () => {
    sealMock.mockRejectedValue(new Error('worker died'));
    renderPage();
    type('Secret', 'hello');
    submit();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Encryption failed in this browser/);
  });

  it('without WebCrypto explains that HTTPS is needed and allows only public secrets', () => {
    vi.mocked(webCryptoAvailable).mockReturnValue(false);
    renderPage();
    expect(screen.getByRole('alert').textContent).toMatch(/HTTPS \(or on localhost\)/);
    expect(screen.getByRole('button', { name: 'Create secret link' })).toHaveProperty('disabled', true);
    openOptions();
    fireEvent.click(screen.getByRole('switch', { name: 'Make it public' }));
    expect(screen.getByRole('button', { name: 'Create public secret' })).toHaveProperty('disabled', false);
  });
});

describe('the result', () => {
  async function created() {
    renderPage();
    type('Secret', 'hello');
    submit();
    await screen.findByRole('heading', { name: 'Your secret link is ready' });
  }

  it('burns the secret with its delete token after a confirmation', async () => {
    burnMock.mockResolvedValue({ id: ID, burned: true });
    await created();
    fireEvent.click(screen.getByRole('button', { name: 'Burn now' }));
    expect(burnMock).not.toHaveBeenCalled();
    const question = screen.getByRole('group', { name: /Delete this secret now/ });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Burn now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByRole('heading', { name: 'The secret is deleted' })).toBeTruthy();
    expect(burnMock).toHaveBeenCalledWith(ID, { deleteToken: DELETE_TOKEN });
    expect(screen.queryByLabelText('Secret link')).toBeNull();
  });

  it('offers the receipt link apart from the secret link, to keep and not to send', async () => {
    await created();
    const receipt = screen.getByLabelText<HTMLTextAreaElement>('Receipt link');
    expect(receipt.value).toBe(`${window.location.origin}${RECEIPT_PATH}`);
    expect(receipt.value).not.toContain(KEY);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Secret link').value).not.toContain(DELETE_TOKEN);
    const section = receipt.closest('section')!;
    expect(within(section).getByRole('heading', { name: 'Keep the receipt link' })).toBeTruthy();
    expect(
      within(section).getByText(/shows whether the secret was opened, and can burn it. Do not send it/),
    ).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Copy receipt link' })).toBeTruthy();
    expect(within(section).queryByLabelText('Secret link')).toBeNull();
  });

  it('reports a failed burn and keeps the link', async () => {
    burnMock.mockRejectedValue(new ApiError(0, 'network.unreachable', 'offline'));
    await created();
    fireEvent.click(screen.getByRole('button', { name: 'Burn now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/cannot be reached/);
    expect(screen.getByLabelText('Secret link')).toBeTruthy();
  });

  it('offers Share only where the browser can share', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await created();
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringContaining(KEY) }));
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('starts over with an empty form on "Create new secret"', async () => {
    await created();
    fireEvent.click(screen.getByRole('button', { name: 'Create new secret' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Share a secret' });
    expect(screen.getByLabelText<HTMLTextAreaElement>('Secret').value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
