import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may point (issue 15): http(s) only, and, unless HUSH_WEBHOOK_ALLOW_PRIVATE, a public address: not
 * loopback, private, link-local (the cloud metadata address 169.254.169.254 among them), unique-local, carrier-grade
 * NAT, multicast, reserved or unspecified. A name is checked when the webhook is saved and again at every delivery,
 * after DNS: the connection goes to the address that was checked (no second lookup a rebinding server could change).
 */
const PUBLIC_RANGES = new Set(['unicast']);

export function isPublicAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return false;
  const address = ipaddr.process(text);
  return PUBLIC_RANGES.has(address.range());
}

export type UrlProblem = 'not_http' | 'not_url' | 'private_address' | 'credentials';

/** The hostname of a URL as an address (brackets of IPv6 removed), or null when it is a name. */
const literalAddress = (hostname: string) => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) ? bare : null;
};

/** Why a webhook URL is refused at save time, or null. Names are resolved at delivery (they may change). */
export function urlProblem(text: string, allowPrivate: boolean): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not_url';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not_http';
  if (url.username || url.password) return 'credentials';
  if (allowPrivate) return null;
  const address = literalAddress(url.hostname);
  if (address) return isPublicAddress(address) ? null : 'private_address';
  const host = url.hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return 'private_address';
  return null;
}

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  readonly code = 'EPRIVATE';
}

/**
 * A DNS lookup for http.request that refuses private addresses (every address the name has must be public, so that
 * no round-robin answer sneaks one in). With allowPrivate, the plain lookup.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  if (allowPrivate) return dnsLookup as LookupFunction;
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const refused = list.find((entry) => !isPublicAddress(entry.address));
      if (list.length === 0 || refused) {
        return callback(
          new PrivateAddressError(`${hostname} resolves to a private address (${refused?.address ?? 'none'})`),
          '',
          0,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
