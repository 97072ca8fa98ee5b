import { sealResponseKey } from '../../../../shared/crypto/request-keys';
import {
  fileManifest,
  pendingUpload,
  seal,
  sealWithFiles,
  sendFiles,
  type CreatedSecretView,
  type PendingUpload,
  type SubmitPhase,
  type UploadRun,
} from '../../secrets';
import { respond } from '../api/respond';
import type { RequestForm } from '../api/requests.types';

/** What the responder's page says after sending: the response's end. */
export interface SentResponse {
  id: string;
  expiresAt: string;
}

/**
 * A response, sealed to the request's public key (REQUESTS.md): a fresh ephemeral key pair gives the response's key,
 * and from there it is a secret like any other (text and files in the worker, the key proof for the requester's
 * read), sent with the ephemeral public key and never a key. With files, the parts follow on the secrets' upload path
 * under the ticket the answer holds; nothing is kept for a reload (`store: null`).
 */
export async function sendResponse(
  request: Pick<RequestForm, 'id' | 'publicKey' | 'responseViews'>,
  text: string,
  files: readonly File[],
  onPhase: (phase: SubmitPhase) => void,
  run: UploadRun & { onPending?(pending: PendingUpload): void },
): Promise<SentResponse> {
  onPhase('encrypting');
  const { key, ephemeralPublic } = await sealResponseKey(request.publicKey, request.id);
  if (files.length === 0) {
    const sealed = await seal({ text }, key);
    onPhase('sending');
    const { fields } = sealed;
    return respond(request.id, {
      text: fields.text,
      ephemeralKey: ephemeralPublic,
      keyProof: fields.keyProof,
      files: [],
    });
  }
  const metas = files.map(({ name, type, size }) => ({ name, type, size }));
  const sealed = await sealWithFiles({ text }, metas, key);
  try {
    onPhase('sending');
    const created = await respond(request.id, {
      text: sealed.fields.text,
      ephemeralKey: ephemeralPublic,
      keyProof: sealed.fields.keyProof,
      files: fileManifest(files, sealed.files),
    });
    if (!created.upload) throw new Error('The server opened no upload for the files');
    const response: CreatedSecretView = {
      id: created.id,
      key,
      deleteToken: created.deleteToken,
      expiresAt: created.expiresAt,
      isPublic: false,
      maxViews: request.responseViews,
      preventBurn: false,
      files: metas.map(({ name, size }) => ({ name, size })),
    };
    const pending = pendingUpload(response, null, created.upload, files, sealed.files);
    run.onPending?.(pending);
    onPhase('uploading');
    await sendFiles(pending, files, sealed.crypto, { ...run, store: null });
    return created;
  } finally {
    sealed.crypto.release();
  }
}
