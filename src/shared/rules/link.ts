/**
 * The one owner of the secret link format. The key lives only in the fragment, which browsers never send to a
 * server: `/secret/{id}#encryption_key={key}`. The spec's older form `/secret/{key}/{id}` is still understood
 * (the page then moves the key into the fragment at once).
 */
const ID = /^[A-Za-z0-9_-]{22}$/;
const KEY = /^[A-Za-z0-9_-]{43}$/;
const FRAGMENT_KEY = 'encryption_key';

export const isSecretId = (value: string): boolean => ID.test(value);
export const isSecretKey = (value: string): boolean => KEY.test(value);

/** The page of a secret, with its key in the fragment when there is one: `/secret/{id}#encryption_key={key}`. */
export function secretPath(id: string, key?: string | null): string {
  const path = `/secret/${encodeURIComponent(id)}`;
  return key ? `${path}#${FRAGMENT_KEY}=${key}` : path;
}

export function buildSecretUrl(origin: string, id: string, key?: string | null): string {
  return origin.replace(/\/+$/, '') + secretPath(id, key);
}

export interface ParsedSecretLink {
  id: string;
  /** null when the link carries no key (it must then be typed in). */
  key: string | null;
  /** True for the older form that put the key in the path, where servers and logs can see it. */
  keyInPath: boolean;
}

function keyFromFragment(hash: string): string | null {
  const fragment = hash.replace(/^#/, '');
  if (!fragment) return null;
  const value = new URLSearchParams(fragment).get(FRAGMENT_KEY) ?? fragment;
  return isSecretKey(value) ? value : null;
}

/** A link as a URL, absolute or a path with its fragment (resolved against a placeholder origin); null when not one. */
export function linkUrl(link: string): URL | null {
  try {
    return new URL(link, 'http://hush.invalid');
  } catch {
    return null;
  }
}

/** Reads a link (absolute, or a path with its fragment); null when it is not a secret link. */
export function parseSecretUrl(link: string): ParsedSecretLink | null {
  const url = linkUrl(link);
  if (!url) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const at = parts.lastIndexOf('secret');
  if (at < 0) return null;
  let rest: string[];
  try {
    rest = parts.slice(at + 1).map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
  if (rest.length === 1 && isSecretId(rest[0]!)) {
    return { id: rest[0]!, key: keyFromFragment(url.hash), keyInPath: false };
  }
  if (rest.length === 2 && isSecretKey(rest[0]!) && isSecretId(rest[1]!)) {
    return { id: rest[1]!, key: rest[0]!, keyInPath: true };
  }
  return null;
}
