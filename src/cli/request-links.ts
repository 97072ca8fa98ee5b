import { parseFillLink, parseInboxLink } from '../shared/rules/requests.js';
import { usageError } from './errors.js';
import { serverOf, urlOf } from './links.js';

/**
 * The two links of a request (REQUESTS.md), read before anything is sent: the fill link a responder answers
 * (`/request/{id}#key=…&pk=…`) and the inbox link only the requester holds (`/account/requests/{id}#inbox=…`). The
 * server is the link's own, below a path if it has one (everything before /request/ or /account/requests/).
 */

export interface FillLink {
  id: string;
  detailsKey: string;
  fingerprint: string;
  server: string;
}

export interface InboxLink {
  id: string;
  inboxKey: string;
  server: string;
}

export function readFillLink(link: string): FillLink {
  const url = urlOf(link);
  const parsed = parseFillLink(link);
  if (!parsed) {
    if (parseInboxLink(link)) {
      throw usageError('This is an inbox link, to open responses with: hush request open LINK', 'cli.link');
    }
    throw usageError(`${link} is not a Hush request link (…/request/ID#key=…&pk=…)`, 'cli.link');
  }
  if (!parsed.detailsKey || !parsed.fingerprint) {
    throw usageError(
      'The request link is incomplete or damaged: it needs #key=…&pk=… (43 letters, digits, - or _ each). Put it in quotes: a shell cuts it at #',
      'cli.key_damaged',
    );
  }
  return { id: parsed.id, detailsKey: parsed.detailsKey, fingerprint: parsed.fingerprint, server: serverOf(url, 2) };
}

export function readInboxLink(link: string): InboxLink {
  const url = urlOf(link);
  const parsed = parseInboxLink(link);
  if (!parsed) {
    if (parseFillLink(link)) {
      throw usageError(
        'This is a fill link, for answering: hush request respond LINK. Responses open with the inbox link',
        'cli.link',
      );
    }
    throw usageError(`${link} is not a Hush inbox link (…/account/requests/ID#inbox=…)`, 'cli.link');
  }
  if (!parsed.inboxKey) {
    throw usageError(
      'The inbox link is incomplete or damaged: it needs #inbox=… (43 letters, digits, - or _). Put it in quotes: a shell cuts it at #',
      'cli.key_damaged',
    );
  }
  return { id: parsed.id, inboxKey: parsed.inboxKey, server: serverOf(url, 3) };
}
