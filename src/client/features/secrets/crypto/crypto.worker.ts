/// <reference lib="webworker" />
import { readerProofs, sealSecret, unsealSecret } from '../../../../shared/crypto/seal';
import type { CryptoRequest, CryptoResponse } from './crypto.protocol';

/**
 * Encryption and decryption run here, off the main thread: argon2id with 64 MiB would otherwise freeze the page.
 * Reader keys stay in this worker between the proof step and the opening step.
 */
const readers = new Map<number, Awaited<ReturnType<typeof readerProofs>>['keys']>();

async function handle(request: CryptoRequest): Promise<CryptoResponse> {
  switch (request.op) {
    case 'seal':
      return { op: 'seal', ...(await sealSecret(request.input)) };
    case 'proofs': {
      const { keys, keyProof, password } = await readerProofs(request.key, request.password);
      readers.set(request.id, keys);
      return { op: 'proofs', keyProof, password };
    }
    case 'open': {
      const keys = readers.get(request.readerId);
      if (!keys) throw new Error('The key is gone; derive the proofs again');
      readers.delete(request.readerId);
      return { op: 'open', ...(await unsealSecret(keys, request.content)) };
    }
  }
}

self.onmessage = async (event: MessageEvent<CryptoRequest>) => {
  try {
    self.postMessage({ id: event.data.id, ok: true, result: await handle(event.data) });
  } catch (error) {
    const { name, message } = error as Error;
    const reason = (error as { reason?: string }).reason;
    self.postMessage({ id: event.data.id, ok: false, error: { name, message, reason } });
  }
};
