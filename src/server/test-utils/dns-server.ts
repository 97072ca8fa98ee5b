import dgram from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import type { AddressInfo, LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

const A = 1;
const AAAA = 28;

/** The question of a DNS query: its name (lower case, no trailing dot), its type, and where the question ends. */
function question(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at]! > 0) {
    labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('latin1'));
    at += query[at]! + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(at + 1), end: at + 5 };
}

/**
 * A real DNS server on 127.0.0.1 (UDP) answering A and AAAA questions from `records` (names in lower case, any
 * address form ipaddr.js reads): what a name resolves to is the test's to choose, through the whole DNS exchange.
 * Names it does not know are NXDOMAIN.
 */
export async function startDnsServer(records: Record<string, string[]>) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    const { name, type, end } = question(query);
    const known = records[name];
    const answers = (known ?? [])
      .map((text) => ipaddr.parse(text))
      .filter((address) => (type === A ? address.kind() === 'ipv4' : type === AAAA && address.kind() === 'ipv6'));
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2); // a response, recursion available; NXDOMAIN when unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const rows = answers.map((address) => {
      const data = Buffer.from(address.toByteArray());
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(type, 2);
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(60, 6);
      record.writeUInt16BE(data.length, 10);
      return Buffer.concat([record, data]);
    });
    socket.send(Buffer.concat([header, query.subarray(12, end), ...rows]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const server = `127.0.0.1:${(socket.address() as AddressInfo).port}`;

  /** A `lookup` for http.request that asks this server (A and AAAA), in the shape of dns.lookup. */
  const lookup: LookupFunction = (hostname, options, callback) => {
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([server]);
    const ask = (resolve: Promise<string[]>, family: number) =>
      resolve.then(
        (addresses) => addresses.map((address) => ({ address, family })),
        () => [],
      );
    void Promise.all([ask(resolver.resolve4(hostname), 4), ask(resolver.resolve6(hostname), 6)]).then(([v4, v6]) => {
      const all = [...v4, ...v6];
      if (all.length === 0) {
        const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        return callback(error, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof all) => void)(null, all);
      return callback(null, all[0]!.address, all[0]!.family);
    });
  };

  return {
    lookup,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
