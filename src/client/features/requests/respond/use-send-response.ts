import { useState } from 'react';
import { discardUpload, resumeUpload, useUploadTask, type PendingUpload } from '../../secrets';
import type { RequestForm } from '../api/requests.types';
import { sendResponse, type SentResponse } from './send-response';

/**
 * Runs the sending of a response: the phase for the busy state, the failure to show, and with files their upload
 * (progress, Try again with the files still at hand, Cancel, which deletes what was sent). Leaving the page stops it.
 */
export function useSendResponse(request: RequestForm, onSent: (sent: SentResponse) => void) {
  const [pending, setPending] = useState<PendingUpload | null>(null);
  // A response is not kept for a reload: nothing of it goes to the tab's storage, where a secret's upload may be.
  const task = useUploadTask({
    store: null,
    onDone(sent: SentResponse) {
      setPending(null);
      onSent(sent);
    },
  });
  const { phase, failure, files, execute } = task;

  const send = (text: string, chosen: readonly File[]) =>
    execute(chosen, 'encrypting', (run, onPhase) =>
      sendResponse(request, text, chosen, onPhase, { ...run, onPending: setPending }),
    );

  /** Sends the parts the server still lacks, with the files of the last try. */
  const retry = () =>
    pending ? execute(files, 'uploading', (run) => resumeUpload(pending, files, run)) : Promise.resolve(null);

  /** Stops the upload and deletes the response with what was sent: its place is given back. */
  async function cancel() {
    task.stop();
    const found = pending;
    setPending(null);
    if (found) await discardUpload(found, null);
  }

  const uploading = phase === 'uploading' || (failure?.phase === 'uploading' && pending !== null);
  return { phase, failure, send, retry, cancel, pending, uploading, progress: task.progress };
}
