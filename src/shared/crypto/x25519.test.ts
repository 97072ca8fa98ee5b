import { describe, expect, it } from 'vitest';
import { toBase64Url } from './bytes.js';
import { createRequestKeyPair, openResponseKey, sealResponseKey } from './request-keys.js';
import { isSmallOrderKey, isSmallOrderPublicKey, X25519_SMALL_ORDER_KEYS } from './x25519.js';

const REQUEST = 'xh72IxT184XCc1BI-pbn4g';
const withTopBit = (key: Uint8Array) => {
  const high = Uint8Array.from(key);
  high[31]! |= 0x80;
  return high;
};
/** Every small-order key as sent, with and without the top bit X25519 ignores. */
const SMALL_ORDER = X25519_SMALL_ORDER_KEYS.flatMap((key) => [key, withTopBit(key)]);

describe('small-order X25519 public keys (issue 29.7)', () => {
  it('each key of the list gives an all-zero shared secret with any private key: WebCrypto refuses the exchange', async () => {
    const { privateKey } = await createRequestKeyPair();
    for (const key of SMALL_ORDER) {
      const peer = await crypto.subtle.importKey('raw', key, { name: 'X25519' }, false, []);
      await expect(
        crypto.subtle.deriveBits({ name: 'X25519', public: peer }, privateKey, 256),
        toBase64Url(key),
      ).rejects.toThrow();
    }
  });

  it('are known as such, and no real key is', async () => {
    for (const key of SMALL_ORDER) {
      expect(isSmallOrderKey(key)).toBe(true);
      expect(isSmallOrderPublicKey(toBase64Url(key))).toBe(true);
    }
    for (let i = 0; i < 50; i++) expect(isSmallOrderPublicKey((await createRequestKeyPair()).publicKey)).toBe(false);
    expect(isSmallOrderKey(new Uint8Array(31))).toBe(false);
    expect(isSmallOrderPublicKey('not base64url!')).toBe(false);
  });

  it('nothing is sealed to one, nor opened with one as the ephemeral key', async () => {
    const requester = await createRequestKeyPair();
    for (const key of SMALL_ORDER) {
      await expect(sealResponseKey(toBase64Url(key), REQUEST), toBase64Url(key)).rejects.toMatchObject({
        reason: 'invalid_public_key',
      });
      await expect(
        openResponseKey(requester.privateKey, requester.publicKey, toBase64Url(key), REQUEST),
      ).rejects.toMatchObject({ reason: 'invalid_public_key' });
    }
  });
});
