import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * IPv4 only as four decimal parts: ipaddr.js also takes the legacy inet_aton forms (`010.0.0.1` is octal 8.0.0.1,
 * `127.1`, `0x7f.0.0.1`, `3221226053`), which would lock a secret to an address nobody meant.
 */
function isStrictAddress(text: string): boolean {
  return text.includes(':') ? ipaddr.IPv6.isValid(text) : ipaddr.IPv4.isValidFourPartDecimal(text);
}

/** Parses an address, turning IPv4-mapped IPv6 (`::ffff:10.0.0.1`) into plain IPv4. */
function parseAddress(text: string): Address | null {
  const trimmed = text.trim();
  if (!isStrictAddress(trimmed)) return null;
  return ipaddr.process(trimmed);
}

function parseRule(rule: string): [Address, number] | null {
  const trimmed = rule.trim();
  if (!trimmed.includes('/')) {
    const address = parseAddress(trimmed);
    return address ? [address, address.kind() === 'ipv4' ? 32 : 128] : null;
  }
  if (!isStrictAddress(trimmed.slice(0, trimmed.indexOf('/')))) return null;
  try {
    const [address, bits] = ipaddr.parseCIDR(trimmed);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
    }
    return [address, bits];
  } catch {
    return null;
  }
}

/** True for a single IPv4/IPv6 address or a CIDR range of either. */
export function isValidIpOrCidr(rule: string): boolean {
  return rule.length <= 64 && parseRule(rule) !== null;
}

/** Canonical text of an address (IPv4-mapped IPv6 becomes IPv4), or null when it is not an address. */
export function normalizeIp(text: string | undefined | null): string | null {
  if (!text) return null;
  return parseAddress(text)?.toString() ?? null;
}

/** Does `ip` fall inside `rule` (an address or a CIDR)? Unknown or malformed input never matches. */
export function ipMatches(ip: string | undefined | null, rule: string): boolean {
  if (!ip) return false;
  const address = parseAddress(ip);
  const parsedRule = parseRule(rule);
  if (!address || !parsedRule) return false;
  const [range, bits] = parsedRule;
  if (address.kind() !== range.kind()) return false;
  return address.match(range, bits);
}

/** The prefix one IPv6 client is assumed to control: a home or a server gets a whole /64. */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * Who a client is, for counting its requests: an IPv4 address as it is, an IPv6 address by its /64 (one machine can
 * use any of 2^64 addresses of its network, so limits keyed on the full address are no limits). Null when it is not
 * an address.
 */
export function clientGroup(text: string | undefined | null): string | null {
  if (!text) return null;
  const address = parseAddress(text);
  if (!address) return null;
  if (address.kind() === 'ipv4') return address.toString();
  const kept = IPV6_CLIENT_PREFIX / 16;
  const parts = (address as ipaddr.IPv6).parts.map((part, i) => (i < kept ? part : 0));
  return `${new ipaddr.IPv6(parts).toString()}/${IPV6_CLIENT_PREFIX}`;
}

/** An address cut to its network for display: an IPv4 /24 or an IPv6 /48 (a site). Null when it is not an address. */
export function addressPrefix(text: string | undefined | null): string | null {
  if (!text) return null;
  const address = parseAddress(text);
  if (!address) return null;
  if (address.kind() === 'ipv4') {
    const [a, b, c] = (address as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (address as ipaddr.IPv6).parts.map((part, i) => (i < 3 ? part : 0));
  return `${new ipaddr.IPv6(parts).toString()}/48`;
}
