import { fromBase64Url } from './bytes.js';

/**
 * X25519 public keys of small order: with any private key they give an all-zero shared secret, so whatever is
 * sealed to one (or with one as the ephemeral key) is derived from public values alone. Refused by the server when a
 * request or a response names one, and by sealResponseKey and openResponseKey themselves, so that no browser's
 * WebCrypto is trusted to catch it (issue 29.7).
 *
 * The list is libsodium's blocklist (`has_small_order` in crypto_scalarmult/curve25519/ref10/x25519_ref10.c): the
 * u-coordinates 0 and 1, the two points of order 8, and p − 1, p and p + 1, which encode −1, 0 and 1 out of range
 * (p = 2^255 − 19). Little-endian, as X25519 keys are; the top bit is ignored, as X25519 ignores it (RFC 7748 §5).
 */
const SMALL_ORDER: readonly string[] = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800',
  '5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
];

export const X25519_SMALL_ORDER_KEYS: readonly Uint8Array[] = SMALL_ORDER.map(
  (hex) => new Uint8Array(hex.match(/../g)!.map((pair) => parseInt(pair, 16))),
);

/** Whether these 32 bytes are a small-order X25519 public key (with the top bit set or not). */
export function isSmallOrderKey(key: Uint8Array): boolean {
  if (key.length !== 32) return false;
  return X25519_SMALL_ORDER_KEYS.some((bad) => bad.every((byte, i) => byte === (i === 31 ? key[i]! & 0x7f : key[i])));
}

/** The same for a base64url key; false for text that is not 32 bytes of canonical base64url (refused elsewhere). */
export function isSmallOrderPublicKey(publicKey: string): boolean {
  try {
    return isSmallOrderKey(fromBase64Url(publicKey));
  } catch {
    return false;
  }
}
