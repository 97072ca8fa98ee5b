import fs from 'node:fs';
import { secretRoutes } from '../../shared/api/secrets.contract.js';
import { sealFileMeta } from '../../shared/crypto/file-meta.js';
import { FilePartEncoder } from '../../shared/crypto/file-parts.js';
import { cipherSize, createFileEncryptor } from '../../shared/crypto/file-stream.js';
import { sealSecretWithKeys, type SecretKeys } from '../../shared/crypto/index.js';
import { UPLOAD_TOKEN_HEADER, choosePartSize } from '../../shared/rules/files.js';
import { buildSecretUrl } from '../../shared/rules/link.js';
import { DEFAULT_TTL, LIMITS } from '../../shared/rules/secrets.js';
import { runUploadWith, type UploadApi } from '../../shared/upload/run-upload.js';
import { apiUrl, callRoute, send, type Connection } from '../api.js';
import { settingsOf, note, printJson, type Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { checkLocalFiles, checkUnchanged, type LocalFile } from '../local-files.js';
import { COMMON_OPTIONS, parseCommand, parseIp, parseTtl, parseViews } from '../options.js';
import { formatSize, fromEnv, progressLine, promptNewPassword } from '../terminal.js';

const OPTIONS = {
  ...COMMON_OPTIONS,
  file: { type: 'string', short: 'f', multiple: true },
  ttl: { type: 'string' },
  views: { type: 'string' },
  title: { type: 'string' },
  'password-prompt': { type: 'boolean' },
  'password-env': { type: 'string' },
  password: { type: 'string' },
  ip: { type: 'string' },
  'burn-after-time': { type: 'boolean' },
  public: { type: 'boolean' },
} as const;

/** Standard input, byte for byte; nothing when it is a terminal and files were given. */
async function readInput(context: Context, haveFiles: boolean): Promise<Buffer> {
  if (context.stdin.isTTY) {
    if (haveFiles) return Buffer.alloc(0);
    note(context, 'Type or paste the secret, then press Ctrl-D on a line of its own.');
  }
  const chunks: Buffer[] = [];
  for await (const chunk of context.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes as text when they are UTF-8 (kept exactly, a byte-order mark included); null when they are not. */
function asText(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A file to attach: a --file, or standard input that is not text. */
type Attachment = LocalFile | { name: string; type: string; size: number; blob: Blob };

const blobOf = async (file: Attachment): Promise<Blob> => ('blob' in file ? file.blob : fs.openAsBlob(file.path));

/** What `hush create` printed or, with --json, answered (docs/cli.md). */
export interface CreateResult {
  id: string;
  link: string;
  deleteToken: string;
  expiresAt: string;
  isPublic: boolean;
  files: { name: string; size: number }[];
}

export async function createCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('create', args, OPTIONS);
  if (positionals.length > 0) {
    throw usageError(
      `hush create takes no arguments (${positionals[0]}): text comes on standard input, files with --file`,
    );
  }
  if (values.password !== undefined) {
    throw usageError(
      '--password would leave the password in your shell history: use --password-prompt, or --password-env VAR',
    );
  }
  if (values['password-prompt'] && values['password-env']) {
    throw usageError('Choose one of --password-prompt and --password-env');
  }
  const settings = settingsOf(context, values);
  const ttl = values.ttl === undefined ? DEFAULT_TTL : parseTtl(values.ttl, settings.token !== null);
  const maxViews = values.views === undefined ? 1 : parseViews(values.views);
  const allowedIp = values.ip === undefined ? null : parseIp(values.ip);
  const title = values.title ?? null;
  if (title !== null && Buffer.byteLength(title) > LIMITS.titleBytes) {
    throw usageError(`--title is longer than ${LIMITS.titleBytes} bytes`);
  }
  const isPublic = values.public ?? false;
  const wantsPassword = Boolean(values['password-prompt'] || values['password-env']);
  if (isPublic && (values.file?.length || wantsPassword)) {
    throw usageError('A public secret is stored as plain text for everyone: it cannot have files or a password');
  }
  const files: Attachment[] = checkLocalFiles(values.file ?? []);

  const input = await readInput(context, files.length > 0);
  let text = asText(input);
  if (text === null) {
    if (isPublic) throw usageError('Standard input is not UTF-8 text, and a public secret can only be text');
    // Bytes that are not text travel as a file, so they come back exactly as they went.
    files.push({ name: 'stdin.bin', type: 'application/octet-stream', size: input.length, blob: new Blob([input]) });
    note(context, `Standard input is not UTF-8 text: it is sent as the file stdin.bin (${formatSize(input.length)}).`);
    text = '';
  }
  if (text === '' && files.length === 0) {
    throw usageError('Nothing to share: pipe the secret on standard input, or pass --file PATH');
  }
  const alternative = 'pass --password-env VAR instead';
  const password = values['password-env']
    ? fromEnv(context.env, values['password-env'], '--password-env')
    : values['password-prompt']
      ? await promptNewPassword(alternative)
      : null;
  const connection: Connection = settings;
  const options = { ttl, maxViews, allowedIp, preventBurn: values['burn-after-time'] ?? false };

  const result = isPublic
    ? await createPublic(connection, { text, title, ...options })
    : await createPrivate(connection, context, { text, title, password, files, ...options });
  if (values.json) return printJson(context, result);
  context.stdout.write(`${result.link}\n`);
  note(
    context,
    `Expires ${result.expiresAt}. To delete it before then: hush burn ${result.id} --token=${result.deleteToken}`,
  );
}

interface SecretOptions {
  ttl: number;
  maxViews: number;
  allowedIp: string | null;
  preventBurn: boolean;
}

async function createPublic(
  connection: Connection,
  input: SecretOptions & { text: string; title: string | null },
): Promise<CreateResult> {
  const created = await callRoute(connection, secretRoutes.create, {
    body: { ...input, isPublic: true },
  }).catch(explainTooLarge(input.text));
  return {
    id: created.id,
    link: buildSecretUrl(connection.server, created.id),
    deleteToken: created.deleteToken,
    expiresAt: created.expiresAt,
    isPublic: true,
    files: [],
  };
}

/** A text over the server's limit: say how large it is and how to send it instead. */
const explainTooLarge = (text: string) => (error: unknown) => {
  if (error instanceof CliError && (error.code === 'request.too_large' || error.code === 'validation.text')) {
    throw new CliError(
      `The text (${formatSize(Buffer.byteLength(text))}) is larger than this server takes as text: send it as a file instead, e.g. hush create --file PATH`,
      EXIT.refused,
      error.code,
      error.status,
    );
  }
  throw error;
};

async function createPrivate(
  connection: Connection,
  context: Context,
  input: SecretOptions & { text: string; title: string | null; password: string | null; files: Attachment[] },
): Promise<CreateResult> {
  const { files, ...secret } = input;
  const { key, keys, fields } = await sealSecretWithKeys(secret);
  const sealed = await Promise.all(
    files.map(async (file, index) => ({
      meta: await sealFileMeta(keys, index, { name: file.name, type: file.type, size: file.size }),
      header: (await createFileEncryptor(keys, { fileIndex: index })).header,
    })),
  );
  const manifest = files.map((file, index) => {
    const size = cipherSize(file.size);
    return { meta: sealed[index]!.meta, size, partSize: choosePartSize(size) };
  });
  const created = await callRoute(connection, secretRoutes.create, {
    body: {
      ...fields,
      ttl: secret.ttl,
      maxViews: secret.maxViews,
      allowedIp: secret.allowedIp,
      preventBurn: secret.preventBurn,
      isPublic: false,
      files: manifest,
    },
  }).catch(explainTooLarge(secret.text));
  if (files.length > 0) {
    if (!created.upload) throw new CliError('The server opened no upload for the files', EXIT.other, 'cli.no_upload');
    try {
      await uploadFiles(connection, context, keys, files, sealed, { id: created.id, token: created.upload.token });
    } catch (error) {
      // The secret would never open: delete it now rather than leave it to expire.
      await callRoute(connection, secretRoutes.burn, {
        params: { id: created.id },
        body: { deleteToken: created.deleteToken },
      }).catch(() => undefined);
      throw error;
    }
  }
  return {
    id: created.id,
    link: buildSecretUrl(connection.server, created.id, key),
    deleteToken: created.deleteToken,
    expiresAt: created.expiresAt,
    isPublic: false,
    files: files.map(({ name, size }) => ({ name, size })),
  };
}

async function uploadFiles(
  connection: Connection,
  context: Context,
  keys: SecretKeys,
  files: Attachment[],
  sealed: { header: Uint8Array<ArrayBuffer> }[],
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
          throw new CliError(
            `Cannot read ${'path' in file ? file.path : file.name}: ${(error as Error).message}`,
            EXIT.other,
            'cli.file',
          );
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
  for (const file of files) if ('path' in file) checkUnchanged(file);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
