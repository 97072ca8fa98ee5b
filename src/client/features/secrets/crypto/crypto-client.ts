import type { FileMeta } from '../../../../shared/crypto/file-meta';
import type { SealInput } from '../../../../shared/crypto/seal';
import type { CryptoRequest, CryptoResponse, WorkerReply } from './crypto.protocol';
import { CryptoFailure } from './crypto-support';

export { CryptoFailure, webCryptoAvailable } from './crypto-support';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve(result: CryptoResponse): void; reject(error: Error): void }>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./crypto.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiter) return;
    if (reply.ok) waiter.resolve(reply.result);
    else waiter.reject(new CryptoFailure(reply.error.message, reply.error.reason));
  };
  worker.onerror = (event) => {
    for (const waiter of pending.values())
      waiter.reject(new CryptoFailure(event.message || 'Crypto worker failed', undefined));
    pending.clear();
    worker = null;
  };
  return worker;
}

type Body<T> = T extends unknown ? Omit<T, 'id'> : never;

function call<T extends CryptoResponse['op']>(
  request: Body<CryptoRequest> & { op: T },
  id = nextId++,
): Promise<Extract<CryptoResponse, { op: T }>> {
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (result: CryptoResponse) => void, reject });
    getWorker().postMessage({ ...request, id });
  });
}

/**
 * Encrypts a new secret; the key never leaves the browser except in the link's fragment. A response to a request
 * passes `key`, the one its X25519 exchange gave (REQUESTS.md); a secret gets a fresh one.
 */
export const seal = (input: SealInput, key?: string) => call({ op: 'seal', input, ...(key && { key }) });

/** The worker's side of one upload: it holds the keys and reads and encrypts the files part by part. */
export interface UploadCrypto {
  /** Hands file `fileIndex` to the worker, with the stream header it was (or will be) uploaded with. */
  openFile(fileIndex: number, file: Blob, header: Uint8Array<ArrayBuffer>): Promise<void>;
  /** Bytes [part·partSize, …) of the file's encrypted stream, and their digest. */
  encryptPart(
    fileIndex: number,
    part: number,
    partSize: number,
  ): Promise<{ bytes: Uint8Array<ArrayBuffer>; digest: string }>;
  /** Drops the keys from the worker. */
  release(): void;
}

function uploadCrypto(session: number): UploadCrypto {
  return {
    openFile: async (fileIndex, file, header) => {
      await call({ op: 'openFile', session, fileIndex, file, header });
    },
    encryptPart: async (fileIndex, part, partSize) => {
      const { bytes, digest } = await call({ op: 'encryptPart', session, fileIndex, part, partSize });
      return { bytes, digest };
    },
    release: () => void call({ op: 'release', session }).catch(() => undefined),
  };
}

/** `seal` for a secret with files: also their sealed details and stream headers, and the worker's upload side. */
export async function sealWithFiles(input: SealInput, files: FileMeta[], key?: string) {
  const sealed = await call({ op: 'seal', input, files, ...(key && { key }) });
  if (sealed.session === undefined || !sealed.files) throw new CryptoFailure('The worker kept no keys', undefined);
  return { key: sealed.key, fields: sealed.fields, files: sealed.files, crypto: uploadCrypto(sealed.session) };
}

/** The upload side again after a reload, from the key (and password) kept in the tab's session storage. */
export async function unlockUpload(key: string, password: string | null): Promise<UploadCrypto> {
  const { session } = await call({ op: 'unlock', key, password });
  return uploadCrypto(session);
}

/** A reader's handle: proofs to send to the server, then `open` to decrypt what it returns. */
export async function prepareReader(key: string, password: string | null) {
  // The worker keeps the derived keys under the id of the proofs request, for `open` to find.
  const readerId = nextId++;
  const proofs = await call({ op: 'proofs', key, password }, readerId);
  return {
    keyProof: proofs.keyProof,
    password: proofs.password,
    open: (content: { text: string; title: string | null; files?: string[] }) =>
      call({ op: 'open', readerId, content }),
  };
}
