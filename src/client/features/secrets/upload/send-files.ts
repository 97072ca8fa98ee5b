import { fromBase64Url } from '../../../../shared/crypto/bytes';
import { burnSecret } from '../api/secrets.api';
import { unlockUpload, type UploadCrypto } from '../crypto/crypto-client';
import type { CreatedSecretView, PendingUpload } from '../model';
import { clearPending, notePartDigest, type PendingStore } from './pending-upload';
import { runUpload, type UploadOptions } from './upload-controller';

/**
 * How an upload reports progress and is cancelled (and, in tests, how it waits between tries). `store` is where the
 * pending upload is kept for a reload: the tab's session storage unless given (null: nowhere, as for a response to a
 * request, which the create page must not offer to resume as a secret of its own).
 */
export type UploadRun = UploadOptions & { store?: PendingStore };

/** Hands the files to the worker and sends the parts the server is missing, then completes the upload. */
export async function sendFiles(
  pending: PendingUpload,
  files: readonly Blob[],
  crypto: UploadCrypto,
  run: UploadRun,
): Promise<void> {
  for (const [index, file] of files.entries()) {
    await crypto.openFile(index, file, fromBase64Url(pending.files[index]!.header));
  }
  const source = async (fileIndex: number, part: number, partSize: number) => {
    const { bytes, digest } = await crypto.encryptPart(fileIndex, part, partSize);
    // Once cancelled, the upload is forgotten: a part finished late must not write it back to storage.
    run.signal.throwIfAborted();
    notePartDigest(pending, fileIndex, part, digest, run.store);
    return bytes;
  };
  await runUpload({ secretId: pending.secret.id, token: pending.token }, source, run);
}

/** Finishes an interrupted upload with the same files (after a reload, or a failure): only missing parts go out. */
export async function resumeUpload(
  pending: PendingUpload,
  files: readonly Blob[],
  run: UploadRun,
): Promise<CreatedSecretView> {
  const crypto = await unlockUpload(pending.secret.key!, pending.password);
  try {
    await sendFiles(pending, files, crypto, run);
  } finally {
    crypto.release();
  }
  clearPending(run.store);
  return { ...pending.secret, password: pending.password };
}

/**
 * Gives an upload up: forgotten here at once, burned on the server with the delete token. Should the burn fail (the
 * network is down), the server deletes the upload anyway when it expires unfinished.
 */
export async function discardUpload(pending: PendingUpload, store?: PendingStore): Promise<void> {
  clearPending(store);
  await burnSecret(pending.secret.id, { deleteToken: pending.secret.deleteToken }).catch(() => undefined);
}
