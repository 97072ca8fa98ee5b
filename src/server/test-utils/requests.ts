import type { CreateRequestInput, RespondInput } from '../../shared/api/requests.contract.js';
import { deriveKeys, encryptText } from '../../shared/crypto/envelope.js';
import {
  createRequestKeyPair,
  deriveDetailsKey,
  generateInboxKey,
  newRequestId,
  openResponseKey,
  publicKeyFingerprint,
  sealResponseKey,
  unwrapPrivateKey,
  wrapPrivateKey,
} from '../../shared/crypto/request-keys.js';
import { sealSecretWithKeys } from '../../shared/crypto/seal.js';

/**
 * Requests as a real client makes them (REQUESTS.md), for the server's tests: the body of a create with its keys
 * kept, and a response sealed to its public key.
 */
export interface MadeRequest {
  id: string;
  body: CreateRequestInput;
  inboxKey: string;
  detailsKey: string;
  fingerprint: string;
}

export async function makeRequest(
  options: Partial<Omit<CreateRequestInput, 'id' | 'publicKey' | 'wrappedKey'>> & { title?: string } = {},
): Promise<MadeRequest> {
  const id = newRequestId();
  const inboxKey = generateInboxKey();
  const detailsKey = await deriveDetailsKey(inboxKey, id);
  const pair = await createRequestKeyPair();
  const keys = await deriveKeys(detailsKey);
  const { title = 'Database password for the migration', ...rest } = options;
  return {
    id,
    inboxKey,
    detailsKey,
    fingerprint: await publicKeyFingerprint(pair.publicKey),
    body: {
      ...rest,
      id,
      title: await encryptText(keys, 'title', title),
      text: rest.text ?? (await encryptText(keys, 'text', 'Paste it below; it reaches only me.')),
      publicKey: pair.publicKey,
      wrappedKey: await wrapPrivateKey(pair.privateKey, inboxKey, id),
    },
  };
}

/** A response to a request with this public key: the body to send, and the key that opens it (for checks). */
export async function makeResponse(
  requestId: string,
  publicKey: string,
  text = 'hunter2-but-longer',
  files: RespondInput['files'] = [],
): Promise<{ body: RespondInput; key: string }> {
  const { key, ephemeralPublic } = await sealResponseKey(publicKey, requestId);
  const sealed = await sealSecretWithKeys({ text }, undefined, key);
  return {
    key,
    body: { text: sealed.fields.text, ephemeralKey: ephemeralPublic, keyProof: sealed.fields.keyProof, files },
  };
}

/** The key proof of a response as the requester derives it from the inbox key: what opening it sends. */
export async function responseProof(
  made: MadeRequest,
  detail: { wrappedKey: string; publicKey: string },
  ephemeralKey: string,
): Promise<{ key: string; keyProof: string }> {
  const privateKey = await unwrapPrivateKey(detail.wrappedKey, made.inboxKey, made.id);
  const key = await openResponseKey(privateKey, detail.publicKey, ephemeralKey, made.id);
  return { key, keyProof: (await deriveKeys(key)).keyProof };
}
