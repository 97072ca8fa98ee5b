import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { percentOf } from '../upload/progress';
import type { RevealedFile } from '../view/view-state';

export type DownloadState =
  | { step: 'idle' }
  | { step: 'running'; percent: number }
  /** Decrypted to the end and verified, then saved. */
  | { step: 'done' }
  | { step: 'failed'; messageKey: string };

/** A failed download in the page's words (keys in the `view` namespace). */
export function downloadMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'files.download_not_found') return 'files.expired';
    if (error.code === 'rate_limited') return 'errors.rateLimited';
    if (error.code === 'network.unreachable') return 'errors.network';
    return 'files.failed';
  }
  // The stream did not decrypt: changed, cut short or not this file (FILES.md); nothing was saved.
  if ((error as Error | null)?.name === 'FileStreamError') return 'files.damaged';
  if ((error as Error | null)?.name === 'TypeError') return 'errors.network';
  return 'files.failed';
}

/** Downloads one file: progress while it arrives, then saved under its name only once it verified. */
export function useFileDownload(secretId: string, file: RevealedFile, fileKeys: CryptoKey | null, name: string) {
  const [state, setState] = useState<DownloadState>({ step: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  async function start() {
    if (!fileKeys || state.step === 'running') return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ step: 'running', percent: 0 });
    let shown = 0;
    const progress = (received: number) => {
      // One update per whole percent, not one per network packet.
      const percent = percentOf(received, file.size);
      if (percent !== shown) setState({ step: 'running', percent: (shown = percent) });
    };
    try {
      const { fetchAndDecrypt, saveFile } = await import('./download-file');
      const blob = await fetchAndDecrypt({
        secretId,
        downloadKey: file.downloadKey,
        fileIndex: file.index,
        fileKeys,
        signal: abort.signal,
        onProgress: progress,
      });
      saveFile(blob, name);
      setState({ step: 'done' });
    } catch (error) {
      if (abort.signal.aborted) return;
      setState({ step: 'failed', messageKey: downloadMessage(error) });
    }
  }

  return { state, start };
}
