import { receiptRoutes, type ReceiptData } from '../shared/api/receipts.contract.js';
import { secretRoutes } from '../shared/api/secrets.contract.js';
import { readerProofs, sealSecretWithKeys, unsealSecret, type SecretKeys } from '../shared/crypto/index.js';
import { buildSecretUrl, isSecretId } from '../shared/rules/link.js';
import { parseReceiptLink } from '../shared/rules/receipts.js';
import { clientError, HushError } from './errors.js';
import {
  downloadFile,
  fileSource,
  openMetas,
  sealFiles,
  uploadOrBurn,
  type DownloadOptions,
  type FileInput,
  type UploadOptions,
} from './files.js';
import { callRoute, tokenFor, type Answer, type Connection } from './http.js';
import { readReceiptLink, readSecretLink } from './links.js';

export interface CreateSecretOptions extends Connection, UploadOptions {
  /** The text, or bytes that need not be UTF-8 (they open as bytes). Empty when the secret is only files. */
  text?: string | Uint8Array<ArrayBuffer>;
  files?: FileInput[];
  title?: string | null;
  password?: string | null;
  /** Lifetime in seconds, one of the instance's choices (3600, 86400, 604800…). */
  ttl: number;
  /** Views before it is deleted (1 unless set). */
  views?: number;
  /** Only this IPv4/IPv6 address or CIDR range may open it. */
  ipLock?: string | null;
  /** Unlimited views until it expires: reads spend none. */
  burnAfterTime?: boolean;
  /** Stored as plain text and listed publicly: no key, no password, no files. */
  public?: boolean;
}

export interface CreatedSecret {
  id: string;
  /** The link to send: the key is in its fragment, which browsers never send to a server. */
  link: string;
  /** The link to keep: its status (`status`) and burning; it holds the delete token, never the key. */
  receiptLink: string;
  deleteToken: string;
  expiresAt: string;
}

/**
 * Creates a secret: seals the text, title and files here (a fresh key, and the password folded into it), stores
 * only the envelopes, uploads the files' encrypted parts, and returns the link with the key in its fragment. A
 * secret whose files fail to arrive is burned at once rather than left to expire.
 */
export async function createSecret(options: CreateSecretOptions): Promise<CreatedSecret> {
  const connection: Connection = { server: options.server.replace(/\/+$/, ''), token: options.token ?? null };
  const rules = {
    ttl: options.ttl,
    maxViews: options.views ?? 1,
    allowedIp: options.ipLock ?? null,
    preventBurn: options.burnAfterTime ?? false,
  };
  const files = (options.files ?? []).map(fileSource);
  const text = options.text ?? '';
  if (text.length === 0 && files.length === 0) throw clientError('empty', 'A secret needs a text or a file');
  const done = (created: Answer<typeof secretRoutes.create>, key: string | null): CreatedSecret => ({
    id: created.id,
    link: buildSecretUrl(connection.server, created.id, key),
    receiptLink: connection.server + created.receiptPath,
    deleteToken: created.deleteToken,
    expiresAt: created.expiresAt,
  });
  if (options.public) {
    if (typeof text !== 'string' || files.length > 0 || options.password) {
      throw clientError('public', 'A public secret is stored as plain text for everyone: text only, no password');
    }
    const body = { ...rules, text, title: options.title ?? null, isPublic: true };
    return done(await callRoute(connection, secretRoutes.create, { body }), null);
  }
  const sealing = { text, title: options.title ?? null, password: options.password ?? null };
  const { key, keys, fields } = await sealSecretWithKeys(sealing);
  const { sealed, manifest } = await sealFiles(keys, files);
  const created = await callRoute(connection, secretRoutes.create, {
    body: { ...fields, ...rules, isPublic: false, files: manifest },
  });
  await uploadOrBurn(connection, keys, files, sealed, created, options);
  return done(created, key);
}

/** A file of an opened secret: its details, and its bytes downloaded and verified on demand. */
export interface OpenedFile {
  name: string;
  type: string;
  size: number;
  /** The plaintext as a stream; it errors on any damage, a cut file included: trust it once it has closed. */
  stream(options?: DownloadOptions): Promise<ReadableStream<Uint8Array>>;
  /** The whole plaintext, verified. */
  bytes(options?: DownloadOptions): Promise<Uint8Array<ArrayBuffer>>;
}

/** An opened secret: its text, or (content that is no UTF-8 text) its bytes; its files; what is left of it. */
export type OpenedSecret = {
  id: string;
  title: string | null;
  files: OpenedFile[];
  viewsLeft: number;
  expiresAt: string;
} & ({ text: string; bytes: null } | { text: null; bytes: Uint8Array<ArrayBuffer> });

type Content = Answer<typeof secretRoutes.read>;

/** Whether a secret is there, and what opening it takes; spends no view (a password-protected one is a 401). */
export async function checkSecret(connection: Connection, id: string) {
  return callRoute(connection, secretRoutes.exist, { params: { id } }).then(
    (found) => ({ isPublic: found.isPublic, requiresKeyProof: found.requiresKeyProof, needsPassword: false }),
    (error: unknown) => {
      if (!(error instanceof HushError && error.code === 'secret.password_required')) throw error;
      const isPublic = error.details.isPublic === true;
      return { isPublic, requiresKeyProof: !isPublic, needsPassword: true };
    },
  );
}

/** Reads a secret with the proofs of its key and password: spends a view, decrypts nothing yet. */
export async function readSecret(
  connection: Connection,
  id: string,
  key: string | null,
  password: string | null,
  signal?: AbortSignal,
): Promise<{ content: Content; keys: SecretKeys | null }> {
  const proofs = key ? await readerProofs(key, password) : null;
  const content = await callRoute(connection, secretRoutes.read, {
    params: { id },
    body: { keyProof: proofs?.keyProof ?? null, password: proofs ? proofs.password : password },
    ...(signal && { signal }),
  });
  return { content, keys: proofs?.keys ?? null };
}

/** What a read answered, decrypted here: the text and title, the files' details, and a handle to each file. */
export async function openContent(
  connection: Connection,
  id: string,
  keys: SecretKeys | null,
  content: Content,
): Promise<OpenedSecret> {
  const opened = keys
    ? await unsealSecret(keys, { text: content.text, title: content.title }).catch(() => {
        throw new HushError('The secret does not decrypt: it was tampered with', 'client.tampered');
      })
    : { text: content.text, title: content.title };
  const metas = await openMetas(keys, content.files);
  const files = content.files.map((file, index): OpenedFile => {
    const stream = (options?: DownloadOptions) => downloadFile(connection, id, keys!, file, index, options);
    return {
      ...metas[index]!,
      stream,
      bytes: async (options) => new Uint8Array(await new Response(await stream(options)).arrayBuffer()),
    };
  });
  const body = opened.text === null ? { text: null, bytes: opened.bytes } : { text: opened.text, bytes: null };
  return { id, title: opened.title, ...body, files, viewsLeft: content.viewsLeft, expiresAt: content.expiresAt };
}

export interface OpenSecretOptions {
  password?: string | null;
  /** The key, when the link came without it. */
  key?: string;
  /** An API token, for an instance that wants readers signed in: sent only when the link is on `server`. */
  token?: string | null;
  /** The instance the token belongs to (needed with `token`). */
  server?: string;
  signal?: AbortSignal;
}

/** Opens a secret link: spends a view, and decrypts here. Its files download when asked for (`file.stream()`). */
export async function openSecret(link: string, options: OpenSecretOptions = {}): Promise<OpenedSecret> {
  const parsed = readSecretLink(link);
  const connection: Connection = {
    server: parsed.server,
    token: tokenFor(parsed.server, options.token, options.server),
  };
  const key = parsed.key ?? options.key ?? null;
  // Without a key, the exist call (no view spent) tells whether one is needed.
  if (!key && (await checkSecret(connection, parsed.id)).requiresKeyProof) {
    throw clientError('no_key', 'The link has no key: pass the whole link, or the key as `key`');
  }
  const { content, keys } = await readSecret(connection, parsed.id, key, options.password ?? null, options.signal);
  return openContent(connection, parsed.id, keys, content);
}

/** What happened to a secret, from its receipt link: views, wrong passwords, how it ended. Spends no view. */
export async function status(receiptLink: string): Promise<ReceiptData> {
  const link = readReceiptLink(receiptLink);
  return callRoute({ server: link.server }, receiptRoutes.readReceipt, {
    params: { id: link.id },
    body: { deleteToken: link.deleteToken },
  });
}

export interface BurnOptions {
  /** The delete token, when `target` is a bare id or a link. */
  deleteToken?: string | null;
  /** The server, when `target` is a bare id; and the instance `token` belongs to (needed with it). */
  server?: string;
  /** The owner's API token: burns without the delete token or the key; sent only when the secret is on `server`. */
  token?: string | null;
}

/**
 * Deletes a secret now, without reading it. `target`: its receipt link (which holds the delete token), its link
 * (the key proves the right), or its id with `deleteToken` or the owner's `token`.
 */
export async function burn(target: string, options: BurnOptions = {}): Promise<{ id: string; burned: true }> {
  let link: { server: string; id: string; key: string | null; deleteToken: string | null };
  if (isSecretId(target)) {
    if (!options.server) throw clientError('usage', 'Burning by id needs the server');
    link = { server: options.server.replace(/\/+$/, ''), id: target, key: null, deleteToken: null };
  } else if (parseReceiptLink(target)) {
    link = { ...readReceiptLink(target), key: null };
  } else {
    link = { ...readSecretLink(target), deleteToken: null };
  }
  const keyProof = link.key ? (await readerProofs(link.key)).keyProof : null;
  const token = tokenFor(link.server, options.token, options.server);
  return callRoute({ server: link.server, token }, secretRoutes.burn, {
    params: { id: link.id },
    body: { deleteToken: options.deleteToken ?? link.deleteToken, keyProof },
  });
}
