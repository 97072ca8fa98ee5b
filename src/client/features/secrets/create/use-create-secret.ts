import { useEffect, useRef, useState } from 'react';
import type { CreatedSecretView, PendingUpload, SubmitPhase } from '../model';
import { loadPending } from '../upload/pending-upload';
import { discardUpload, resumeUpload, type UploadRun } from '../upload/send-files';
import { useUploadProgress } from '../upload/use-upload-progress';
import { toCreateFailure, type CreateFailure } from './create-errors';
import type { CreateFormValues, FormContext } from './create-form';
import { submitSecret } from './submit-secret';

/**
 * Runs a submission: the phase for the busy state, the failure to show, the created secret on success. With files
 * it also runs their upload: progress, cancel, and another try (with the files still at hand, or chosen again after
 * a reload) that sends only the parts the server is missing.
 */
export function useCreateSecret(onCreated: (secret: CreatedSecretView) => void, prepare?: () => Promise<void>) {
  const [phase, setPhase] = useState<SubmitPhase | null>(null);
  const [failure, setFailure] = useState<CreateFailure | null>(null);
  /** An upload begun and not complete: from this page, or found in the tab's storage after a reload. */
  const [pending, setPending] = useState<PendingUpload | null>(loadPending);
  /** The pending upload came from storage (a reload): its files must be chosen again. */
  const [restored, setRestored] = useState(pending !== null);
  const progress = useUploadProgress();
  const controller = useRef<AbortController | null>(null);
  /** The files of the upload under way or failed, for another try without choosing them again. */
  const [files, setFiles] = useState<readonly File[]>([]);

  // Leaving the page stops sending; the upload stays resumable from the tab's storage.
  useEffect(() => () => controller.current?.abort(), []);

  async function execute(
    chosen: readonly File[],
    first: SubmitPhase,
    task: (run: UploadRun, onPhase: (phase: SubmitPhase) => void) => Promise<CreatedSecretView>,
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
      await prepare?.();
      const created = await task({ signal: abort.signal, onProgress: progress.update }, onPhase);
      setPending(null);
      setRestored(false);
      setFiles([]);
      onCreated(created);
      return null;
    } catch (error) {
      if (abort.signal.aborted) return null;
      const next = toCreateFailure(error, current);
      setFailure(next);
      return next;
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setPhase(null);
      }
    }
  }

  const submit = (values: CreateFormValues, context: FormContext, chosen: readonly File[] = []) =>
    execute(chosen, 'sending', (run, onPhase) =>
      submitSecret(values, context, onPhase, { files: chosen, run: { ...run, onPending: setPending } }),
    );

  /** Finishes the pending upload with `chosen`, in its order (by default the files of this page's last try). */
  const resume = (chosen: readonly File[] = files) =>
    pending ? execute(chosen, 'uploading', (run) => resumeUpload(pending, chosen, run)) : Promise.resolve(null);

  /** Stops the upload and deletes what was sent. */
  async function cancel() {
    controller.current?.abort();
    controller.current = null;
    const found = pending ?? loadPending();
    setPending(null);
    setRestored(false);
    setFailure(null);
    setPhase(null);
    setFiles([]);
    if (found) await discardUpload(found);
  }

  /** The files of a failed try are still here: it can go again without choosing them. */
  const canRetry = pending !== null && files.length === pending.files.length;
  return { phase, failure, submit, pending, restored, resume, cancel, canRetry, progress: progress.state };
}
