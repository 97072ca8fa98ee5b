import { isSecretId } from '../../../shared/rules/link';
import { parseReceiptLink } from '../../../shared/rules/receipts';

/** Where a receipt comes from: the receipt link's delete token, or the signed-in owner's session. */
export type ReceiptSource = { kind: 'link'; id: string; deleteToken: string } | { kind: 'owner'; id: string };

/**
 * The receipt page's address → how to ask for its receipt: with the token of a whole receipt link; without one, as
 * the owner when signed in; otherwise null (the link is incomplete, and nothing is asked).
 */
export function receiptSource(address: string, id: string, signedIn: boolean): ReceiptSource | null {
  const link = parseReceiptLink(address);
  if (link) return { kind: 'link', ...link };
  return signedIn && isSecretId(id) ? { kind: 'owner', id } : null;
}

/** The page of a secret's receipt without its token: the owner's view, for links inside the account area. */
export const ownReceiptPath = (id: string) => `/receipt/${encodeURIComponent(id)}`;
