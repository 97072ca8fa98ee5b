import {
  decryptContent,
  decryptText,
  deriveKeys,
  encryptBytes,
  encryptText,
  generateKey,
  type KdfParams,
  type OpenedText,
  type SecretKeys,
} from './envelope.js';

export interface SealInput {
  /** The text, or bytes that need not be UTF-8 (a binary content: they open as bytes, see `OpenedText`). */
  text: string | Uint8Array<ArrayBuffer>;
  title?: string | null;
  password?: string | null;
}

/** What the server receives for a private secret: only envelopes, a password verifier and a key proof. */
export interface SealedFields {
  text: string;
  title: string | null;
  password: string | null;
  keyProof: string;
}

/** Encrypts a secret with a fresh key; the key goes into the link's fragment, never to the server. */
export async function sealSecret(input: SealInput, kdf?: KdfParams): Promise<{ key: string; fields: SealedFields }> {
  const { key, fields } = await sealSecretWithKeys(input, kdf);
  return { key, fields };
}

/**
 * sealSecret, also returning the derived keys, so that files can be encrypted without a second argon2id run. `key`
 * is fresh unless given: a response to a request is sealed under the key its X25519 exchange gives (REQUESTS.md).
 */
export async function sealSecretWithKeys(
  input: SealInput,
  kdf?: KdfParams,
  key: string = generateKey(),
): Promise<{ key: string; keys: SecretKeys; fields: SealedFields }> {
  const keys = await deriveKeys(key, input.password, kdf);
  return {
    key,
    keys,
    fields: {
      text:
        typeof input.text === 'string'
          ? await encryptText(keys, 'text', input.text)
          : await encryptBytes(keys, 'text', input.text),
      title: input.title ? await encryptText(keys, 'title', input.title) : null,
      password: keys.passwordVerifier,
      keyProof: keys.keyProof,
    },
  };
}

/** What a reader sends to open a secret: proofs derived from the key (and password), never the key itself. */
export async function readerProofs(key: string, password?: string | null, kdf?: KdfParams) {
  const keys = await deriveKeys(key, password, kdf);
  return { keys, keyProof: keys.keyProof, password: keys.passwordVerifier };
}

/** The text (or the bytes of a binary content) and the title; a title is always text. */
export async function unsealSecret(
  keys: Awaited<ReturnType<typeof deriveKeys>>,
  content: { text: string; title: string | null },
): Promise<OpenedText & { title: string | null }> {
  return {
    ...(await decryptContent(keys, 'text', content.text)),
    title: content.title ? await decryptText(keys, 'title', content.title) : null,
  };
}
