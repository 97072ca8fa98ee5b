import fs from 'node:fs';
import { secretRoutes } from '../shared/api/secrets.contract.js';
import { sealFileMeta } from '../shared/crypto/file-meta.js';
import { FilePartEncoder } from '../shared/crypto/file-parts.js';
import { cipherSize, createFileEncryptor } from '../shared/crypto/file-stream.js';
import type { SecretKeys } from '../shared/crypto/index.js';
import { UPLOAD_TOKEN_HEADER, choosePartSize } from '../shared/rules/files.js';
import { runUploadWith, type UploadApi } from '../shared/upload/run-upload.js';
import { apiUrl, callRoute, send, type Connection } from './api.js';
import { note, type Context } from './context.js';
import { CliError, EXIT } from './errors.js';
import { checkUnchanged, type LocalFile } from './local-files.js';
import { formatSize, progressLine } from './terminal.js';

/**
 * What sending a secret takes besides sealing it, shared by `hush create` and `hush request respond` (a response is
 * a secret sealed under another key): standard input, the files' details and headers, the upload of their parts,
 * and deleting what was half sent. Standard input is the secret's text byte for byte, UTF-8 or not: bytes that are
 * no text (a photo) travel in the envelope as a text does, and open as those bytes (shared/crypto OpenedText).
 */

/** Standard input, byte for byte; nothing when it is a terminal and files were given. */
export async function readInput(context: Context, haveFiles: boolean, prompt: string): Promise<Buffer> {
  if (context.stdin.isTTY) {
    if (haveFiles) return Buffer.alloc(0);
    note(context, prompt);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of context.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes as text when they are UTF-8 (kept exactly, a byte-order mark included); null when they are not. */
export function asText(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Standard input over the server's limit on a text: how large it is, and how to send it instead. `instead`: the
 * command with --file, or null when files cannot go either (a request that takes none); `account`: no API token
 * was given, and files may need one.
 */
export const explainTooLarge =
  (input: Uint8Array, instead: string | null, account = false) =>
  (error: unknown): never => {
    if (!(error instanceof CliError && (error.code === 'request.too_large' || error.code === 'validation.text'))) {
      throw error;
    }
    const size = formatSize(input.length);
    const what =
      asText(input) === null
        ? `Standard input (${size}, not text) is larger than this server takes as a secret’s content`
        : `The text (${size}) is larger than this server takes as text`;
    const way = instead === null ? ', and this request takes no files' : `: send it as a file instead, e.g. ${instead}`;
    const sign =
      instead && account
        ? ' (files may need an account here: an API token, from --token, HUSH_TOKEN or hush config)'
        : '';
    throw new CliError(what + way + sign, EXIT.refused, error.code, error.status);
  };

const blobOf = (file: LocalFile): Promise<Blob> => fs.openAsBlob(file.path);

/** Each file's sealed details and stream header, made before anything is sent. */
export type SealedFiles = { meta: string; header: Uint8Array<ArrayBuffer> }[];

/** The files' sealed details and headers, and the manifest the create call sends (sizes of the encrypted streams). */
export async function sealFiles(keys: SecretKeys, files: LocalFile[]) {
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

/**
 * Sends the files' parts with the upload ticket, then completes the upload; when that fails or is stopped (Ctrl-C),
 * deletes the secret with its delete token: it would never open, so it is not left to expire.
 */
export async function uploadOrBurn(
  connection: Connection,
  context: Context,
  keys: SecretKeys,
  files: LocalFile[],
  sealed: SealedFiles,
  created: { id: string; deleteToken: string; upload?: { token: string } | undefined },
): Promise<void> {
  if (files.length === 0) return;
  if (!created.upload) throw new CliError('The server opened no upload for the files', EXIT.other, 'cli.no_upload');
  try {
    await uploadFiles(connection, context, keys, files, sealed, { id: created.id, token: created.upload.token });
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
  context: Context,
  keys: SecretKeys,
  files: LocalFile[],
  sealed: SealedFiles,
  upload: { id: string; token: string },
): Promise<void> {
  const encoders = await Promise.all(
    files.map(async (file, index) => new FilePartEncoder(keys, index, await blobOf(file), sealed[index]!.header)),
  );
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
  const progress = progressLine(context.stderr);
  const label = files.length === 1 ? `Sending ${files[0]!.name}` : `Sending ${files.length} files`;
  try {
    await runUploadWith(
      api,
      async (fileIndex, part, partSize) => {
        const bytes = await encoders[fileIndex]!.part(part - 1, partSize).catch((error: unknown) => {
          const file = files[fileIndex]!;
          throw new CliError(`Cannot read ${file.path}: ${(error as Error).message}`, EXIT.other, 'cli.file');
        });
        return bytes;
      },
      {
        signal: context.signal,
        concurrency: 2,
        onProgress: ({ sent, sizes }) => progress.update(label, sum(sent), sum(sizes)),
      },
    );
  } finally {
    progress.done();
  }
  for (const file of files) checkUnchanged(file);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
