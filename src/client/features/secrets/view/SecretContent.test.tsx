// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { saveFile } from '../download/download-file';
import { SecretContent } from './SecretContent';
import type { Revealed } from './view-state';

vi.mock('../download/download-file', () => ({ saveFile: vi.fn() }));

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const secret = { id: 'AbCdEfGhIjKlMnOpQrStUv', viewsLeft: 0, preventBurn: false, expiresAt: '2026-01-02T00:00:00Z' };

/** jsdom's Blob has no arrayBuffer(): its FileReader reads it. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

function renderContent(content: Pick<Revealed, 'text' | 'binary'>) {
  const revealed = {
    ...content,
    title: null,
    secret,
    keyProof: null,
    files: [],
    fileKeys: null,
  } as unknown as Revealed;
  render(
    <I18nextProvider i18n={i18n}>
      <SecretContent content={revealed} onBurn={async () => {}} />
    </I18nextProvider>,
  );
}

describe('the revealed secret', () => {
  it('a content that is not text (bytes that are no UTF-8) is offered as a download of those bytes, never shown', async () => {
    const bytes = Uint8Array.from({ length: 3 * 1024 }, (_, i) => (i * 7) & 255);
    renderContent({ text: null, binary: bytes });
    expect(screen.getByText(/This secret is not text but data \(3 KiB\)/)).toBeTruthy();
    expect(screen.queryByTestId('secret-text')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy text' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('secret.bin');
    expect(blob.type).toBe('application/octet-stream');
    expect(await bytesOf(blob)).toEqual(bytes);
  });

  it('a text is shown with its copy buttons', () => {
    renderContent({ text: 'hunter2', binary: null });
    expect(screen.getByTestId('secret-text').textContent).toBe('hunter2');
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });
});
