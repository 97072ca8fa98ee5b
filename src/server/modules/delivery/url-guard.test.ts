import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../test-utils/dns-server.js';
import { startWebhookReceiver } from '../../test-utils/webhook-receiver.js';
import { createHttpSender } from './http-sender.js';
import { guardedLookup, isPublicAddress, urlProblem } from './url-guard.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    'fc00::1',
    'fd00:ec2::254',
    'fdff:ffff::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    // IPv4-compatible (::/96, deprecated): whatever IPv4 address they carry, no host has one.
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '::a00:1',
    '::8.8.8.8',
    '::808:808',
    // IPv4-translated (RFC 6145), NAT64 with a private IPv4, NAT64 local-use (RFC 8215).
    '::ffff:0:7f00:1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::169.254.169.254',
    '64:ff9b:1::808:808',
    // 6to4 and Teredo: relays reach the IPv4 address they carry.
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    // Outside global unicast (2000::/3), documentation, discard, benchmarking.
    '1::1',
    '100::1',
    '4000::1',
    '2001:db8::1',
    '3fff::1',
    '2001:2::1',
    'not an address',
    '127.1',
    '2130706433',
    '',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '100.128.0.1',
    '2606:4700::1',
    '2a00:1450:4001:80b::200e',
    '::ffff:93.184.216.34',
    // NAT64's well-known prefix carrying a public IPv4 address (RFC 6052): an IPv6-only host reaching it.
    '64:ff9b::93.184.216.34',
    '64:ff9b::5db8:d822',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('urlProblem', () => {
  it.each([
    ['http://127.0.0.1:8080/x', 'private_address'],
    ['http://127.1/x', 'private_address'],
    ['http://2130706433/x', 'private_address'],
    ['http://0x7f000001/x', 'private_address'],
    ['http://0x7f.1/x', 'private_address'],
    ['http://017700000001/x', 'private_address'],
    ['http://0.0.0.0/x', 'private_address'],
    ['http://0/x', 'private_address'],
    ['http://127.0.0.1./x', 'private_address'],
    ['http://[::1]/x', 'private_address'],
    ['http://[::]/x', 'private_address'],
    ['http://[::127.0.0.1]/x', 'private_address'],
    ['http://[::10.0.0.1]/x', 'private_address'],
    ['http://[::8.8.8.8]/x', 'private_address'],
    ['http://[::ffff:127.0.0.1]/x', 'private_address'],
    ['http://[::ffff:7f00:1]/x', 'private_address'],
    ['http://[0:0:0:0:0:ffff:127.0.0.1]/x', 'private_address'],
    ['http://[::ffff:a9fe:a9fe]/x', 'private_address'],
    ['http://[64:ff9b::10.0.0.1]/x', 'private_address'],
    ['http://[2002:7f00:1::]/x', 'private_address'],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x', 'private_address'],
    ['http://169.254.169.254/latest/meta-data', 'private_address'],
    ['http://100.64.0.1/x', 'private_address'],
    ['http://[fc00::1]/x', 'private_address'],
    ['http://[fd12:3456::1]/x', 'private_address'],
    ['http://localhost:3000/x', 'private_address'],
    ['http://LOCALHOST/x', 'private_address'],
    ['http://localhost./x', 'private_address'],
    ['http://api.localhost/x', 'private_address'],
    ['http://api.localhost./x', 'private_address'],
    ['http://metadata.google.internal/x', 'private_address'],
    ['http://metadata.google.internal./x', 'private_address'],
    ['ftp://hooks.example.com/x', 'not_http'],
    ['javascript:alert(1)', 'not_http'],
    ['not a url', 'not_url'],
    ['https://user:pass@hooks.example.com/x', 'credentials'],
    ['https://user@hooks.example.com/x', 'credentials'],
  ])('%s: %s', (url, problem) => {
    expect(urlProblem(url, false)).toBe(problem);
  });

  it.each([
    'http://93.184.216.34/x',
    'https://[2606:4700::1]:8443/x',
    'https://[64:ff9b::93.184.216.34]/x',
    'https://hooks.example.com/hush',
    'https://hooks.example.com./hush',
  ])('%s is taken', (url) => {
    expect(urlProblem(url, false)).toBeNull();
  });

  it('allowPrivate takes private addresses, but still only http(s) without credentials', () => {
    expect(urlProblem('http://127.0.0.1:8080/x', true)).toBeNull();
    expect(urlProblem('http://[::1]/x', true)).toBeNull();
    expect(urlProblem('http://localhost/x', true)).toBeNull();
    expect(urlProblem('ftp://127.0.0.1/x', true)).toBe('not_http');
    expect(urlProblem('http://u:p@127.0.0.1/x', true)).toBe('credentials');
  });
});

/** Names are checked after DNS, at every delivery: a real DNS server says what each name is. */
describe('the guard after DNS', () => {
  const records: Record<string, string[]> = {
    'compat-loopback.test': ['::7f00:1'],
    'compat-private.test': ['::a00:1'],
    'compat-public.test': ['::808:808'],
    'mapped.test': ['::ffff:7f00:1'],
    'nat64-private.test': ['64:ff9b::a00:1'],
    '6to4.test': ['2002:7f00:1::'],
    'teredo.test': ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    'zero.test': ['0.0.0.0'],
    'unspecified.test': ['::'],
    'metadata.test': ['169.254.169.254'],
    'loopback.test': ['127.0.0.1'],
    'mixed.test': ['93.184.216.34', '10.0.0.1'],
    'mixed6.test': ['2606:4700::1', 'fd00::1'],
    'public.test': ['93.184.216.34', '2606:4700::1', '64:ff9b::5db8:d822'],
  };
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    dns = await startDnsServer(records);
    receiver = await startWebhookReceiver(() => ({ status: 204 }));
  });
  afterAll(async () => {
    await dns.close();
    await receiver.close();
  });

  const guarded = (hostname: string) =>
    new Promise<{ error: NodeJS.ErrnoException | null; addresses: { address: string; family: number }[] }>((resolve) =>
      guardedLookup(false, dns.lookup)(hostname, { all: true }, (error, addresses) =>
        resolve({ error, addresses: (addresses ?? []) as unknown as { address: string; family: number }[] }),
      ),
    );

  it.each(Object.keys(records).filter((name) => name !== 'public.test'))(
    '%s is refused, with or without a trailing dot, and nothing reaches the endpoint',
    async (name) => {
      expect((await guarded(name)).error?.name).toBe('PrivateAddressError');
      const send = createHttpSender({
        timeoutMs: 3000,
        allowPrivate: false,
        userAgent: 'Hush/test',
        lookup: dns.lookup,
      });
      for (const host of [name, `${name}.`]) {
        const request = { url: `http://${host}:${receiver.port}/hook`, headers: {}, body: '{}' };
        expect(await send(request), host).toEqual({ ok: false, code: null, error: 'private_address' });
      }
      expect(receiver.received).toHaveLength(0);
    },
  );

  it('a name whose every address is public is connected to at those addresses', async () => {
    const { error, addresses } = await guarded('public.test');
    expect(error).toBeNull();
    expect(addresses.map((entry) => entry.address).sort()).toEqual(
      ['93.184.216.34', '2606:4700::1', '64:ff9b::5db8:d822'].sort(),
    );
  });
});
