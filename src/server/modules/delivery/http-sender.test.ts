import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_ERRORS, parseCoded } from '../../../shared/rules/deliveries.js';
import { startWebhookReceiver } from '../../test-utils/webhook-receiver.js';
import { createHttpSender, MAX_ANSWER_BYTES } from './http-sender.js';
import { newWebhookSecret, signature, webhookHeaders } from './signing.js';

const request = (url: string) => ({ url, headers: { 'content-type': 'application/json' }, body: '{"type":"x"}' });
const sender = (options: { timeoutMs?: number; allowPrivate?: boolean } = {}) =>
  createHttpSender({
    timeoutMs: options.timeoutMs ?? 5000,
    allowPrivate: options.allowPrivate ?? true,
    userAgent: 'Hush/test',
  });

/** An HTTP server of the test's own, on 127.0.0.1; every socket destroyed at close. */
async function startServer(handler: http.RequestListener) {
  const sockets = new Set<Socket>();
  const server = http.createServer(handler);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The HTTP sender of webhooks (issue 15), against real local servers. */
describe('createHttpSender', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  const receiver = async (...args: Parameters<typeof startWebhookReceiver>) => {
    const started = await startWebhookReceiver(...args);
    closers.push(() => started.close());
    return started;
  };

  it('a 2xx is delivered: POST, the headers and body given, the user agent, a content length', async () => {
    const endpoint = await receiver(() => ({ status: 204 }));
    const result = await sender()({ ...request(`${endpoint.url}/hook`), headers: { 'webhook-id': 'evt_1' } });
    expect(result).toEqual({ ok: true, code: 204, error: null });
    expect(endpoint.received).toHaveLength(1);
    expect(endpoint.received[0]).toMatchObject({ path: '/hook', body: '{"type":"x"}' });
    expect(endpoint.received[0]!.headers).toMatchObject({
      'webhook-id': 'evt_1',
      'user-agent': 'Hush/test',
      'content-length': '12',
    });
  });

  it('a 302 is a failure, not followed: its Location is never contacted', async () => {
    const target = await receiver(() => ({ status: 204 }));
    const redirecting = await receiver(() => ({ status: 302, headers: { location: `${target.url}/elsewhere` } }));
    const result = await sender()(request(`${redirecting.url}/hook`));
    expect(result).toEqual({ ok: false, code: 302, error: 'redirect' });
    expect(redirecting.received).toHaveLength(1);
    // Give a follow (if any) its chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(target.received).toHaveLength(0);
  });

  it.each([301, 307, 308])('a %i is a failure too', async (status) => {
    const target = await receiver(() => ({ status: 204 }));
    const redirecting = await receiver(() => ({ status, headers: { location: `${target.url}/elsewhere` } }));
    expect(await sender()(request(redirecting.url))).toEqual({
      ok: false,
      code: status,
      error: 'redirect',
    });
    expect(target.received).toHaveLength(0);
  });

  it('a 500 is a failure with its code', async () => {
    const endpoint = await receiver(() => ({ status: 500, body: 'oops' }));
    expect(await sender()(request(endpoint.url))).toEqual({ ok: false, code: 500, error: 'http_status' });
  });

  it('an endpoint that does not answer times out within timeoutMs', async () => {
    const endpoint = await receiver(() => ({ status: 204, delayMs: 10_000 }));
    const started = performance.now();
    const result = await sender({ timeoutMs: 1000 })(request(endpoint.url));
    const elapsed = performance.now() - started;
    expect(result).toEqual({ ok: false, code: null, error: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(1500);
  });

  it('an answer whose body never ends is bounded by timeoutMs as well', async () => {
    const endpoint = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('a little, then nothing');
    });
    closers.push(() => endpoint.close());
    const started = performance.now();
    const result = await sender({ timeoutMs: 1000 })(request(endpoint.url));
    expect(performance.now() - started).toBeLessThan(1500);
    expect(result.error === null || result.error === 'timeout').toBe(true);
  });

  it('a 200 with a 10 MB body resolves ok at once, without reading it all', async () => {
    const size = 10 * 1024 * 1024;
    let written = 0;
    let finished = false;
    let closed: () => void;
    const closedEarly = new Promise<void>((resolve) => (closed = resolve));
    const endpoint = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
      const chunk = Buffer.alloc(64 * 1024, 97);
      const pump = () => {
        while (written < size) {
          written += chunk.length;
          if (!response.write(chunk)) return response.once('drain', pump);
        }
        response.end();
      };
      response.on('finish', () => (finished = true));
      response.on('close', () => closed());
      pump();
    });
    closers.push(() => endpoint.close());
    const started = performance.now();
    const result = await sender({ timeoutMs: 10_000 })(request(endpoint.url));
    expect(result).toEqual({ ok: true, code: 200, error: null });
    expect(performance.now() - started).toBeLessThan(1000);
    // The sender dropped the connection: the server never got to write the whole body.
    await closedEarly;
    expect(finished).toBe(false);
    expect(written).toBeLessThan(size);
    expect(MAX_ANSWER_BYTES).toBe(64 * 1024);
  });

  it('allowPrivate false: localhost (a loopback address) is refused before connecting; the server sees nothing', async () => {
    const endpoint = await receiver(() => ({ status: 204 }));
    const result = await sender({ allowPrivate: false })(request(`http://localhost:${endpoint.port}/hook`));
    expect(result).toEqual({ ok: false, code: null, error: 'private_address' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(endpoint.received).toHaveLength(0);
  });

  it('allowPrivate true: the same localhost URL is delivered', async () => {
    const endpoint = await receiver(() => ({ status: 204 }));
    const result = await sender({ allowPrivate: true })(request(`http://localhost:${endpoint.port}/hook`));
    expect(result).toEqual({ ok: true, code: 204, error: null });
    expect(endpoint.received).toHaveLength(1);
  });

  it('allowPrivate false: a literal private address is refused at delivery too, not only when saved', async () => {
    // A webhook saved while HUSH_WEBHOOK_ALLOW_PRIVATE was on, or the pinned HUSH_WEBHOOK_URL: no DNS lookup happens
    // for a literal address, so the guard must look at the address itself.
    const endpoint = await receiver(() => ({ status: 204 }));
    const send = sender({ allowPrivate: false });
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]']) {
      expect(await send(request(`http://${host}:${endpoint.port}/hook`))).toEqual({
        ok: false,
        code: null,
        error: 'private_address',
      });
    }
    expect(endpoint.received).toHaveLength(0);
  });

  it('a closed port and an unknown name fail with a code the delivery log translates', async () => {
    const send = sender({ timeoutMs: 3000 });
    expect(await send(request('http://127.0.0.1:9/x'))).toEqual({ ok: false, code: null, error: 'connection_refused' });
    const unknown = await send(request('http://no-such-host.invalid/x'));
    expect(unknown).toMatchObject({ ok: false, code: null });
    // host_not_found; network:EAI_AGAIN where no DNS server answers at all.
    expect(parseCoded(DELIVERY_ERRORS, unknown.error!)?.code).toMatch(/^(host_not_found|network)$/);
  });

  it('a connection dropped mid-request is a network failure with its errno as the detail', async () => {
    const endpoint = await startServer((request) => request.socket.destroy());
    closers.push(() => endpoint.close());
    expect(await sender()(request(endpoint.url))).toEqual({ ok: false, code: null, error: 'network:ECONNRESET' });
  });

  it('a bad URL, another protocol or a bad header resolves as a failure, never throws', async () => {
    const send = sender();
    await expect(send(request('not a url'))).resolves.toEqual({ ok: false, code: null, error: 'invalid_url' });
    await expect(send(request('ftp://127.0.0.1:21/x'))).resolves.toEqual({
      ok: false,
      code: null,
      error: 'invalid_url',
    });
    const badHeader = await send({ url: 'http://127.0.0.1:9/x', headers: { 'x-bad': 'a\nb' }, body: '' });
    expect(badHeader).toMatchObject({ ok: false, code: null });
    // Node's own code as the detail (ERR_INVALID_CHAR), never its English message.
    expect(badHeader.error).toMatch(/^invalid_request:ERR_[A-Z_]+$/);
  });
});

/** Our signatures, checked by `standardwebhooks`, an independent implementation of the scheme. */
describe('signing: Standard Webhooks', () => {
  let secret: string;
  let other: string;
  const body = JSON.stringify({
    type: 'secret.viewed',
    timestamp: '2026-01-01T00:00:00.000Z',
    data: { secretId: 'abc' },
  });
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(() => {
    secret = newWebhookSecret();
    other = newWebhookSecret();
  });

  it('a new secret is whsec_ and 32 random bytes', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(secret).not.toBe(other);
  });

  it('our headers verify with the library, and the payload comes back', () => {
    const headers = webhookHeaders([secret], 'evt_1', now(), body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers['webhook-signature']).toBe(signature(secret, 'evt_1', Number(headers['webhook-timestamp']), body));
  });

  it('a changed body, id or timestamp, or another secret, fails', () => {
    const timestamp = now();
    const headers = webhookHeaders([secret], 'evt_1', timestamp, body);
    const webhook = new Webhook(secret);
    expect(() => webhook.verify(body.replace('abc', 'abd'), headers)).toThrow();
    expect(() => webhook.verify(`${body} `, headers)).toThrow();
    expect(() => webhook.verify(body, { ...headers, 'webhook-timestamp': String(timestamp - 1) })).toThrow();
    expect(() => webhook.verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow();
    expect(() => new Webhook(other).verify(body, headers)).toThrow();
  });

  it('an old timestamp fails, even correctly signed (replay)', () => {
    const headers = webhookHeaders([secret], 'evt_1', now() - 3600, body);
    expect(() => new Webhook(secret).verify(body, headers)).toThrow();
  });

  it('while rotating, both secrets sign: either verifies', () => {
    const headers = webhookHeaders([secret, other], 'evt_1', now(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(other).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
