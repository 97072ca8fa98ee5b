import { parseSecretUrl } from '../shared/rules/link.js';
import { parseReceiptLink } from '../shared/rules/receipts.js';
import { parseFillLink, parseInboxLink } from '../shared/rules/requests.js';
import { clientError } from './errors.js';

/**
 * The links a client is handed, read before anything is sent (their formats are owned by shared/rules and
 * written up in docs/protocol.md). A link names its own server: the origin and any path below which the instance
 * is served (everything before the link's last segments), so the call goes where the link points.
 */

/**
 * A link as an error message may show it: without its fragment, which holds the key or the delete token (a
 * library's errors end up in logs).
 */
export function shown(link: string): string {
  const [before, fragment] = link.trim().split(/#(.*)/s);
  return fragment === undefined ? before! : `${before}#…`;
}

function absolute(link: string): URL {
  try {
    const url = new URL(link);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // Not a URL at all: said below.
  }
  throw clientError('link', `${JSON.stringify(shown(link))} is not a link: pass the whole http(s) address`);
}

/** The server of a link whose path ends with `tail` segments after the server's own path. */
export function serverOf(url: URL, tail: number): string {
  const segments = url.pathname.replace(/\/+$/, '').split('/');
  return url.origin + segments.slice(0, segments.length - tail).join('/');
}

export interface SecretLink {
  server: string;
  id: string;
  /** null when the link carries no key: a public secret, or a key given apart. */
  key: string | null;
}

/** A secret link, `…/secret/{id}#encryption_key={key}`. */
export function readSecretLink(given: string): SecretLink {
  const link = given.trim();
  const url = absolute(link);
  const parsed = parseSecretUrl(link);
  if (!parsed) throw clientError('link', `${shown(link)} is not a Hush secret link (…/secret/ID#encryption_key=KEY)`);
  const segments = url.pathname.split('/');
  const base = segments.slice(0, segments.lastIndexOf('secret')).join('/');
  return { server: (url.origin + base).replace(/\/+$/, ''), id: parsed.id, key: parsed.key };
}

export interface ReceiptLink {
  server: string;
  id: string;
  deleteToken: string;
}

/** A receipt link, `…/receipt/{id}#{deleteToken}`: the status of a secret and the right to burn it. */
export function readReceiptLink(given: string): ReceiptLink {
  const link = given.trim();
  const url = absolute(link);
  const parsed = parseReceiptLink(link);
  if (!parsed) throw clientError('link', `${shown(link)} is not a Hush receipt link (…/receipt/ID#TOKEN)`);
  return { ...parsed, server: serverOf(url, 2) };
}

export interface FillLink {
  server: string;
  id: string;
  detailsKey: string;
  fingerprint: string;
}

/** A request's fill link, `…/request/{id}#key={detailsKey}&pk={fingerprint}`: what a responder is sent. */
export function readFillLink(given: string): FillLink {
  const link = given.trim();
  const url = absolute(link);
  const parsed = parseFillLink(link);
  if (!parsed) throw clientError('link', `${shown(link)} is not a Hush request link (…/request/ID#key=…&pk=…)`);
  if (!parsed.detailsKey || !parsed.fingerprint) {
    throw clientError('key_damaged', 'The request link is incomplete or damaged: it needs #key=…&pk=…');
  }
  return { server: serverOf(url, 2), id: parsed.id, detailsKey: parsed.detailsKey, fingerprint: parsed.fingerprint };
}

export interface InboxLink {
  server: string;
  id: string;
  inboxKey: string;
}

/** A request's inbox link, `…/account/requests/{id}#inbox={inboxKey}`: the only key to its responses. */
export function readInboxLink(given: string): InboxLink {
  const link = given.trim();
  const url = absolute(link);
  const parsed = parseInboxLink(link);
  if (!parsed) throw clientError('link', `${shown(link)} is not a Hush inbox link (…/account/requests/ID#inbox=…)`);
  if (!parsed.inboxKey) {
    throw clientError('key_damaged', 'The inbox link is incomplete or damaged: it needs #inbox=…');
  }
  return { server: serverOf(url, 3), id: parsed.id, inboxKey: parsed.inboxKey };
}
