import { requestRoutes } from '../shared/api/requests.contract.js';
import { secretRoutes } from '../shared/api/secrets.contract.js';
import { decryptText, deriveKeys, encryptText } from '../shared/crypto/envelope.js';
import {
  checkPinnedKey,
  createRequestKeyPair,
  deriveDetailsKey,
  generateInboxKey,
  newRequestId,
  openResponseKey,
  publicKeyFingerprint,
  RequestCryptoError,
  sealResponseKey,
  unwrapPrivateKey,
  wrapPrivateKey,
} from '../shared/crypto/request-keys.js';
import { readerProofs, sealSecretWithKeys } from '../shared/crypto/seal.js';
import {
  absoluteLink,
  DEFAULT_RESPONSE_TTL,
  DEFAULT_RESPONSE_VIEWS,
  fillPath,
  inboxPath,
  REQUEST_RESPONSES,
  REQUEST_TTL,
} from '../shared/rules/requests.js';
import { clientError, HushError } from './errors.js';
import { fileSource, sealFiles, uploadOrBurn, type FileInput, type UploadOptions } from './files.js';
import { callRoute, tokenFor, type Answer, type Connection } from './http.js';
import { readFillLink, readInboxLink, type FillLink } from './links.js';
import { openContent, type OpenedSecret } from './secrets.js';

/**
 * Requests (REQUESTS.md, docs/protocol.md): the requester makes an X25519 key pair and an inbox key here and sends
 * the private key only wrapped under the inbox key; a responder seals to the public key the fill link pins; only
 * the inbox link's holder can open the responses.
 */

/** A request's crypto failure as a HushError: `client.key_mismatch`, `client.wrong_inbox_key`… */
const cryptoFailure = (error: unknown): never => {
  if (error instanceof RequestCryptoError) throw new HushError(error.message, `client.${error.reason}`);
  throw error;
};

export interface CreateRequestOptions extends Connection {
  /** What is asked for (sealed: the server never sees it). */
  title: string;
  /** Instructions for the responder (sealed too). */
  text?: string | null;
  /** Seconds the fill link takes responses (7 days unless set). */
  ttl?: number;
  /** How many responses it takes (1 unless set). */
  responses?: number;
  /** Lifetime and views of each response, as of a secret. */
  responseTtl?: number;
  views?: number;
  allowFiles?: boolean;
  /** Only this address or CIDR range may respond. */
  ipLock?: string | null;
}

export interface CreatedRequest {
  id: string;
  /** The link to send to whoever should answer. */
  fillLink: string;
  /** The link to keep: the only key to the responses (the server cannot recover it). */
  inboxLink: string;
  expiresAt: string;
}

/** Asks for a secret (needs an API token). An id that exists already (one chance in 2^128) is chosen again, once. */
export async function createRequest(options: CreateRequestOptions): Promise<CreatedRequest> {
  const connection: Connection = { server: options.server.replace(/\/+$/, ''), token: options.token ?? null };
  const rules = {
    ttl: options.ttl ?? REQUEST_TTL.default,
    maxResponses: options.responses ?? REQUEST_RESPONSES.default,
    responseTtl: options.responseTtl ?? DEFAULT_RESPONSE_TTL,
    responseViews: options.views ?? DEFAULT_RESPONSE_VIEWS,
    allowFiles: options.allowFiles ?? false,
    allowedIp: options.ipLock ?? null,
  };
  for (let attempt = 0; ; attempt++) {
    const id = newRequestId();
    const inboxKey = generateInboxKey();
    const detailsKey = await deriveDetailsKey(inboxKey, id);
    const keyPair = await createRequestKeyPair();
    const details = await deriveKeys(detailsKey);
    try {
      const created = await callRoute(connection, requestRoutes.createRequest, {
        body: {
          id,
          title: await encryptText(details, 'title', options.title),
          text: options.text ? await encryptText(details, 'text', options.text) : null,
          publicKey: keyPair.publicKey,
          wrappedKey: await wrapPrivateKey(keyPair.privateKey, inboxKey, id),
          ...rules,
        },
      });
      const fingerprint = await publicKeyFingerprint(keyPair.publicKey);
      return {
        id: created.id,
        fillLink: absoluteLink(connection.server, fillPath(id, detailsKey, fingerprint)),
        inboxLink: absoluteLink(connection.server, inboxPath(id, inboxKey)),
        expiresAt: created.expiresAt,
      };
    } catch (error) {
      const taken = error instanceof HushError && error.status === 409 && error.code.endsWith('id_taken');
      if (!taken || attempt >= 1) throw error;
    }
  }
}

type Form = Answer<typeof requestRoutes.requestForm>;

/** A request as its responder sees it, checked against the fill link and decrypted. */
export interface RequestForm {
  link: FillLink;
  /** Who asks. */
  username: string;
  title: string;
  text: string | null;
  allowFiles: boolean;
  responseTtl: number;
  responseViews: number;
  expiresAt: string;
  publicKey: string;
}

/**
 * Reads what a fill link asks for. The public key the server gives must be the one the link pins (else a server
 * could read what is sealed to a key of its own): `client.key_mismatch` before anything is sealed.
 */
export async function readRequest(fillLink: string | FillLink): Promise<RequestForm> {
  const link = typeof fillLink === 'string' ? readFillLink(fillLink) : fillLink;
  const form: Form = await callRoute({ server: link.server }, requestRoutes.requestForm, { params: { id: link.id } });
  await checkPinnedKey(form.publicKey, link.fingerprint).catch(cryptoFailure);
  const keys = await deriveKeys(link.detailsKey);
  const opened = await Promise.all([
    decryptText(keys, 'title', form.title),
    form.text ? decryptText(keys, 'text', form.text) : null,
  ]).catch(() => {
    throw clientError(
      'key_invalid',
      'The key in the request link does not open its title: the link is damaged or incomplete. Nothing was sent',
    );
  });
  const { username, allowFiles, responseTtl, responseViews, expiresAt, publicKey } = form;
  return {
    link,
    username,
    title: opened[0],
    text: opened[1],
    allowFiles,
    responseTtl,
    responseViews,
    expiresAt,
    publicKey,
  };
}

export interface RespondOptions extends UploadOptions {
  text?: string | Uint8Array<ArrayBuffer>;
  files?: FileInput[];
}

export interface SentResponse {
  id: string;
  expiresAt: string;
  /** Takes the response back before it is opened (`burn(id, {deleteToken, server})`). */
  deleteToken: string;
}

/**
 * Answers a request (no account: a response is anonymous): sealed to the request's pinned public key with a fresh
 * ephemeral key, so only the requester can open it. `form` is what `readRequest` returned, or the fill link.
 */
export async function respond(form: RequestForm | string, options: RespondOptions): Promise<SentResponse> {
  const request = typeof form === 'string' ? await readRequest(form) : form;
  const files = (options.files ?? []).map(fileSource);
  if (files.length > 0 && !request.allowFiles) {
    throw new HushError('This request takes no files', 'secret_request.files_not_allowed');
  }
  const connection: Connection = { server: request.link.server };
  const { key, ephemeralPublic } = await sealResponseKey(request.publicKey, request.link.id).catch(cryptoFailure);
  const { keys, fields } = await sealSecretWithKeys({ text: options.text ?? '' }, undefined, key);
  const { sealed, manifest } = await sealFiles(keys, files);
  const created = await callRoute(connection, requestRoutes.respond, {
    params: { id: request.link.id },
    body: { text: fields.text, ephemeralKey: ephemeralPublic, keyProof: fields.keyProof, files: manifest },
  });
  await uploadOrBurn(connection, keys, files, sealed, created, options);
  return { id: created.id, expiresAt: created.expiresAt, deleteToken: created.deleteToken };
}

/** A response waiting in an inbox: `open()` spends one of its views and decrypts it. */
export interface InboxResponse {
  id: string;
  createdAt: string;
  expiresAt: string;
  viewsLeft: number;
  fileCount: number;
  open(options?: { signal?: AbortSignal }): Promise<OpenedSecret>;
}

export interface Inbox {
  request: {
    id: string;
    title: string;
    text: string | null;
    state: Answer<typeof requestRoutes.getRequest>['state'];
    answered: number;
    maxResponses: number;
  };
  /** The responses that can still be opened, newest first. */
  responses: InboxResponse[];
}

/**
 * A request's inbox (needs the requester's API token, and the inbox link): the link's key unwraps the request's
 * private key here; each response's key comes from it and the response's ephemeral key.
 */
export async function openInbox(
  inboxLink: string,
  options: { token: string; server: string; signal?: AbortSignal },
): Promise<Inbox> {
  const link = readInboxLink(inboxLink);
  const connection: Connection = { server: link.server, token: tokenFor(link.server, options.token, options.server) };
  const detail = await callRoute(connection, requestRoutes.getRequest, {
    params: { id: link.id },
    ...(options.signal && { signal: options.signal }),
  });
  const privateKey = await unwrapPrivateKey(detail.wrappedKey, link.inboxKey, link.id).catch(cryptoFailure);
  const details = await deriveKeys(await deriveDetailsKey(link.inboxKey, link.id));
  const [title, text] = await Promise.all([
    decryptText(details, 'title', detail.title),
    detail.text ? decryptText(details, 'text', detail.text) : null,
  ]).catch(() => {
    throw new HushError("The request's title does not decrypt: it was tampered with", 'client.tampered');
  });
  const responses = detail.responses.map((item): InboxResponse => ({
    id: item.id,
    createdAt: item.createdAt,
    expiresAt: item.expiresAt,
    viewsLeft: item.viewsLeft,
    fileCount: item.fileCount,
    open: async (openOptions = {}) => {
      const key = await openResponseKey(privateKey, detail.publicKey, item.ephemeralKey, detail.id).catch(
        cryptoFailure,
      );
      const { keys, keyProof, password } = await readerProofs(key);
      const content = await callRoute(connection, secretRoutes.read, {
        params: { id: item.id },
        body: { keyProof, password },
        ...(openOptions.signal && { signal: openOptions.signal }),
      });
      return openContent(connection, item.id, keys, content);
    },
  }));
  const { state, answered, maxResponses } = detail;
  return { request: { id: detail.id, title, text, state, answered, maxResponses }, responses };
}
