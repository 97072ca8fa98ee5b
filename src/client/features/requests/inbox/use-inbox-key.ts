import { useEffect, useState } from 'react';
import { deriveDetailsKey, unwrapPrivateKey } from '../../../../shared/crypto/request-keys';
import type { RequestDetail } from '../api/requests.types';
import { dropLinkKey, inboxKeyFor, linkKeyFor, saveInboxKey } from '../inbox-keys';
import { fillLink, openDetails } from '../request-crypto';

/**
 * The inbox's side of a request: which key opens it here. `locked`: this browser has no key (the inbox link opens
 * it); `wrong`: the key at hand does not open it. `open` holds the private key (not extractable), the decrypted
 * details (null when they are damaged) and the fill link again. `linkRefused` says an inbox link was opened whose
 * key does not open this request, while the key this browser kept does.
 */
export type InboxKey =
  | { step: 'opening' }
  | { step: 'locked' }
  | { step: 'wrong' }
  | {
      step: 'open';
      privateKey: CryptoKey;
      details: { title: string; text: string | null } | null;
      fillLink: string;
      linkRefused: boolean;
    };

async function tryKey(request: RequestDetail, inboxKey: string): Promise<CryptoKey | null> {
  try {
    return await unwrapPrivateKey(request.wrappedKey, inboxKey, request.id);
  } catch {
    return null;
  }
}

/** The inbox opened with this key: its details, and the fill link for `origin` (the page's, read before any wait). */
async function openWith(
  origin: string,
  request: RequestDetail,
  inboxKey: string,
  privateKey: CryptoKey,
  linkRefused: boolean,
) {
  const details = await deriveDetailsKey(inboxKey, request.id)
    .then((detailsKey) => openDetails(detailsKey, request))
    .catch(() => null);
  const link = await fillLink(origin, request.id, inboxKey, request.publicKey);
  return { step: 'open', privateKey, details, fillLink: link, linkRefused } as const;
}

async function findKey(request: RequestDetail): Promise<InboxKey> {
  const origin = window.location.origin;
  const fromLink = linkKeyFor(request.id);
  const kept = inboxKeyFor(request.id);
  let linkRefused = false;
  if (fromLink) {
    const privateKey = await tryKey(request, fromLink);
    dropLinkKey();
    if (privateKey) {
      saveInboxKey(request.id, fromLink);
      return openWith(origin, request, fromLink, privateKey, false);
    }
    linkRefused = true;
  }
  if (kept && kept !== fromLink) {
    const privateKey = await tryKey(request, kept);
    if (privateKey) return openWith(origin, request, kept, privateKey, linkRefused);
  }
  return fromLink || kept ? { step: 'wrong' } : { step: 'locked' };
}

/**
 * Opens the request's private key with the inbox link's key (kept from then on) or the key this browser kept.
 * `linksOpened` counts the inbox links opened on the page: each is tried.
 */
export function useInboxKey(request: RequestDetail | null, linksOpened = 0): InboxKey {
  const [key, setKey] = useState<InboxKey>({ step: 'opening' });
  const id = request?.id;
  const wrappedKey = request?.wrappedKey;
  useEffect(() => {
    if (!request) return;
    let current = true;
    setKey({ step: 'opening' });
    void findKey(request).then((found) => current && setKey(found));
    return () => {
      current = false;
    };
    // Only other key material asks again, not a change of the request's state (revoked, answered).
  }, [id, wrappedKey, linksOpened]);
  return key;
}
