/**
 * Requests (issue 14): a link that lets anyone send its requester a secret only the requester can open. The rules
 * every side checks: the page, the CLI and the server (which enforces them).
 */
import { linkUrl } from './link.js';
import { ALL_TTL_CHOICES } from './secrets.js';

/** How long a fill link can be used: any number of seconds from 1 hour to 30 days. */
export const REQUEST_TTL = { min: 3600, max: 30 * 86400, default: 7 * 86400 } as const;
/** The link validities the page offers (the API and the CLI take any value in REQUEST_TTL). */
export const REQUEST_TTL_CHOICES = [3600, 86400, 259200, 604800, 1209600, 2592000] as const;

/** How many responses a request takes. */
export const REQUEST_RESPONSES = { min: 1, max: 100, default: 1 } as const;

/** Each response lives like a secret of a signed-in user: one of the lifetimes, 7 days unless chosen. */
export const RESPONSE_TTL_CHOICES = ALL_TTL_CHOICES;
export const DEFAULT_RESPONSE_TTL = 604800;
export const DEFAULT_RESPONSE_VIEWS = 1;

export const REQUEST_LIMITS = {
  /** The title, plain UTF-8 bytes before encryption. */
  titleBytes: 200,
  /** The instructions, plain UTF-8 bytes before encryption. */
  instructionsBytes: 4000,
} as const;

/** A request's state as the inbox shows it. */
export type RequestState = 'open' | 'answered' | 'expired' | 'revoked';
export const REQUEST_STATES: readonly RequestState[] = ['open', 'answered', 'expired', 'revoked'];

const ID = /^[A-Za-z0-9_-]{22}$/;
const KEY = /^[A-Za-z0-9_-]{43}$/;

export const isRequestId = (value: string): boolean => ID.test(value);

/** 16 bytes in canonical base64url: the last of the 22 characters carries 2 bits, the other 4 are zero. */
const NEW_ID = /^[A-Za-z0-9_-]{21}[AQgw]$/;
/** Fewer distinct characters than this in 22 random ones has a chance under 10⁻¹²: such an id was not drawn at random. */
const MIN_DISTINCT_ID_CHARACTERS = 8;

/**
 * The id of a new request. The requester's client chooses it, as the keys are bound to it before anything is sent
 * (REQUESTS.md), and it is the fill link's only capability for answering: it must be 128 random bits. The server
 * cannot see randomness; it demands their form (16 bytes, canonical base64url) and refuses an id plainly not drawn
 * at random (a constant, a counter). Ids already stored keep working (isRequestId).
 */
export const isNewRequestId = (value: string): boolean =>
  NEW_ID.test(value) && new Set(value).size >= MIN_DISTINCT_ID_CHARACTERS;

/** The account pages of requests (the inbox link is the second with its fragment). */
export const REQUEST_PAGES = { list: '/account/requests', create: '/account/requests/new' } as const;

/** The fill link, for responders: `/request/{id}#key={K_d}&pk={fingerprint}` (REQUESTS.md). */
export function fillPath(id: string, detailsKey: string, fingerprint: string): string {
  return `/request/${encodeURIComponent(id)}#key=${detailsKey}&pk=${fingerprint}`;
}

/** The inbox link, for the requester only: `/account/requests/{id}#inbox={K_inbox}`. */
export function inboxPath(id: string, inboxKey?: string | null): string {
  const path = `${REQUEST_PAGES.list}/${encodeURIComponent(id)}`;
  return inboxKey ? `${path}#inbox=${inboxKey}` : path;
}

export const absoluteLink = (origin: string, path: string): string => origin.replace(/\/+$/, '') + path;

export interface ParsedFillLink {
  id: string;
  /** null when the fragment lacks it or it is not well formed (the page says the link is incomplete). */
  detailsKey: string | null;
  fingerprint: string | null;
}

export interface ParsedInboxLink {
  id: string;
  inboxKey: string | null;
}

function parse(link: string, prefix: string[]): { id: string; fragment: URLSearchParams } | null {
  const url = linkUrl(link);
  if (!url) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const at = parts.length - 1 - prefix.length;
  if (at < 0 || prefix.some((name, i) => parts[at + i] !== name)) return null;
  let id: string;
  try {
    id = decodeURIComponent(parts[parts.length - 1]!);
  } catch {
    return null;
  }
  if (!isRequestId(id)) return null;
  return { id, fragment: new URLSearchParams(url.hash.replace(/^#/, '')) };
}

const keyOrNull = (value: string | null) => (value && KEY.test(value) ? value : null);

/** Reads a fill link (absolute, or a path with its fragment); null when it is not one. */
export function parseFillLink(link: string): ParsedFillLink | null {
  const found = parse(link, ['request']);
  if (!found) return null;
  return {
    id: found.id,
    detailsKey: keyOrNull(found.fragment.get('key')),
    fingerprint: keyOrNull(found.fragment.get('pk')),
  };
}

/** Reads an inbox link; null when it is not one. */
export function parseInboxLink(link: string): ParsedInboxLink | null {
  const found = parse(link, ['account', 'requests']);
  if (!found) return null;
  return { id: found.id, inboxKey: keyOrNull(found.fragment.get('inbox')) };
}
