/**
 * Loaded on the first Download click, so the view page does not carry the stream decryption until a secret has
 * files. A file is fetched as a stream and decrypted as it arrives (memory: one chunk in flight, and the plaintext
 * gathered in a Blob); it is handed to the user only when the whole stream verified.
 */
import { createDecryptStream } from '../../../../shared/crypto/file-transform';
import { downloadFile } from '../api/files.api';

export interface DownloadRequest {
  secretId: string;
  downloadKey: string;
  /** The file index its encryption is bound to. */
  fileIndex: number;
  fileKeys: CryptoKey;
  signal?: AbortSignal;
  /** Encrypted bytes received so far. */
  onProgress?(received: number): void;
}

/** The decrypted file, as application/octet-stream whatever it is, so that nothing ever renders inline. */
export async function fetchAndDecrypt(request: DownloadRequest): Promise<Blob> {
  const response = await downloadFile(request.secretId, request.downloadKey, request.signal);
  if (!response.body) throw new Error('The download came without a body');
  let received = 0;
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(piece, controller) {
      received += piece.length;
      request.onProgress?.(received);
      controller.enqueue(piece);
    },
  });
  const plain = response.body
    .pipeThrough(counted)
    .pipeThrough(createDecryptStream({ fileKeyMaterial: request.fileKeys }, { fileIndex: request.fileIndex }));
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const reader = plain.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  // The stream closed without an error: every chunk verified and none is missing.
  return new Blob(parts, { type: 'application/octet-stream' });
}

/**
 * Saves `blob` under `name` through a temporary link. The name is only ever the download attribute's text (the
 * browser replaces what a file name cannot hold); the link points at the blob, never at anything from the name.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely taken the file; until then the blob stays in memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
