import { describe, expect, it } from 'vitest';
import { clientGroup, ipMatches, isValidIpOrCidr, normalizeIp } from './ip.js';

describe('isValidIpOrCidr', () => {
  it.each([
    '192.0.2.5',
    '0.0.0.0',
    '255.255.255.255',
    '192.0.2.0/24',
    '10.0.0.0/8',
    '0.0.0.0/0',
    '192.0.2.5/32',
    '2001:db8::1',
    '::1',
    '::',
    '2001:db8::/32',
    '2001:0db8:0000:0000:0000:0000:0000:0001',
    '::/0',
    '2001:db8::1/128',
    '::ffff:192.0.2.5',
    '::ffff:192.0.2.0/120',
  ])('accepts the address or range %s', (rule) => {
    expect(isValidIpOrCidr(rule)).toBe(true);
  });

  it.each([
    '',
    'localhost',
    'example.com',
    '192.0.2',
    '192.0.2.256',
    '300.1.1.1',
    '192.0.2.5/33',
    '192.0.2.5/-1',
    '192.0.2.5/',
    '/24',
    '192.0.2.0/24/8',
    '2001:db8::/129',
    '2001:db8:::1',
    'gggg::1',
    '192.0.2.5, 192.0.2.6',
    '192.0.2.5 192.0.2.6',
    `${'1'.repeat(70)}`,
  ])('rejects %j', (rule) => {
    expect(isValidIpOrCidr(rule)).toBe(false);
  });

  it.each([
    ['010.0.0.1', 'leading zero: read as octal, 8.0.0.1'],
    ['010.0.0.0/8', 'leading zero in a range'],
    ['10', 'one part: 0.0.0.10'],
    ['127.1', 'two parts: 127.0.0.1'],
    ['0x7f.0.0.1', 'hexadecimal part'],
    ['3221226053', 'one 32-bit number: 192.0.2.69'],
  ])('rejects the legacy IPv4 form %j (%s), which would lock a secret to an address nobody meant', (rule) => {
    expect(isValidIpOrCidr(rule)).toBe(false);
    expect(ipMatches('10.0.0.1', rule)).toBe(false);
    expect(ipMatches('8.0.0.1', rule)).toBe(false);
  });

  it('rejects anything longer than 64 characters, even if it parses', () => {
    const padded = `2001:0db8:0000:0000:0000:0000:0000:0001/${'0'.repeat(30)}128`;
    expect(padded.length).toBeGreaterThan(64);
    expect(isValidIpOrCidr(padded)).toBe(false);
  });
});

describe('normalizeIp', () => {
  it('turns IPv4-mapped IPv6 into plain IPv4', () => {
    expect(normalizeIp('::ffff:192.0.2.5')).toBe('192.0.2.5');
    expect(normalizeIp('::ffff:c000:205')).toBe('192.0.2.5');
  });

  it('writes IPv6 in its short canonical form', () => {
    expect(normalizeIp('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(normalizeIp('::1')).toBe('::1');
  });

  it('keeps IPv4 as it is and trims spaces', () => {
    expect(normalizeIp('192.0.2.5')).toBe('192.0.2.5');
    expect(normalizeIp(' 192.0.2.5 ')).toBe('192.0.2.5');
  });

  it('answers null for what is not an address', () => {
    for (const value of [undefined, null, '', 'unknown', '192.0.2.0/24', 'example.com', '010.0.0.1']) {
      expect(normalizeIp(value)).toBeNull();
    }
  });
});

describe('ipMatches', () => {
  it('matches an exact IPv4 address and nothing next to it', () => {
    expect(ipMatches('192.0.2.5', '192.0.2.5')).toBe(true);
    expect(ipMatches('192.0.2.6', '192.0.2.5')).toBe(false);
    expect(ipMatches('192.0.2.50', '192.0.2.5')).toBe(false);
  });

  it('matches IPv4 ranges at their edges', () => {
    expect(ipMatches('192.0.2.0', '192.0.2.0/24')).toBe(true);
    expect(ipMatches('192.0.2.255', '192.0.2.0/24')).toBe(true);
    expect(ipMatches('192.0.3.0', '192.0.2.0/24')).toBe(false);
    expect(ipMatches('192.0.1.255', '192.0.2.0/24')).toBe(false);
    expect(ipMatches('203.0.113.9', '0.0.0.0/0')).toBe(true);
  });

  it('treats host bits in a range as the network (192.0.2.77/24 is 192.0.2.0/24)', () => {
    expect(ipMatches('192.0.2.1', '192.0.2.77/24')).toBe(true);
    expect(ipMatches('192.0.3.1', '192.0.2.77/24')).toBe(false);
  });

  it('matches IPv6 addresses and ranges, whatever the spelling', () => {
    expect(ipMatches('2001:db8::1', '2001:db8::1')).toBe(true);
    expect(ipMatches('2001:0db8::0001', '2001:db8::1')).toBe(true);
    expect(ipMatches('2001:db8::2', '2001:db8::1')).toBe(false);
    expect(ipMatches('2001:db8:ffff::1', '2001:db8::/32')).toBe(true);
    expect(ipMatches('2001:db9::1', '2001:db8::/32')).toBe(false);
    expect(ipMatches('2001:db8::1', '::/0')).toBe(true);
  });

  it('matches an IPv4-mapped IPv6 peer against IPv4 rules, and an IPv4 peer against IPv4-mapped rules', () => {
    expect(ipMatches('::ffff:192.0.2.5', '192.0.2.5')).toBe(true);
    expect(ipMatches('::ffff:192.0.2.5', '192.0.2.0/24')).toBe(true);
    expect(ipMatches('::ffff:192.0.3.5', '192.0.2.0/24')).toBe(false);
    expect(ipMatches('192.0.2.5', '::ffff:192.0.2.5')).toBe(true);
    expect(ipMatches('192.0.2.5', '::ffff:192.0.2.0/120')).toBe(true);
    expect(ipMatches('192.0.3.5', '::ffff:192.0.2.0/120')).toBe(false);
  });

  it('never matches across families otherwise', () => {
    expect(ipMatches('192.0.2.5', '::/0')).toBe(false);
    expect(ipMatches('2001:db8::1', '0.0.0.0/0')).toBe(false);
    expect(ipMatches('::1', '127.0.0.1')).toBe(false);
  });

  it('fails closed: an unknown or malformed address, or a malformed rule, never matches', () => {
    for (const ip of [null, undefined, '', 'unknown', '192.0.2.5, 10.0.0.1', '192.0.2.0/24']) {
      expect(ipMatches(ip, '0.0.0.0/0')).toBe(false);
    }
    expect(ipMatches('192.0.2.5', '')).toBe(false);
    expect(ipMatches('192.0.2.5', 'garbage')).toBe(false);
    expect(ipMatches('192.0.2.5', '192.0.2.0/40')).toBe(false);
  });
});

describe('clientGroup', () => {
  it('keeps an IPv4 address (mapped or not) and groups IPv6 by its /64', () => {
    expect(clientGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(clientGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientGroup('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientGroup('::1')).toBe('::/64');
    expect(clientGroup('not an address')).toBeNull();
    expect(clientGroup(undefined)).toBeNull();
  });
});
