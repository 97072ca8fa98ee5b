import fs from 'node:fs';
import { HushError } from '../sdk/errors.js';
import type { FileInput, UploadOptions } from '../sdk/files.js';
import { asCliError } from './api.js';
import { note, type Context } from './context.js';
import { CliError, EXIT } from './errors.js';
import { checkUnchanged, type LocalFile } from './local-files.js';
import { formatSize, progressLine } from './terminal.js';

/**
 * What sending a secret takes besides sealing it, shared by `hush create` and `hush request respond` (a response is
 * a secret sealed under another key): standard input, and the files handed to the SDK (src/sdk, published as packages/client), which
 * seals and uploads them and deletes what was half sent. Standard input is the secret's text byte for byte, UTF-8
 * or not: bytes that are no text (a photo) travel in the envelope as a text does, and open as those bytes.
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

/** The files as the SDK sends them: their bytes read from disk as they go. */
export const fileInputs = (files: LocalFile[]): Promise<FileInput[]> =>
  Promise.all(files.map(async (file) => ({ name: file.name, type: file.type, data: await fs.openAsBlob(file.path) })));

/**
 * How the CLI sends files with the SDK: Ctrl-C stops it, a progress line shows it, two parts go at once, and a file
 * changed while it was sent fails it (the SDK then burns what was half sent). `failed` words a failure of the whole
 * send for the CLI: a file that cannot be read is named by its path.
 */
export function sending(context: Context, files: LocalFile[]) {
  const progress = progressLine(context.stderr);
  const label = files.length === 1 ? `Sending ${files[0]!.name}` : `Sending ${files.length} files`;
  const options: UploadOptions = {
    signal: context.signal,
    concurrency: 2,
    onProgress: (sent, total) => progress.update(label, sent, total),
    afterUpload: () => {
      progress.done();
      for (const file of files) checkUnchanged(file);
    },
  };
  const failed = (error: unknown): never => {
    progress.done();
    if (error instanceof HushError && error.code === 'client.file') {
      const file = files[Number(error.details.fileIndex)];
      throw new CliError(`Cannot read ${file?.path}: ${String(error.details.reason)}`, EXIT.other, 'cli.file');
    }
    throw asCliError(error);
  };
  return { options, failed };
}
