// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createTestI18n } from '../../../test-utils/i18n';
import type { Revealed, RevealedFile } from '../view/view-state';
import { AttachedFiles } from './AttachedFiles';
import { fetchAndDecrypt, saveFile } from './download-file';

vi.mock('./download-file', () => ({ fetchAndDecrypt: vi.fn(), saveFile: vi.fn() }));

const HOSTILE = '<img src=x onerror=alert(1)>.svg';
const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const fileKeys = { type: 'secret' } as unknown as CryptoKey;

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const revealedFile = (index: number, meta: RevealedFile['meta']): RevealedFile => ({
  index,
  meta,
  size: 1000,
  downloadKey: `key-${index}`,
  downloadExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
});

function renderFiles(files: RevealedFile[]) {
  const content = { secret: { id: SECRET }, files, fileKeys } as unknown as Revealed;
  render(
    <I18nextProvider i18n={i18n}>
      <AttachedFiles content={content} />
    </I18nextProvider>,
  );
}

const hostile = revealedFile(0, { name: HOSTILE, type: 'image/svg+xml', size: 2 * 1024 ** 2 });

describe('the files of a revealed secret', () => {
  it('show name, type and size as text only, never as markup or a link', () => {
    renderFiles([hostile, revealedFile(1, null)]);
    expect(screen.getByRole('heading', { name: '2 attached files' })).toBeTruthy();
    const names = screen.getAllByTestId('file-name');
    expect(names[0]!.textContent).toBe(HOSTILE);
    expect(names[0]!.children).toHaveLength(0);
    expect(screen.getByText(/image\/svg\+xml/)).toBeTruthy();
    expect(screen.getByText('2 MiB')).toBeTruthy();
    expect(document.querySelector('img, a')).toBeNull();
    expect(names[1]!.textContent).toBe('File 2');
    expect(screen.getByText('Its name and type could not be decrypted.')).toBeTruthy();
    expect(screen.getByText(/Download links last 15 minutes after opening/)).toBeTruthy();
  });

  it('download with the file’s key and index, and say it was verified only once it was', async () => {
    let finish: (blob: Blob) => void = () => {};
    vi.mocked(fetchAndDecrypt).mockImplementation(async (request) => {
      request.onProgress?.(400);
      return new Promise<Blob>((resolve) => (finish = resolve));
    });
    renderFiles([hostile]);
    fireEvent.click(screen.getByRole('button', { name: `Download ${HOSTILE}` }));
    const bar = await screen.findByRole('progressbar', { name: `Downloading ${HOSTILE}` });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(vi.mocked(fetchAndDecrypt).mock.calls[0]![0]).toMatchObject({
      secretId: SECRET,
      downloadKey: 'key-0',
      fileIndex: 0,
      fileKeys,
    });
    expect(screen.queryByText(/verified/)).toBeNull();
    const blob = new Blob(['plain']);
    finish(blob);
    expect(await screen.findByText('Decrypted and verified: the file is complete and unchanged.')).toBeTruthy();
    expect(saveFile).toHaveBeenCalledWith(blob, HOSTILE);
  });

  it.each([
    [
      new ApiError(404, 'files.download_not_found', 'gone'),
      'This download link expired; files can be downloaded for 15 minutes after opening.',
    ],
    [Object.assign(new Error('bad tag'), { name: 'FileStreamError' }), /failed verification/],
    [new ApiError(0, 'network.unreachable', 'offline'), /server cannot be reached/],
  ])('explain a failed download (%s), and save nothing', async (error, message) => {
    vi.mocked(fetchAndDecrypt).mockRejectedValue(error);
    renderFiles([hostile]);
    fireEvent.click(screen.getByRole('button', { name: `Download ${HOSTILE}` }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(message));
    expect(saveFile).not.toHaveBeenCalled();
  });
});
