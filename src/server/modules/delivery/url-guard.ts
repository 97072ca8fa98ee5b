import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may point (issue 15): http(s) only, and, unless HUSH_WEBHOOK_ALLOW_PRIVATE, a public address: not
 * loopback, private, link-local (the cloud metadata address 169.254.169.254 among them), unique-local, carrier-grade
 * NAT, multicast, reserved or unspecified. A name is checked when the webhook is saved and again at every delivery,
 * after DNS: the connection goes to the address that was checked (no second lookup a rebinding server could change).
 *
 * Only public unicast passes (issue 29.5): an IPv4 address in ipaddr.js's `unicast` range; an IPv6 address in global
 * unicast (2000::/3) and in no special range, which leaves out 6to4 and Teredo (relays reach the IPv4 address they
 * carry); IPv4-mapped addresses and NAT64's well-known prefix 64:ff9b::/96 (RFC 6052: an IPv6-only host reaching
 * IPv4) are judged by the IPv4 address they carry. IPv4-compatible addresses (::/96, deprecated) never pass.
 */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

const isPublicV4 = (address: ipaddr.IPv4) => address.range() === 'unicast';
const lastV4 = (address: ipaddr.IPv6) => {
  const [high, low] = address.parts.slice(6) as [number, number];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
};

export function isPublicAddress(text: string): boolean {
  // Node's own parser: only the forms it connects to (no `127.1`, `0x7f.1` or `2130706433`).
  const kind = isIP(text);
  if (kind === 4) return isPublicV4(ipaddr.IPv4.parse(text));
  if (kind !== 6) return false;
  // ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`, another address: the URL parser writes it without the dotted
  // quad (`::7f00:1`). A zone only belongs to link-local addresses, which are refused anyway.
  const canonical = new URL(`http://[${text.replace(/%.*$/, '')}]/`).hostname.slice(1, -1);
  const address = ipaddr.IPv6.parse(canonical);
  if (address.isIPv4MappedAddress() || address.match(NAT64)) return isPublicV4(lastV4(address));
  return address.match(GLOBAL_UNICAST) && address.range() === 'unicast';
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
  // `localhost.` is `localhost`: DNS names may end with the root's dot.
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return 'private_address';
  return null;
}

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  readonly code = 'EPRIVATE';
}

/**
 * A DNS lookup for http.request that refuses private addresses (every address the name has must be public, so that
 * no round-robin answer sneaks one in). With allowPrivate, the plain lookup. `lookup`: the system's (dns.lookup), or a
 * test's DNS server.
 */
export function guardedLookup(allowPrivate: boolean, lookup = dnsLookup as LookupFunction): LookupFunction {
  if (allowPrivate) return lookup;
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
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
