// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cipherSize } from '../../../../shared/crypto/file-format';
import { partLength } from '../../../../shared/rules/files';
import { DEFAULT_SETTINGS } from '../../../../shared/rules/settings';
import { useSessionStore } from '../../auth';
import { useSettingsStore } from '../../settings';
import { sealWithFiles, unlockUpload, type UploadCrypto } from '../crypto/crypto-client';
import { createFakeUploadServer } from '../upload/fake-upload-server.test-utils';
import {
  burnMock,
  createMock,
  DELETE_TOKEN,
  EXPIRES,
  ID,
  KEY,
  openOptions,
  RECEIPT_PATH,
  renderPage,
  setUpCreatePage,
  submit,
  type,
} from './create-page.test-setup';

vi.mock('../api/secrets.api', () => ({ createSecret: vi.fn(), burnSecret: vi.fn() }));
vi.mock('../crypto/crypto-client', () => ({
  seal: vi.fn(),
  webCryptoAvailable: vi.fn(),
  sealWithFiles: vi.fn(),
  unlockUpload: vi.fn(),
}));
setUpCreatePage();

const HOSTILE = '<img src=x onerror=alert(1)>.svg';
const TOKEN = 'upload-token';
const FILE_ID = 'F'.repeat(22);
const PART = 8 * 1024 * 1024;
const attached = new File([new Uint8Array(1000)], HOSTILE, { type: 'image/svg+xml', lastModified: 7 });
const SIZE = cipherSize(attached.size);
const STORAGE_KEY = 'hush.pendingUpload';

/** The worker's side, without encryption: parts of the right length, tagged with their number. */
function fakeCrypto(): UploadCrypto & { released: boolean } {
  const crypto = {
    released: false,
    openFile: async () => undefined,
    encryptPart: async (_index: number, part: number, partSize: number) => ({
      bytes: new Uint8Array(partLength(SIZE, partSize, part)).fill(part),
      digest: `digest-${part}`,
    }),
    release: () => void (crypto.released = true),
  };
  return crypto;
}

let server: ReturnType<typeof createFakeUploadServer>;
let crypto: ReturnType<typeof fakeCrypto>;

beforeEach(() => {
  useSessionStore.setState({ isLoggedIn: true, username: 'alice', expiresAt: new Date(Date.now() + 86_400_000) });
  server = createFakeUploadServer(ID, TOKEN, [{ id: FILE_ID, size: SIZE, partSize: PART }]);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
  crypto = fakeCrypto();
  vi.mocked(sealWithFiles).mockResolvedValue({
    key: KEY,
    fields: { text: 'hush1.text', title: null, password: null, keyProof: 'proof' },
    files: [{ meta: 'hush1.meta', header: new Uint8Array(28) }],
    crypto,
  });
  vi.mocked(unlockUpload).mockResolvedValue(crypto);
  const upload = {
    token: TOKEN,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    files: [{ id: FILE_ID, size: SIZE, partSize: PART, parts: 1, received: [] }],
  };
  createMock.mockResolvedValue({
    id: ID,
    deleteToken: DELETE_TOKEN,
    expiresAt: EXPIRES,
    receiptPath: RECEIPT_PATH,
    upload,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  useSessionStore.getState().refresh();
});

const choose = (...files: File[]) =>
  fireEvent.change(document.querySelector('input[type=file]')!, { target: { files } });

describe('a secret with files', () => {
  it('is sealed with the files’ details, uploaded, and only then shows the link with the files', async () => {
    renderPage();
    choose(attached);
    submit(); // no text: files alone are enough
    expect(await screen.findByRole('heading', { name: 'Your secret link is ready' })).toBeTruthy();
    expect(sealWithFiles).toHaveBeenCalledWith({ text: '', title: null, password: null }, [
      { name: HOSTILE, type: 'image/svg+xml', size: 1000 },
    ]);
    expect(createMock).toHaveBeenCalledWith(
      expect.objectContaining({ isPublic: false, files: [{ meta: 'hush1.meta', size: SIZE, partSize: PART }] }),
    );
    expect(server.isComplete()).toBe(true);
    expect(crypto.released).toBe(true);
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    const files = screen.getByRole('heading', { name: 'Attached file' }).closest('section')!;
    expect(within(files).getByText(HOSTILE)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('can be cancelled mid-upload: the parts in flight stop and the secret is burned', async () => {
    server.state.faults.set('0:1', ['hang']);
    burnMock.mockResolvedValue({ id: ID, burned: true });
    renderPage();
    type('Secret', 'with a file');
    choose(attached);
    submit();
    const total = await screen.findByRole('progressbar', { name: 'Upload of all files' });
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY)!)).toMatchObject({ token: TOKEN, secret: { key: KEY } });
    // The only part, smaller than a part, is on its way and not stored: the bars move with what has gone out.
    await waitFor(() => expect(Number(total.getAttribute('aria-valuenow'))).toBeGreaterThan(0));
    const file = screen.getByRole('progressbar', { name: `Upload of ${HOSTILE}` });
    expect(Number(file.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(total.getAttribute('aria-valuetext')).not.toMatch(/^0% · 0 B of/);
    expect(server.stored(0)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByRole('button', { name: 'Create secret link' })).toBeTruthy();
    expect(burnMock).toHaveBeenCalledWith(ID, { deleteToken: DELETE_TOKEN });
    expect(server.state.xhrAborts).toBe(1);
    expect(server.isComplete()).toBe(false);
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('after a failed part says so, and Try again finishes it', async () => {
    server.state.faults.set('0:1', [400]);
    renderPage();
    type('Secret', 'with a file');
    choose(attached);
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/The upload stopped/);
    expect(alert.textContent).toMatch(/Parts that arrived are kept: trying again sends only the rest\./);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your secret link is ready' })).toBeTruthy();
    expect(server.state.puts).toEqual(['0:1', '0:1']);
  });

  it('a full storage on the server says so at once, and Try again finishes it once there is room', async () => {
    server.state.faults.set('0:1', [507]);
    renderPage();
    type('Secret', 'with a file');
    choose(attached);
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/The server’s storage is full\. Try again later\./);
    // The server deleted what had arrived to free the room: Try again sends it all, nothing was kept.
    expect(alert.textContent).not.toMatch(/Parts that arrived are kept/);
    expect(server.state.puts).toEqual(['0:1']);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your secret link is ready' })).toBeTruthy();
  });

  it('after a reload, asks for the same files again and resumes with the saved key', async () => {
    const pending = {
      version: 1,
      secret: {
        id: ID,
        key: KEY,
        deleteToken: DELETE_TOKEN,
        expiresAt: EXPIRES,
        isPublic: false,
        maxViews: 1,
        preventBurn: false,
        files: [{ name: HOSTILE, size: 1000 }],
      },
      password: null,
      token: TOKEN,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      files: [
        {
          fileId: FILE_ID,
          name: HOSTILE,
          type: 'image/svg+xml',
          size: 1000,
          lastModified: 7,
          header: 'AAAA',
          sent: {},
        },
      ],
    };
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Finish your upload' })).toBeTruthy();
    const resume = screen.getByRole('button', { name: 'Resume upload' });
    expect(resume).toHaveProperty('disabled', true);
    choose(new File([new Uint8Array(1000)], HOSTILE, { lastModified: 8 }));
    expect(screen.getByText('1 chosen file is not part of this upload and was left out.')).toBeTruthy();
    choose(attached);
    expect(screen.getByText('found')).toBeTruthy();
    fireEvent.click(resume);
    expect(await screen.findByRole('heading', { name: 'Your secret link is ready' })).toBeTruthy();
    expect(unlockUpload).toHaveBeenCalledWith(KEY, null);
    expect(server.isComplete()).toBe(true);
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('offers files only where the instance takes them from this visitor, and never for public secrets', () => {
    renderPage();
    expect(screen.getByRole('group', { name: 'Attach files (optional)' })).toBeTruthy();
    openOptions();
    fireEvent.click(screen.getByRole('switch', { name: 'Make it public' }));
    expect(screen.queryByRole('group', { name: 'Attach files (optional)' })).toBeNull();
    cleanup();
    useSessionStore.setState({ isLoggedIn: false, username: null, expiresAt: null });
    renderPage();
    expect(screen.getByText('Sign in to attach files to a secret.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Attach files (optional)' })).toBeNull();
  });

  it('hides the files when uploads are disabled on the instance', async () => {
    useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, disable_file_upload: true } });
    renderPage();
    expect(screen.queryByRole('group', { name: 'Attach files (optional)' })).toBeNull();
    expect(screen.queryByText(/Sign in to attach files/)).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create secret link' })).toBeTruthy());
  });
});
