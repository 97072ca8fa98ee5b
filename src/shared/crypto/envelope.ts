import { argon2id } from 'hash-wasm';
import { concatBytes, fromBase64Url, fromUtf8, randomBytes, toBase64Url, utf8 } from './bytes.js';

/**
 * Envelope v1 (DESIGN.md §4). K_url (32 random bytes) lives only in the link's fragment. With a password,
 * K_pw = argon2id(NFKC(password), salt = HKDF(K_url, "hush/v1/salt")); every key comes from HKDF over
 * K_url ‖ K_pw, so the server, which sees neither, can decrypt nothing. It receives only:
 * - `password`: HKDF(K_url ‖ K_pw, "hush/v1/password"), a verifier it hashes again with argon2id;
 * - `keyProof`: HKDF(K_url, "hush/v1/proof"), so a wrong key is refused before a view is spent.
 * An envelope is `hush1.` + base64url(header ‖ iv ‖ AES-256-GCM ciphertext); the header and the field name are
 * authenticated as additional data, so a title cannot be swapped for a text, nor parameters for others.
 * ENVELOPE.md describes the format, and how a text's bytes are read (text when UTF-8, else a binary content).
 */
export const ENVELOPE_PREFIX = 'hush1.';
const VERSION = 1;
const KDF_NONE = 0;
const KDF_ARGON2ID = 1;
const IV_BYTES = 12;
export const KEY_BYTES = 32;

export interface KdfParams {
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

/** Version 1's argon2id cost. A reader derives the password verifier with it before any envelope is seen. */
export const V1_KDF: KdfParams = { memoryKiB: 65536, iterations: 3, parallelism: 1 };

export type EnvelopeField = 'text' | 'title' | `file:${number}` | `file:${number}:meta`;

export class EnvelopeError extends Error {
  constructor(
    readonly reason: 'unknown_version' | 'malformed' | 'tampered_or_wrong_key' | 'invalid_key',
    message: string,
  ) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

/** WebCrypto's key type, named without depending on DOM or Node typings (this module runs in both). */
type CryptoKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

export interface SecretKeys {
  contentKey: CryptoKey;
  /** null when the secret has no password. */
  passwordVerifier: string | null;
  keyProof: string;
  header: Uint8Array<ArrayBuffer>;
  /**
   * K_url ‖ K_pw (the input of every HKDF above) as a non-extractable HKDF key: attached files derive their own
   * stream keys from it with HKDF info "hush/v1/file:{i}|" and a random salt (file-stream.ts, FILES.md).
   */
  fileKeyMaterial: CryptoKey;
}

const subtle = () => {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('WebCrypto is unavailable: open Hush over HTTPS (or localhost)');
  return api;
};

async function hkdf(ikm: Uint8Array<ArrayBuffer>, info: string, bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await subtle().importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const bits = await subtle().deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8(info) },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

export function generateKey(): string {
  return toBase64Url(randomBytes(KEY_BYTES));
}

export function decodeKey(key: string): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(key);
  } catch {
    throw new EnvelopeError('invalid_key', 'The decryption key is not valid');
  }
  if (bytes.length !== KEY_BYTES) throw new EnvelopeError('invalid_key', 'The decryption key is not valid');
  return bytes;
}

function encodeHeader(kdf: KdfParams | null): Uint8Array<ArrayBuffer> {
  if (!kdf) return new Uint8Array([VERSION, KDF_NONE]);
  const header = new Uint8Array(8);
  const view = new DataView(header.buffer);
  header[0] = VERSION;
  header[1] = KDF_ARGON2ID;
  view.setUint32(2, kdf.memoryKiB);
  header[6] = kdf.iterations;
  header[7] = kdf.parallelism;
  return header;
}

/** The key material of a secret: from K_url alone, or with a password through argon2id. */
export async function deriveKeys(key: string, password?: string | null, kdf: KdfParams = V1_KDF): Promise<SecretKeys> {
  const kUrl = decodeKey(key);
  let ikm = kUrl;
  const hasPassword = password !== undefined && password !== null && password !== '';
  if (hasPassword) {
    const salt = await hkdf(kUrl, 'hush/v1/salt', 16);
    const kPw = await argon2id({
      password: utf8(password.normalize('NFKC')),
      salt,
      memorySize: kdf.memoryKiB,
      iterations: kdf.iterations,
      parallelism: kdf.parallelism,
      hashLength: KEY_BYTES,
      outputType: 'binary',
    });
    ikm = concatBytes(kUrl, kPw);
  }
  const contentBits = await hkdf(ikm, 'hush/v1/content', KEY_BYTES);
  const contentKey = await subtle().importKey('raw', contentBits, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return {
    contentKey,
    passwordVerifier: hasPassword ? toBase64Url(await hkdf(ikm, 'hush/v1/password', 32)) : null,
    keyProof: toBase64Url(await hkdf(kUrl, 'hush/v1/proof', 32)),
    header: encodeHeader(hasPassword ? kdf : null),
    fileKeyMaterial: await subtle().importKey('raw', ikm, 'HKDF', false, ['deriveKey']),
  };
}

const additionalData = (field: EnvelopeField, header: Uint8Array) => concatBytes(utf8(`hush/v1/${field}|`), header);

export async function encryptBytes(
  keys: SecretKeys,
  field: EnvelopeField,
  plaintext: Uint8Array<ArrayBuffer>,
  iv: Uint8Array<ArrayBuffer> = randomBytes(IV_BYTES),
): Promise<string> {
  const ciphertext = await subtle().encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(field, keys.header) },
    keys.contentKey,
    plaintext,
  );
  return ENVELOPE_PREFIX + toBase64Url(concatBytes(keys.header, iv, new Uint8Array(ciphertext)));
}

export const encryptText = (keys: SecretKeys, field: EnvelopeField, text: string, iv?: Uint8Array<ArrayBuffer>) =>
  encryptBytes(keys, field, utf8(text), iv);

export interface ParsedEnvelope {
  header: Uint8Array<ArrayBuffer>;
  kdf: KdfParams | null;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: Uint8Array<ArrayBuffer>;
}

/** Reads an envelope's parts without decrypting; says clearly what is wrong with one it cannot read. */
export function parseEnvelope(envelope: string): ParsedEnvelope {
  const match = /^hush(\d+)\.(.*)$/s.exec(envelope);
  if (!match) throw new EnvelopeError('malformed', 'This is not a Hush envelope');
  if (Number(match[1]) !== VERSION) {
    throw new EnvelopeError('unknown_version', `Envelope version ${match[1]} is not supported by this version of Hush`);
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(match[2]!);
  } catch {
    throw new EnvelopeError('malformed', 'The envelope is damaged');
  }
  if (bytes[0] !== VERSION) throw new EnvelopeError('unknown_version', 'The envelope header has an unknown version');
  const kdfId = bytes[1];
  let headerLength: number;
  let kdf: KdfParams | null = null;
  if (kdfId === KDF_NONE) headerLength = 2;
  else if (kdfId === KDF_ARGON2ID && bytes.length >= 8) {
    headerLength = 8;
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    kdf = { memoryKiB: view.getUint32(2), iterations: bytes[6]!, parallelism: bytes[7]! };
  } else throw new EnvelopeError('malformed', 'The envelope header is damaged');
  if (bytes.length < headerLength + IV_BYTES + 16) throw new EnvelopeError('malformed', 'The envelope is too short');
  return {
    header: bytes.slice(0, headerLength),
    kdf,
    iv: bytes.slice(headerLength, headerLength + IV_BYTES),
    ciphertext: bytes.slice(headerLength + IV_BYTES),
  };
}

/** True when opening this envelope needs a password. */
export const envelopeNeedsPassword = (envelope: string): boolean => parseEnvelope(envelope).kdf !== null;

export async function decryptBytes(
  keys: SecretKeys,
  field: EnvelopeField,
  envelope: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const parsed = parseEnvelope(envelope);
  try {
    const plaintext = await subtle().decrypt(
      { name: 'AES-GCM', iv: parsed.iv, additionalData: additionalData(field, parsed.header) },
      keys.contentKey,
      parsed.ciphertext,
    );
    return new Uint8Array(plaintext);
  } catch {
    throw new EnvelopeError(
      'tampered_or_wrong_key',
      'The secret could not be decrypted: wrong key or password, or damaged',
    );
  }
}

/**
 * A secret's text as its bytes say: the text they spell when they are UTF-8, else the bytes themselves (a binary
 * content, such as a photo piped into `hush create`). Nothing else marks a binary content: a flag could disagree
 * with the bytes, and every text sealed before stays a text.
 */
export type OpenedText = { text: string; bytes?: undefined } | { text: null; bytes: Uint8Array<ArrayBuffer> };

export async function decryptContent(keys: SecretKeys, field: EnvelopeField, envelope: string): Promise<OpenedText> {
  const bytes = await decryptBytes(keys, field, envelope);
  try {
    return { text: fromUtf8(bytes) };
  } catch {
    return { text: null, bytes };
  }
}

export async function decryptText(keys: SecretKeys, field: EnvelopeField, envelope: string): Promise<string> {
  const bytes = await decryptBytes(keys, field, envelope);
  try {
    return fromUtf8(bytes);
  } catch {
    throw new EnvelopeError('malformed', 'The secret is not valid text');
  }
}
