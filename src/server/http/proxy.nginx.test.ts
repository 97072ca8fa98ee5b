import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TOKEN_HEADER } from '../../shared/api/files.contract.js';
import { fakeCiphertext, filesUnder, META, MiB, sha256Hex, slice, type Created } from '../test-utils/files.js';
import { loopbackClient, type LoopbackResponse } from '../test-utils/loopback-client.js';
import {
  NGINX,
  OPENSSL,
  parseNginx,
  selfSignedCertificate,
  siteFromDocs,
  startNginx,
  type TestNginx,
} from '../test-utils/nginx.js';
import { freePort, startServerProcess, type ServerProcess } from '../test-utils/server-process.js';

/**
 * Hush behind a real reverse proxy: the server runs as its own process (as main.ts starts it) behind Debian's nginx,
 * configured by docs/nginx.conf itself (only addresses, ports and the certificate substituted), TLS ending at nginx.
 * Test clients get loopback addresses of their own (127.0.0.2, 127.0.0.3, …), so nginx sees different peers.
 */

const missing = [!NGINX && 'nginx', !OPENSSL && 'openssl'].filter(Boolean);
if (missing.length > 0) {
  console.warn(
    `⚠ SKIPPED proxy.nginx.test.ts: ${missing.join(' and ')} not found (Debian: apt-get install nginx openssl)`,
  );
}

const docs = (name: string) => readFile(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');
const TEXT = 'hush1.c2VjcmV0';
const PASSWORD = 'correct horse';
const HSTS = 'max-age=31536000; includeSubDomains';
const RATE_LIMIT = 5;
const FILE_BYTES = 64 * MiB;
const PART_BYTES = 16 * MiB; // the largest part the API takes
/** A load balancer in front of nginx: the documented real_ip lines are switched on for this address only. */
const FRONT = '127.0.0.9';

/** Whether each cookie the response sets is Secure, by name. */
function secureCookies(response: LoopbackResponse): Record<string, boolean> {
  const cookies = response.headers['set-cookie'] ?? [];
  return Object.fromEntries(cookies.map((cookie) => [cookie.split('=')[0], /;\s*secure\s*(;|$)/i.test(cookie)]));
}

function expectIpRefused(response: LoopbackResponse) {
  expect(response.status).toBe(403);
  expect(response.json()).toMatchObject({ code: 'secret.ip_not_allowed' });
}

/** Bytes under the server's file storage, parts still being written included. */
async function storedBytes(dataDir: string): Promise<number> {
  const sizes = await Promise.all(
    (await filesUnder(join(dataDir, 'files'))).map(async (file) => (await stat(file)).size),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

describe('docs/reverse-proxy.md', () => {
  it('shows docs/nginx.conf and docs/Caddyfile as they are', async () => {
    const page = await docs('reverse-proxy.md');
    const block = (language: string) => new RegExp(`\`\`\`${language}\n([\\s\\S]*?)\`\`\``).exec(page)?.[1];
    expect(block('nginx')).toBe(await docs('nginx.conf'));
    expect(block('caddy')).toBe(await docs('Caddyfile'));
  });

  it('keeps /metrics off the public site, in nginx and in Caddy', async () => {
    const servers = parseNginx(await docs('nginx.conf')).filter((directive) => directive.name === 'server');
    const proxying = servers.find((server) => server.block!.some((d) => d.name === 'location'))!;
    const refusing = proxying.block!.filter(
      (d) =>
        d.name === 'location' &&
        !d.block!.some((inner) => inner.name === 'proxy_pass') &&
        d.block!.some((inner) => inner.name === 'return' && /^4\d\d$/.test(inner.args[0]!)),
    );
    // Hush ignores a trailing slash: /metrics/ is the same route.
    const refused = (path: string) =>
      refusing.some(({ args: [modifier, pattern] }) =>
        modifier === '~' ? new RegExp(pattern!).test(path) : modifier === '=' && pattern === path,
      );
    expect([refused('/metrics'), refused('/metrics/'), refused('/api/v1/secret'), refused('/')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const caddy = (await docs('Caddyfile')).split('\n').map((line) => line.trim());
    expect(caddy).toContain('respond /metrics* 404');
  });
});

describe.skipIf(missing.length > 0)('Hush behind nginx, configured by docs/nginx.conf', () => {
  let hush: ServerProcess;
  let nginx: TestNginx;
  let certDir: string;
  let ca: string;
  let httpsUrl: string;
  let httpUrl: string;
  /** A client at this loopback address, talking HTTPS to nginx. */
  const client = (address: string) => loopbackClient(httpsUrl, address, ca);
  const createSecret = async (address: string, body: Record<string, unknown>) => {
    const response = await client(address).send('POST', '/api/v1/secret', { json: { text: TEXT, ttl: 3600, ...body } });
    expect(response.status, response.body.toString()).toBe(201);
    return response.json<Created>();
  };
  const signIn = (address: string, url = httpsUrl, headers: Record<string, string> = {}) =>
    loopbackClient(url, address, ca).send('POST', '/api/v1/authentication/signin', {
      headers,
      json: { username: 'admin', password: PASSWORD },
    });

  beforeAll(async () => {
    certDir = await mkdtemp(join(tmpdir(), 'hush-certificate-'));
    const certificate = await selfSignedCertificate(certDir);
    ca = certificate.pem;
    hush = await startServerProcess({
      HUSH_TRUSTED_PROXIES: '127.0.0.1',
      HUSH_RATE_LIMIT_MAX: String(RATE_LIMIT),
      HUSH_UPLOAD_RESTRICTION: 'false',
      HUSH_ANONYMOUS_MAX_FILE_BYTES: String(FILE_BYTES),
      HUSH_ADMIN_USERNAME: 'admin',
      HUSH_ADMIN_PASSWORD: PASSWORD,
      HUSH_METRICS: 'true',
    });
    const ports = { http: await freePort(), https: await freePort(), hush: hush.port };
    const site = siteFromDocs(await docs('nginx.conf'), ports, certificate, FRONT);
    nginx = await startNginx(site, [ports.http, ports.https]);
    httpsUrl = `https://127.0.0.1:${ports.https}`;
    httpUrl = `http://127.0.0.1:${ports.http}`;
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await hush?.stop();
    if (certDir) await rm(certDir, { recursive: true, force: true });
  });

  it('the IP lock sees the client nginx saw: it opens for that client only, whatever headers others send', async () => {
    const { id } = await createSecret('127.0.0.10', { allowedIp: '127.0.0.2' });
    const stranger = client('127.0.0.3');
    const claims: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '127.0.0.2' },
      { 'x-real-ip': '127.0.0.2', forwarded: 'for=127.0.0.2' },
    ];
    for (const headers of claims) {
      expectIpRefused(await stranger.send('POST', `/api/v1/secret/${id}`, { headers }));
    }
    expect((await client('127.0.0.2').send('GET', `/api/v1/secret/${id}/exist`)).status).toBe(200);
    const read = await client('127.0.0.2').send('POST', `/api/v1/secret/${id}`);
    expect(read.status).toBe(200);
    expect(read.json()).toMatchObject({ text: TEXT });
  });

  it('a client cannot claim an address with X-Forwarded-For; a front proxy that nginx trusts can', async () => {
    const { id } = await createSecret('127.0.0.10', { allowedIp: '203.0.113.7' });
    const read = (address: string, forwardedFor: string) =>
      client(address).send('POST', `/api/v1/secret/${id}`, { headers: { 'x-forwarded-for': forwardedFor } });
    // nginx replaces the header of a client it does not trust with the client's own address.
    expectIpRefused(await read('127.0.0.11', '203.0.113.7'));
    // Through the front proxy, only the hop it added counts: a client's claim before it is ignored.
    expectIpRefused(await read(FRONT, '203.0.113.7, 198.51.100.1'));
    const opened = await read(FRONT, '198.51.100.1, 203.0.113.7');
    expect(opened.status).toBe(200);
    expect(opened.json()).toMatchObject({ text: TEXT });
  });

  it('rate limits count each client nginx forwards on its own', async () => {
    const exist = (address: string) => client(address).send('GET', '/api/v1/secret/AAAAAAAAAAAAAAAAAAAAAA/exist');
    for (let request = 0; request < RATE_LIMIT; request++) expect((await exist('127.0.0.4')).status).toBe(404);
    const limited = await exist('127.0.0.4');
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect((await exist('127.0.0.5')).status).toBe(404);
  });

  it('HTTPS at nginx gives Secure cookies and HSTS; plain http at nginx only redirects to HTTPS', async () => {
    const secure = await signIn('127.0.0.6');
    expect(secure.status).toBe(200);
    expect(secureCookies(secure)).toEqual({ hush_session: true, hush_login: true, hush_device: true });
    expect(secure.headers['strict-transport-security']).toBe(HSTS);

    const plain = await loopbackClient(httpUrl, '127.0.0.6').send('GET', '/api/v1/secret/public');
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/api/v1/secret/public');
  });

  it('/metrics is not served through nginx, only to a scraper reaching Hush directly', async () => {
    for (const path of ['/metrics', '/metrics/', '/%6detrics']) {
      expect((await client('127.0.0.7').send('GET', path)).status, path).toBe(404);
    }
    expect((await loopbackClient(hush.url, '127.0.0.1').send('GET', '/metrics')).status).toBe(200);
  });

  it('a request is filed under nginx’s request id, which no client can choose', async () => {
    const ids = [];
    for (const headers of [{}, { 'x-request-id': 'chosen-by-the-client' }] as Record<string, string>[]) {
      const response = await client('127.0.0.8').send('GET', '/api/v1/secret/public', { headers });
      expect(response.status).toBe(200);
      ids.push(response.headers['x-request-id']);
    }
    expect(ids).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('a client reaching Hush directly cannot claim HTTPS with X-Forwarded-Proto', async () => {
    const spoofed = await signIn('127.0.0.6', hush.url, { 'x-forwarded-proto': 'https' });
    expect(spoofed.status).toBe(200);
    expect(secureCookies(spoofed)).toEqual({ hush_session: false, hush_login: false, hush_device: false });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    // Plain http from the trusted proxy's own address, without the header, is plain http too.
    const plain = await signIn('127.0.0.1', hush.url);
    expect(secureCookies(plain)).toEqual({ hush_session: false, hush_login: false, hush_device: false });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  /** A file of `content` up (one request per part) and down again through nginx, checked byte for byte. */
  async function roundTrip(content: Buffer, address: string): Promise<void> {
    const { id, upload } = await createSecret(address, {
      files: [{ meta: META, size: content.length, partSize: PART_BYTES }],
    });
    const file = upload!.files[0]!;
    const headers = { [UPLOAD_TOKEN_HEADER]: upload!.token };
    const uploader = client(address);
    for (let part = 1; part <= file.parts; part++) {
      const body = slice(content, file, part);
      const path = `/api/v1/secret/${id}/files/${file.id}/parts/${part}`;
      const headersOfPart = { ...headers, 'content-type': 'application/octet-stream' };
      expect((await uploader.send('PUT', path, { headers: headersOfPart, body })).status).toBe(200);
    }
    expect((await uploader.send('POST', `/api/v1/secret/${id}/upload/complete`, { headers })).status).toBe(200);
    const read = await uploader.send('POST', `/api/v1/secret/${id}`);
    const { downloadKey } = read.json<{ files: { downloadKey: string }[] }>().files[0]!;
    const down = await uploader.send('POST', '/api/v1/download', { json: { key: downloadKey, secretId: id } });
    expect(down.status).toBe(200);
    expect(sha256Hex(down.body)).toBe(sha256Hex(content));
  }

  it('a 64 MiB file streams through nginx both ways, unbuffered, with the server’s memory bounded', async () => {
    const content = fakeCiphertext(FILE_BYTES);
    const { id, upload } = await createSecret('127.0.0.7', {
      files: [{ meta: META, size: content.length, partSize: PART_BYTES }],
    });
    const file = upload!.files[0]!;
    const uploader = client('127.0.0.7');
    const partHeaders = (part: number) => ({
      'content-type': 'application/octet-stream',
      'content-length': String(slice(content, file, part).length),
      [UPLOAD_TOKEN_HEADER]: upload!.token,
    });
    const partPath = (part: number) => `/api/v1/secret/${id}/files/${file.id}/parts/${part}`;

    // The baseline: the highest level once a 16 MiB file has gone the same way, up and down (pools, compiled code,
    // the allocator and the Buffers V8 collects lazily at their steady state). A server that held a whole file would
    // grow by the other 48 MiB over it; one that held a part is caught above (stored while still being sent).
    const peakReset = hush.resetPeak();
    if (!peakReset) console.warn('could not reset the peak RSS: the baseline includes the start-up');
    await roundTrip(fakeCiphertext(PART_BYTES), '127.0.0.9');
    const baseline = hush.peakMiB();
    const started = performance.now();

    // Part 1 in two halves: Hush is writing it to storage before nginx has received the rest.
    const first = slice(content, file, 1);
    const [request, answer] = uploader.open('PUT', partPath(1), partHeaders(1));
    request.write(first.subarray(0, first.length / 2));
    const streamed = 'Hush stores the part while it is still being sent (nginx does not buffer request bodies)';
    await expect
      .poll(() => storedBytes(hush.dataDir), { timeout: 10_000, message: streamed })
      .toBeGreaterThan(first.length / 4);
    expect(await nginx.tempFiles()).toEqual([]);
    request.end(first.subarray(first.length / 2));
    const firstAnswer = await answer;
    firstAnswer.resume();
    expect(firstAnswer.statusCode).toBe(200);
    const fullPartMs: number[] = [];
    for (let part = 2; part <= file.parts; part++) {
      const partStarted = performance.now();
      const body = slice(content, file, part);
      const sent = await uploader.send('PUT', partPath(part), { headers: partHeaders(part), body });
      expect(sent.status, sent.body.toString()).toBe(200);
      if (body.length === PART_BYTES) fullPartMs.push(performance.now() - partStarted);
    }
    const uploadMs = performance.now() - started;
    const complete = await uploader.send('POST', `/api/v1/secret/${id}/upload/complete`, {
      headers: { [UPLOAD_TOKEN_HEADER]: upload!.token },
    });
    expect(complete.status, complete.body.toString()).toBe(200);

    const reader = client('127.0.0.8');
    const read = await reader.send('POST', `/api/v1/secret/${id}`);
    expect(read.status).toBe(200);
    const { downloadKey } = read.json<{ files: { downloadKey: string }[] }>().files[0]!;
    const downloadStarted = performance.now();
    const body = Buffer.from(JSON.stringify({ key: downloadKey, secretId: id }));
    const [download, downloaded] = reader.open('POST', '/api/v1/download', {
      'content-type': 'application/json',
      'content-length': String(body.length),
    });
    download.end(body);
    const response = await downloaded;
    expect(response.statusCode).toBe(200);
    const hash = createHash('sha256');
    let received = 0;
    let paused = false;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      hash.update(chunk);
      received += chunk.length;
      if (!paused && received >= MiB) {
        // The reader stops a while: a buffering proxy would now spool the rest of the file to its temp folder.
        paused = true;
        await sleep(1000);
        expect(await nginx.tempFiles(), 'nginx does not spool responses').toEqual([]);
      }
    }
    const downloadMs = performance.now() - downloadStarted - 1000;
    expect(received).toBe(content.length);
    expect(hash.digest('hex')).toBe(sha256Hex(content));
    expect(await nginx.tempFiles()).toEqual([]);

    const growth = hush.peakMiB() - baseline;
    console.info(
      `64 MiB through nginx: upload ${(uploadMs / 1000).toFixed(2)} s in ${file.parts} parts ` +
        `(a 16 MiB part in ${Math.max(...fullPartMs).toFixed(0)} ms at most), ` +
        `download ${(downloadMs / 1000).toFixed(2)} s (1 s pause excluded); server RSS ${baseline.toFixed(0)} MiB ` +
        `at most after a 16 MiB warm-up, peak +${growth.toFixed(1)} MiB over it`,
    );
    // Holding the file would add its other 48 MiB; Node 24's lazier collector leaves up to ~30 MiB (Node 22: ~1).
    expect(growth).toBeLessThan((FILE_BYTES - PART_BYTES) / MiB);
  }, 120_000);
});
