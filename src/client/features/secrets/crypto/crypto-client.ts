import type { SealInput } from '../../../../shared/crypto/seal';
import type { CryptoRequest, CryptoResponse, WorkerReply } from './crypto.protocol';

/** Failures of the envelope (wrong key or password, damage, unknown version), with the envelope's reason. */
export class CryptoFailure extends Error {
  constructor(
    message: string,
    readonly reason: string | undefined,
  ) {
    super(message);
    this.name = 'CryptoFailure';
  }
}

/** WebCrypto exists only in secure contexts: HTTPS, or localhost. */
export const webCryptoAvailable = (): boolean => typeof globalThis.crypto?.subtle?.importKey === 'function';

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

/** Encrypts a new secret; the key never leaves the browser except in the link's fragment. */
export const seal = (input: SealInput) => call({ op: 'seal', input });

/** A reader's handle: proofs to send to the server, then `open` to decrypt what it returns. */
export async function prepareReader(key: string, password: string | null) {
  // The worker keeps the derived keys under the id of the proofs request, for `open` to find.
  const readerId = nextId++;
  const proofs = await call({ op: 'proofs', key, password }, readerId);
  return {
    keyProof: proofs.keyProof,
    password: proofs.password,
    open: (content: { text: string; title: string | null }) => call({ op: 'open', readerId, content }),
  };
}
