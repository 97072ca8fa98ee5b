import { vi } from 'vitest';
import { createCryptoHandlers } from '../features/secrets/crypto/crypto.handlers';
import type { CryptoRequest, WorkerReply } from '../features/secrets/crypto/crypto.protocol';

/**
 * The crypto worker run in the test's own thread (jsdom has no workers): crypto-client.ts talks to it as to the real
 * one, and the real handlers do the real crypto, so a test mocks nothing but the HTTP boundary.
 */
class InProcessWorker {
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private readonly handlers = createCryptoHandlers();

  postMessage(request: CryptoRequest) {
    const reply = (data: WorkerReply) => this.onmessage?.({ data } as MessageEvent<WorkerReply>);
    this.handlers.handle(request).then(
      ({ result }) => reply({ id: request.id, ok: true, result }),
      (error: Error & { reason?: string }) =>
        reply({ id: request.id, ok: false, error: { name: error.name, message: error.message, reason: error.reason } }),
    );
  }

  terminate() {}
}

/** Puts the in-process worker where crypto-client.ts looks for `Worker` (undo with vi.unstubAllGlobals). */
export const installInProcessCryptoWorker = () => vi.stubGlobal('Worker', InProcessWorker);
