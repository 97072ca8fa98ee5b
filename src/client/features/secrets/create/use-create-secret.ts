import { useState } from 'react';
import type { CreatedSecretView, PendingUpload } from '../model';
import { loadPending } from '../upload/pending-upload';
import { discardUpload, resumeUpload } from '../upload/send-files';
import { useUploadTask } from '../upload/use-upload-task';
import { toCreateFailure } from './create-errors';
import type { CreateFormValues, FormContext } from './create-form';
import { submitSecret } from './submit-secret';

/**
 * Runs a submission: the phase for the busy state, the failure to show, the created secret on success. With files
 * it also runs their upload: progress, cancel, and another try (with the files still at hand, or chosen again after
 * a reload) that sends only the parts the server is missing.
 */
export function useCreateSecret(onCreated: (secret: CreatedSecretView) => void, prepare?: () => Promise<void>) {
  /** An upload begun and not complete: from this page, or found in the tab's storage after a reload. */
  const [pending, setPending] = useState<PendingUpload | null>(loadPending);
  /** The pending upload came from storage (a reload): its files must be chosen again. */
  const [restored, setRestored] = useState(pending !== null);
  // Leaving the page stops sending; the upload stays resumable from the tab's storage.
  const task = useUploadTask({
    prepare,
    toFailure: toCreateFailure,
    onDone(created: CreatedSecretView) {
      setPending(null);
      setRestored(false);
      onCreated(created);
    },
  });
  const { phase, failure, files, execute } = task;

  const submit = (values: CreateFormValues, context: FormContext, chosen: readonly File[] = []) =>
    execute(chosen, 'sending', (run, onPhase) =>
      submitSecret(values, context, onPhase, { files: chosen, run: { ...run, onPending: setPending } }),
    );

  /** Finishes the pending upload with `chosen`, in its order (by default the files of this page's last try). */
  const resume = (chosen: readonly File[] = files) =>
    pending ? execute(chosen, 'uploading', (run) => resumeUpload(pending, chosen, run)) : Promise.resolve(null);

  /** Stops the upload and deletes what was sent. */
  async function cancel() {
    task.stop();
    const found = pending ?? loadPending();
    setPending(null);
    setRestored(false);
    if (found) await discardUpload(found);
  }

  /** The files of a failed try are still here: it can go again without choosing them. */
  const canRetry = pending !== null && files.length === pending.files.length;
  return { phase, failure, submit, pending, restored, resume, cancel, canRetry, progress: task.progress };
}
