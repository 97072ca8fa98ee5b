import { useEffect, useRef, useState } from 'react';
import {
  discardUpload,
  resumeUpload,
  useUploadProgress,
  type CreateFailure,
  type PendingUpload,
  type SubmitPhase,
  type UploadRun,
} from '../../secrets';
import type { RequestForm } from '../api/requests.types';
import { sendResponse, type SentResponse } from './send-response';

/**
 * Runs the sending of a response: the phase for the busy state, the failure to show, and with files their upload
 * (progress, Try again with the files still at hand, Cancel, which deletes what was sent). Leaving the page stops it.
 */
export function useSendResponse(request: RequestForm, onSent: (sent: SentResponse) => void) {
  const [phase, setPhase] = useState<SubmitPhase | null>(null);
  const [failure, setFailure] = useState<CreateFailure | null>(null);
  const [pending, setPending] = useState<PendingUpload | null>(null);
  const [files, setFiles] = useState<readonly File[]>([]);
  const progress = useUploadProgress();
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  async function execute(
    chosen: readonly File[],
    first: SubmitPhase,
    task: (run: UploadRun, onPhase: (phase: SubmitPhase) => void) => Promise<SentResponse>,
  ): Promise<CreateFailure | null> {
    let current = first;
    const onPhase = (next: SubmitPhase) => {
      current = next;
      setPhase(next);
    };
    const abort = new AbortController();
    controller.current = abort;
    setFiles(chosen);
    setFailure(null);
    progress.reset();
    onPhase(first);
    try {
      const sent = await task({ signal: abort.signal, onProgress: progress.update, store: null }, onPhase);
      setPending(null);
      onSent(sent);
      return null;
    } catch (error) {
      if (abort.signal.aborted) return null;
      const next = { error, phase: current };
      setFailure(next);
      return next;
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setPhase(null);
      }
    }
  }

  const send = (text: string, chosen: readonly File[]) =>
    execute(chosen, 'encrypting', (run, onPhase) =>
      sendResponse(request, text, chosen, onPhase, { ...run, onPending: setPending }),
    );

  /** Sends the parts the server still lacks, with the files of the last try. */
  const retry = () =>
    pending ? execute(files, 'uploading', (run) => resumeUpload(pending, files, run)) : Promise.resolve(null);

  /** Stops the upload and deletes the response with what was sent: its place is given back. */
  async function cancel() {
    controller.current?.abort();
    controller.current = null;
    const found = pending;
    setPending(null);
    setFailure(null);
    setPhase(null);
    setFiles([]);
    if (found) await discardUpload(found, null);
  }

  const uploading = phase === 'uploading' || (failure?.phase === 'uploading' && pending !== null);
  return { phase, failure, send, retry, cancel, pending, uploading, progress: progress.state };
}
