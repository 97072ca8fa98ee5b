/*
 * What a page needs of the crypto before it uses the worker: whether it can, and the failure it may get back.
 * Apart from crypto-client.ts so the reader's page can load the worker's client only when Reveal is pressed.
 */

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
