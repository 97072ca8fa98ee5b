/// <reference lib="webworker" />
import { createCryptoHandlers } from './crypto.handlers';
import type { CryptoRequest } from './crypto.protocol';

/**
 * Encryption and decryption run here, off the main thread: argon2id with 64 MiB would otherwise freeze the page,
 * and files are read and encrypted part by part without touching it.
 */
const { handle } = createCryptoHandlers();

self.onmessage = async (event: MessageEvent<CryptoRequest>) => {
  try {
    const { result, transfer } = await handle(event.data);
    self.postMessage({ id: event.data.id, ok: true, result }, transfer);
  } catch (error) {
    const { name, message } = error as Error;
    const reason = (error as { reason?: string }).reason;
    self.postMessage({ id: event.data.id, ok: false, error: { name, message, reason } });
  }
};
