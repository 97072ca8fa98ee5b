import { serverOf as linkServer } from '../sdk/links.js';
import { parseSecretUrl } from '../shared/rules/link.js';
import { parseReceiptLink } from '../shared/rules/receipts.js';
import { normalizeServer } from './config.js';
import { usageError } from './errors.js';

/**
 * Links read before anything is sent. A link names its own server: the origin and any path below which the
 * instance is served (everything before its last segments), so the call goes where the link points.
 */

export function urlOf(link: string): URL {
  try {
    return new URL(link);
  } catch {
    throw usageError(`${JSON.stringify(link)} is not a link: pass the whole address, in quotes`, 'cli.link');
  }
}

/** The server of a link whose path ends with `tail` segments after the server's own path (the SDK's reading). */
export const serverOf = (url: URL, tail: number): string => normalizeServer(linkServer(url, tail), 'the link');

export interface ReceiptLink {
  id: string;
  deleteToken: string;
  server: string;
}

/** A receipt link (`…/receipt/{id}#{deleteToken}`, shared/rules/receipts.ts), or a usage error saying what it is. */
export function readReceiptLink(link: string): ReceiptLink {
  const url = urlOf(link);
  const parsed = parseReceiptLink(link);
  if (parsed) return { ...parsed, server: serverOf(url, 2) };
  if (parseSecretUrl(link)) {
    throw usageError(
      'This is the secret link, the one to send: hush status takes the receipt link (…/receipt/ID#…) that hush create printed',
      'cli.link',
    );
  }
  // parseReceiptLink only says yes or no: the path with a well-formed stand-in token tells a cut token apart.
  if (parseReceiptLink(`${url.origin}${url.pathname}#${'A'.repeat(43)}`)) {
    throw usageError(
      'The receipt link is incomplete or damaged: it needs the 43 letters, digits, - or _ after #. Put it in quotes: a shell cuts it at #',
      'cli.link',
    );
  }
  throw usageError(`${link} is not a Hush receipt link (…/receipt/ID#TOKEN)`, 'cli.link');
}
