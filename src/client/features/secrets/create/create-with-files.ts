import { createSecret } from '../api/secrets.api';
import { sealWithFiles } from '../crypto/crypto-client';
import type { CreatedSecretView, PendingUpload, SubmitPhase } from '../model';
import { clearPending, savePending } from '../upload/pending-upload';
import { sendFiles, type UploadRun } from '../upload/send-files';
import { fileManifest, pendingUpload } from '../upload/upload-plan';
import { secretOptions, type CreateFormValues, type FormContext } from './create-form';

/**
 * A private secret with files: sealed in the worker (text, title, each file's name, type and size, a stream header
 * per file), created with the files' encrypted sizes, then uploaded part by part. The pending upload is kept in
 * the tab's session storage until it completes, so a reload can resume it; only then is the link shown.
 */
export async function createWithFiles(
  values: CreateFormValues,
  context: FormContext,
  files: readonly File[],
  onPhase: (phase: SubmitPhase) => void,
  run: UploadRun & { onPending?(pending: PendingUpload): void },
): Promise<CreatedSecretView> {
  const options = secretOptions(values, context);
  const password = values.passwordEnabled ? values.password : null;
  onPhase('encrypting');
  const metas = files.map(({ name, type, size }) => ({ name, type, size }));
  const title = values.title === '' ? null : values.title;
  const sealed = await sealWithFiles({ text: values.text, title, password }, metas);
  try {
    onPhase('sending');
    const manifest = fileManifest(files, sealed.files);
    const created = await createSecret({ ...options, ...sealed.fields, isPublic: false, files: manifest });
    const { upload } = created;
    if (!upload) throw new Error('The server opened no upload for the files');
    const secret: CreatedSecretView = {
      id: created.id,
      key: sealed.key,
      deleteToken: created.deleteToken,
      expiresAt: created.expiresAt,
      isPublic: false,
      maxViews: options.maxViews,
      preventBurn: options.preventBurn,
      files: metas.map(({ name, size }) => ({ name, size })),
    };
    const pending = pendingUpload(secret, password, upload, files, sealed.files);
    savePending(pending);
    run.onPending?.(pending);
    onPhase('uploading');
    await sendFiles(pending, files, sealed.crypto, run);
    clearPending();
    return { ...secret, password };
  } finally {
    sealed.crypto.release();
  }
}
