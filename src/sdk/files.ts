import { fileRoutes } from '../shared/api/files.contract.js';
import { secretRoutes } from '../shared/api/secrets.contract.js';
import { openFileMeta, sealFileMeta, type FileMeta } from '../shared/crypto/file-meta.js';
import { FilePartEncoder } from '../shared/crypto/file-parts.js';
import { cipherSize, createFileEncryptor } from '../shared/crypto/file-stream.js';
import { createDecryptStream } from '../shared/crypto/file-transform.js';
import type { SecretKeys } from '../shared/crypto/index.js';
import { UPLOAD_TOKEN_HEADER, choosePartSize } from '../shared/rules/files.js';
import { runUploadWith, type UploadApi, type UploadCounts } from '../shared/upload/run-upload.js';
import { HushError } from './errors.js';
import { apiUrl, callRoute, send, type Answer, type Connection } from './http.js';

/**
 * Files of a secret (FILES.md): each one's details sealed, its bytes encrypted part by part here and uploaded with
 * the ticket the create call gave; on the way back, downloaded and decrypted as a stream, each chunk verified.
 */

/** A file to send: a browser `File`, or a name with a Blob (Node: `fs.openAsBlob(path)`) or bytes. */
export type FileInput = File | { name: string; type?: string; data: Blob | Uint8Array<ArrayBuffer> };

/** What the file's bytes are read from, with its name, type and size. */
export interface FileSource {
  name: string;
  type: string;
  size: number;
  blob: Blob;
}

export function fileSource(file: FileInput): FileSource {
  const blob = 'data' in file ? (file.data instanceof Blob ? file.data : new Blob([file.data])) : file;
  return { name: file.name, type: file.type ?? blob.type, size: blob.size, blob };
}

/** Each file's sealed details and stream header, made before anything is sent. */
export type SealedFiles = { meta: string; header: Uint8Array<ArrayBuffer> }[];

/** The files' sealed details and headers, and the manifest the create call sends (sizes of the encrypted streams). */
export async function sealFiles(keys: SecretKeys, files: { name: string; type: string; size: number }[]) {
  const sealed: SealedFiles = await Promise.all(
    files.map(async (file, index) => ({
      meta: await sealFileMeta(keys, index, { name: file.name, type: file.type, size: file.size }),
      header: (await createFileEncryptor(keys, { fileIndex: index })).header,
    })),
  );
  const manifest = files.map((file, index) => {
    const size = cipherSize(file.size);
    return { meta: sealed[index]!.meta, size, partSize: choosePartSize(size) };
  });
  return { sealed, manifest };
}

export interface UploadOptions {
  signal?: AbortSignal | undefined;
  /** Parts in flight at once (2 unless set). */
  concurrency?: number;
  /** Encrypted bytes sent so far and in all, over every file. */
  onProgress?: (sent: number, total: number) => void;
  /** Runs after the last part is stored (a check that the files did not change meanwhile): a failure burns. */
  afterUpload?: () => void | Promise<void>;
}

/**
 * Sends the files' parts with the upload ticket, then completes the upload; when that fails or is stopped, deletes
 * the secret with its delete token: it would never open, so it is not left to expire.
 */
export async function uploadOrBurn(
  connection: Connection,
  keys: SecretKeys,
  files: FileSource[],
  sealed: SealedFiles,
  created: { id: string; deleteToken: string; upload?: { token: string } | undefined },
  options: UploadOptions = {},
): Promise<void> {
  if (files.length === 0) return;
  if (!created.upload) throw new HushError('The server opened no upload for the files', 'client.no_upload');
  try {
    await uploadFiles(connection, keys, files, sealed, { id: created.id, token: created.upload.token }, options);
    await options.afterUpload?.();
  } catch (error) {
    await callRoute(connection, secretRoutes.burn, {
      params: { id: created.id },
      body: { deleteToken: created.deleteToken },
    }).catch(() => undefined);
    throw error;
  }
}

async function uploadFiles(
  connection: Connection,
  keys: SecretKeys,
  files: FileSource[],
  sealed: SealedFiles,
  upload: { id: string; token: string },
  options: UploadOptions,
): Promise<void> {
  const encoders = files.map((file, index) => new FilePartEncoder(keys, index, file.blob, sealed[index]!.header));
  const base = apiUrl(connection.server, `/secret/${encodeURIComponent(upload.id)}`);
  const headers = { [UPLOAD_TOKEN_HEADER]: upload.token };
  const json = async (response: Response) => (await response.json()) as Awaited<ReturnType<UploadApi['status']>>;
  const api: UploadApi = {
    status: async (signal) => json(await send(connection, `${base}/upload`, { headers, signal })),
    part: (fileId, part, bytes, signal) =>
      send(connection, `${base}/files/${encodeURIComponent(fileId)}/parts/${part}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body: bytes,
        signal,
      }),
    complete: async (signal) =>
      json(await send(connection, `${base}/upload/complete`, { method: 'POST', headers, signal })),
  };
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  await runUploadWith(
    api,
    (fileIndex, part, partSize) =>
      encoders[fileIndex]!.part(part - 1, partSize).catch((error: unknown) => {
        const reason = (error as Error).message;
        throw new HushError(`Cannot read ${files[fileIndex]!.name}: ${reason}`, 'client.file', undefined, {
          fileIndex,
          reason,
        });
      }),
    {
      signal: options.signal ?? new AbortController().signal,
      concurrency: options.concurrency ?? 2,
      onProgress: ({ sent, sizes }: UploadCounts) => options.onProgress?.(sum(sent), sum(sizes)),
    },
  );
}

type Content = Answer<typeof secretRoutes.read>;

/** Each file's name, type and size, decrypted; a damaged one stops here, before any download. */
export async function openMetas(keys: SecretKeys | null, files: Content['files']): Promise<FileMeta[]> {
  if (files.length === 0) return [];
  if (!keys) throw new HushError('A public secret came with files', 'client.unexpected_answer');
  return Promise.all(
    files.map((file, index) =>
      openFileMeta(keys, index, file.meta).catch(() => {
        throw new HushError(
          `The details of file ${index + 1} do not decrypt: the secret was tampered with`,
          'client.tampered',
        );
      }),
    ),
  );
}

export interface DownloadOptions {
  signal?: AbortSignal | undefined;
  /** Encrypted bytes received so far, and the download's size. */
  onProgress?: (received: number, total: number) => void;
}

/**
 * One file's plaintext as a stream: downloaded with its short-lived key, decrypted and verified chunk by chunk
 * (the stream errors on a damaged or cut file, never hands out unverified bytes as the end). One download: a
 * caller that wants retries calls again while the download key is valid.
 */
export async function downloadFile(
  connection: Connection,
  secretId: string,
  keys: SecretKeys,
  file: Content['files'][number],
  fileIndex: number,
  options: DownloadOptions = {},
): Promise<ReadableStream<Uint8Array>> {
  const response = await send(connection, apiUrl(connection.server, fileRoutes.download.path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: file.downloadKey, secretId }),
    ...(options.signal && { signal: options.signal }),
  });
  if (!response.body) throw new HushError('The download came without a body', 'client.download');
  let received = 0;
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(piece, controller) {
      received += piece.length;
      options.onProgress?.(received, file.size);
      controller.enqueue(piece);
    },
  });
  return response.body
    .pipeThrough(counted)
    .pipeThrough(createDecryptStream({ fileKeyMaterial: keys.fileKeyMaterial }, { fileIndex }));
}
