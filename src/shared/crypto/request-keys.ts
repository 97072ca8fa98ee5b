/**
 * Requests (REQUESTS.md): a link that lets anyone send a secret only its requester can open. The requester's browser
 * makes an X25519 key pair per request; each response is sealed to its public key with a fresh ephemeral key, and
 * the key that comes out of that exchange is an ordinary secret key, so the response's text, title and files use
 * envelope v1 and the file stream unchanged (deriveKeys). The private key is kept wrapped by the inbox key, which
 * only the inbox link's fragment holds: the server stores the wrapped key and cannot use it.
 */
import { concatBytes, fromBase64Url, randomBytes, toBase64Url, utf8 } from './bytes.js';
import { decodeKey, generateKey } from './envelope.js';
import { isNewRequestId } from '../rules/requests.js';
import { isSmallOrderKey } from './x25519.js';

/** WebCrypto's key types, named without depending on DOM or Node typings (this module runs in both). */
type CryptoKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;
type Bytes = Uint8Array<ArrayBuffer>;

export const REQUEST_KEY_ALGORITHM = { name: 'X25519' } as const;
export const PUBLIC_KEY_BYTES = 32;
const WRAPPED_PREFIX = 'hushrk1.';
const IV_BYTES = 12;

export type RequestCryptoErrorReason = 'key_mismatch' | 'invalid_public_key' | 'wrong_inbox_key' | 'malformed';

export class RequestCryptoError extends Error {
  constructor(
    readonly reason: RequestCryptoErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'RequestCryptoError';
  }
}

const subtle = () => {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('WebCrypto is unavailable: open Hush over HTTPS (or localhost)');
  return api;
};

const hkdfKey = (ikm: Bytes) => subtle().importKey('raw', ikm, 'HKDF', false, ['deriveBits', 'deriveKey']);
const hkdfParams = (salt: string, info: Bytes) => ({ name: 'HKDF', hash: 'SHA-256', salt: utf8(salt), info });

/** The requester's key pair for one request: the private key extractable only so that it can be wrapped. */
export async function createRequestKeyPair(): Promise<{ privateKey: CryptoKey; publicKey: string }> {
  const pair = (await subtle().generateKey(REQUEST_KEY_ALGORITHM, true, ['deriveBits'])) as {
    privateKey: CryptoKey;
    publicKey: CryptoKey;
  };
  const raw = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: toBase64Url(raw) };
}

function publicKeyBytes(publicKey: string): Bytes {
  let bytes: Bytes;
  try {
    bytes = fromBase64Url(publicKey);
  } catch {
    throw new RequestCryptoError('invalid_public_key', 'The request’s public key is not valid');
  }
  // A small-order key gives an all-zero shared secret: refused here, whatever the WebCrypto at hand would do.
  if (bytes.length !== PUBLIC_KEY_BYTES || isSmallOrderKey(bytes)) {
    throw new RequestCryptoError('invalid_public_key', 'The request’s public key is not valid');
  }
  return bytes;
}

/**
 * What the fill link's fragment pins: SHA-256 over a label and the public key, base64url (43 characters). A server
 * that hands the responder another public key is caught by comparing it with this.
 */
export async function publicKeyFingerprint(publicKey: string): Promise<string> {
  const digest = await subtle().digest('SHA-256', concatBytes(utf8('hush/v1/request-key|'), publicKeyBytes(publicKey)));
  return toBase64Url(new Uint8Array(digest));
}

/** Refuses a public key that is not the one the link pins (constant time is not needed: both are public). */
export async function checkPinnedKey(publicKey: string, fingerprint: string): Promise<void> {
  if ((await publicKeyFingerprint(publicKey)) !== fingerprint) {
    throw new RequestCryptoError(
      'key_mismatch',
      'The server gave a different key for this request than the link names: nothing was sent',
    );
  }
}

/** 32 bytes shared by the two X25519 keys; small-order keys are refused before (publicKeyBytes), and by WebCrypto. */
async function sharedSecret(privateKey: CryptoKey, publicKey: string): Promise<Bytes> {
  let peer: CryptoKey;
  try {
    peer = await subtle().importKey('raw', publicKeyBytes(publicKey), REQUEST_KEY_ALGORITHM, false, []);
  } catch (error) {
    if (error instanceof RequestCryptoError) throw error;
    throw new RequestCryptoError('invalid_public_key', 'The request’s public key is not valid');
  }
  try {
    return new Uint8Array(await subtle().deriveBits({ name: 'X25519', public: peer }, privateKey, 256));
  } catch {
    throw new RequestCryptoError('invalid_public_key', 'The request’s public key is not valid');
  }
}

/**
 * The response's secret key: HKDF-SHA256 over the shared secret, salted with the request id and bound to both public
 * keys, so a response moved to another request, or sealed under a swapped key, opens nothing.
 */
async function responseKey(shared: Bytes, requestId: string, ephemeralPublic: string, requesterPublic: string) {
  const info = concatBytes(
    utf8('hush/v1/request-response|'),
    publicKeyBytes(ephemeralPublic),
    publicKeyBytes(requesterPublic),
  );
  const bits = await subtle().deriveBits(hkdfParams(requestId, info), await hkdfKey(shared), 256);
  return toBase64Url(new Uint8Array(bits));
}

/**
 * The responder's side: a fresh ephemeral key pair, and the secret key (a K_url, for deriveKeys) that seals this
 * response. `ephemeralPublic` travels with the response; the ephemeral private key is dropped here.
 */
export async function sealResponseKey(
  requesterPublic: string,
  requestId: string,
  ephemeral?: { privateKey: CryptoKey; publicKey: string },
): Promise<{ key: string; ephemeralPublic: string }> {
  const pair = ephemeral ?? (await createRequestKeyPair());
  const shared = await sharedSecret(pair.privateKey, requesterPublic);
  return {
    key: await responseKey(shared, requestId, pair.publicKey, requesterPublic),
    ephemeralPublic: pair.publicKey,
  };
}

/** The requester's side: the same secret key, from the private key and the response's ephemeral public key. */
export async function openResponseKey(
  privateKey: CryptoKey,
  requesterPublic: string,
  ephemeralPublic: string,
  requestId: string,
): Promise<string> {
  const shared = await sharedSecret(privateKey, ephemeralPublic);
  return responseKey(shared, requestId, ephemeralPublic, requesterPublic);
}

/**
 * A new request's id: 128 random bits, base64url. The requester's client chooses it, as the keys are bound to it;
 * drawn again in the rare case (under 10⁻¹²) that the server's check for a plainly non-random id would refuse it.
 */
export function newRequestId(): string {
  for (;;) {
    const id = toBase64Url(randomBytes(16));
    if (isNewRequestId(id)) return id;
  }
}

/** A new inbox key: 256 random bits, base64url, for the inbox link's fragment only. */
export const generateInboxKey = generateKey;

/**
 * The details key K_d (the fill link's `key`) of a request, derived from its inbox key: whoever holds the inbox link
 * can read the title and instructions too, and a fill link (K_d) gives no way back to the inbox key.
 */
export async function deriveDetailsKey(inboxKey: string, requestId: string): Promise<string> {
  const bits = await subtle().deriveBits(
    hkdfParams(requestId, utf8('hush/v1/request-details')),
    await hkdfKey(decodeKey(inboxKey)),
    256,
  );
  return toBase64Url(new Uint8Array(bits));
}

async function wrappingKey(inboxKey: string, requestId: string, usage: 'wrapKey' | 'unwrapKey') {
  return subtle().deriveKey(
    hkdfParams(requestId, utf8('hush/v1/request-inbox')),
    await hkdfKey(decodeKey(inboxKey)),
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

const wrapData = (requestId: string) => utf8(`hush/v1/request-private-key|${requestId}`);

/** The private key, PKCS #8, sealed with AES-256-GCM under a key derived from the inbox key and the request id. */
export async function wrapPrivateKey(privateKey: CryptoKey, inboxKey: string, requestId: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const wrapped = await subtle().wrapKey('pkcs8', privateKey, await wrappingKey(inboxKey, requestId, 'wrapKey'), {
    name: 'AES-GCM',
    iv,
    additionalData: wrapData(requestId),
  });
  return WRAPPED_PREFIX + toBase64Url(concatBytes(iv, new Uint8Array(wrapped)));
}

/** The private key back, not extractable; a wrong inbox key, another request's id or a changed byte fail alike. */
export async function unwrapPrivateKey(wrapped: string, inboxKey: string, requestId: string): Promise<CryptoKey> {
  if (!wrapped.startsWith(WRAPPED_PREFIX)) throw new RequestCryptoError('malformed', 'The request’s key is damaged');
  let bytes: Bytes;
  try {
    bytes = fromBase64Url(wrapped.slice(WRAPPED_PREFIX.length));
  } catch {
    throw new RequestCryptoError('malformed', 'The request’s key is damaged');
  }
  if (bytes.length <= IV_BYTES + 16) throw new RequestCryptoError('malformed', 'The request’s key is damaged');
  try {
    return await subtle().unwrapKey(
      'pkcs8',
      bytes.subarray(IV_BYTES),
      await wrappingKey(inboxKey, requestId, 'unwrapKey'),
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: wrapData(requestId) },
      REQUEST_KEY_ALGORITHM,
      false,
      ['deriveBits'],
    );
  } catch {
    throw new RequestCryptoError(
      'wrong_inbox_key',
      'This inbox link does not open this request: its key is wrong or the link is damaged',
    );
  }
}
