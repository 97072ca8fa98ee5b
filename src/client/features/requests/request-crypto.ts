import { decryptText, deriveKeys, encryptText } from '../../../shared/crypto/envelope';
import {
  createRequestKeyPair,
  deriveDetailsKey,
  generateInboxKey,
  newRequestId,
  publicKeyFingerprint,
  wrapPrivateKey,
} from '../../../shared/crypto/request-keys';
import { absoluteLink, fillPath, inboxPath } from '../../../shared/rules/requests';

/**
 * A new request, sealed in this browser (REQUESTS.md): a key pair, an inbox key and the details key derived from it,
 * the private key wrapped under the inbox key, the title and instructions as envelopes under the details key. What
 * goes to the server is `sealed`; the keys stay here and in the two links' fragments.
 */
export async function sealRequest(plain: { title: string; text: string }) {
  const id = newRequestId();
  const inboxKey = generateInboxKey();
  const detailsKey = await deriveDetailsKey(inboxKey, id);
  const keyPair = await createRequestKeyPair();
  const keys = await deriveKeys(detailsKey);
  const sealed = {
    id,
    title: await encryptText(keys, 'title', plain.title),
    text: plain.text === '' ? null : await encryptText(keys, 'text', plain.text),
    publicKey: keyPair.publicKey,
    wrappedKey: await wrapPrivateKey(keyPair.privateKey, inboxKey, id),
  };
  const fingerprint = await publicKeyFingerprint(keyPair.publicKey);
  return { id, inboxKey, detailsKey, fingerprint, sealed };
}

/** The title and instructions, with the details key (from the fill link, or derived from the inbox key). */
export async function openDetails(
  detailsKey: string,
  sealed: { title: string; text: string | null },
): Promise<{ title: string; text: string | null }> {
  const keys = await deriveKeys(detailsKey);
  return {
    title: await decryptText(keys, 'title', sealed.title),
    text: sealed.text ? await decryptText(keys, 'text', sealed.text) : null,
  };
}

/** The fill link, for responders: the details key and the public key's fingerprint in its fragment. */
export async function fillLink(origin: string, id: string, inboxKey: string, publicKey: string): Promise<string> {
  const detailsKey = await deriveDetailsKey(inboxKey, id);
  return absoluteLink(origin, fillPath(id, detailsKey, await publicKeyFingerprint(publicKey)));
}

/** The inbox link, for the requester only. */
export const inboxLink = (origin: string, id: string, inboxKey: string): string =>
  absoluteLink(origin, inboxPath(id, inboxKey));

/** A fingerprint as the page shows it: groups of four characters, easier to compare by eye or read aloud. */
export const groupFingerprint = (fingerprint: string): string => fingerprint.match(/.{1,4}/g)?.join(' ') ?? '';
