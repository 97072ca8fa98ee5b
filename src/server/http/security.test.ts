import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxEnvelopeLength } from '../../shared/rules/secrets.js';
import { createSecret, createTestApp, type TestApp } from '../test-utils/app.js';
import { expectSecurityHeaders } from '../test-utils/security-headers.js';

/**
 * Opens a raw TCP connection, lets `send` write to it, and resolves with what the server answered (until it closes
 * the connection or 5 s pass). `send` may return a function reporting how many body bytes it wrote.
 */
function rawExchange(
  port: number,
  send: (socket: net.Socket, done: () => boolean) => (() => number) | void,
): Promise<{ response: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let response = '';
    let finished = false;
    let sentBytes: (() => number) | void;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ response, sent: typeof sentBytes === 'function' ? sentBytes() : 0 });
    };
    const timer = setTimeout(finish, 5000);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset the connection while the client is still writing: the answer is already in.
      if (response) finish();
      else if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish();
      else reject(error);
    });
    socket.on('data', (data) => {
      response += data.toString('utf8');
      if (response.includes('\r\n\r\n') && /"code"/.test(response)) finish();
    });
    socket.on('close', finish);
    socket.on('connect', () => {
      sentBytes = send(socket, () => finished || response.length > 0);
    });
  });
}

describe('security headers on API responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { maxTextBytes: 1024 } });
  });
  afterAll(() => t?.close());

  it('a successful API response carries the strict CSP and the other security headers, and no-store', async () => {
    const response = await t.app.inject('/api/v1/secret/public/');
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response.headers);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('reading a secret is never cacheable, on either API prefix', async () => {
    const { id } = await createSecret(t.app, { maxViews: 2 });
    for (const url of [`/api/v1/secret/${id}`, `/api/secret/${id}`]) {
      const response = await t.app.inject({ method: 'POST', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(response.headers);
    }
  });

  it('error responses carry the same headers and no-store too', async () => {
    const responses = [
      await t.app.inject({ method: 'POST', url: '/api/v1/secret/AAAAAAAAAAAAAAAAAAAAAA' }),
      await t.app.inject({ method: 'POST', url: '/api/v1/secret', payload: { text: '', ttl: 3600 } }),
      await t.app.inject('/api/v1/no-such-route'),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/secret',
        headers: { 'content-type': 'application/json' },
        payload: '{"text":',
      }),
      // Answered by Fastify's router itself (malformed URL, over-long parameter), before any hook runs.
      await t.app.inject('/api/v1/secret/%E0%A4%A/exist'),
      await t.app.inject(`/api/v1/secret/${'a'.repeat(300)}/exist`),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([404, 400, 404, 400, 400, 400]);
    for (const response of responses) {
      expectSecurityHeaders(response.headers);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('there is no HSTS over plain http', async () => {
    const response = await t.app.inject('/api/v1/secret/public/');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('a body over the limit is refused early with 413 request.too_large as JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/secret',
      payload: { text: 'a'.repeat(200_000), ttl: 3600 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'request.too_large', message: expect.any(String) });
    expect(response.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(response.headers);
  });

  it('over a real socket the 413 comes before the client has sent the body (declared or chunked)', async () => {
    const server = await createTestApp({ config: { maxTextBytes: 1024 } });
    try {
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = server.app.server.address() as AddressInfo;
      const head = 'POST /api/v1/secret HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n';

      // Announces 50 MB and sends none of it: the answer must not wait for the body.
      const declared = await rawExchange(port, (socket) => {
        socket.write(`${head}Content-Length: 50000000\r\n\r\n`);
      });
      expect(declared.response).toMatch(/^HTTP\/1\.1 413 /);
      expect(declared.response).toMatch(/connection: close/i);
      expect(declared.response).toContain('"code":"request.too_large"');

      // Chunked, no length: the server stops reading once the limit is passed, long before 50 MB.
      const chunked = await rawExchange(port, (socket, done) => {
        socket.write(`${head}Transfer-Encoding: chunked\r\n\r\n`);
        const chunk = `10000\r\n${'a'.repeat(0x10000)}\r\n`;
        let sent = 0;
        const pump = () => {
          if (done() || socket.destroyed || sent >= 50_000_000) return;
          sent += 0x10000;
          // Paced, as a slow upload: the answer is read before the server drops the connection.
          if (socket.write(chunk)) setTimeout(pump, 5);
          else socket.once('drain', () => setTimeout(pump, 5));
        };
        pump();
        return () => sent;
      });
      expect(chunked.response).toMatch(/^HTTP\/1\.1 413 /);
      expect(chunked.sent).toBeLessThan(5_000_000);
    } finally {
      await server.close();
    }
  });

  it('malformed JSON answers 400 request.invalid_json', async () => {
    for (const payload of ['{"text":', '{text: 1}', 'null x', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/secret',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'request.invalid_json' });
    }
  });

  it('a body of another media type answers 415 request.unsupported_media_type', async () => {
    for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/secret',
        headers: { 'content-type': type },
        payload: 'text=hello',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toMatchObject({ code: 'request.unsupported_media_type' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('text over maxTextBytes answers 400 validation.text, and text at the limit is accepted', async () => {
    const create = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/secret', payload: { ttl: 3600, ...body } });
    const limit = maxEnvelopeLength(1024);
    // Encrypted: the envelope of a 1024-byte plaintext, and one character more.
    expect((await create({ text: 'h'.repeat(limit) })).statusCode).toBe(201);
    const tooLong = await create({ text: 'h'.repeat(limit + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'validation.text', field: 'text' });
    // Public: plain text counted in UTF-8 bytes, so 513 two-byte characters are over a 1024-byte limit.
    expect((await create({ text: 'a'.repeat(1024), isPublic: true })).statusCode).toBe(201);
    const tooManyBytes = await create({ text: 'é'.repeat(513), isPublic: true });
    expect(tooManyBytes.statusCode).toBe(400);
    expect(tooManyBytes.json()).toMatchObject({ code: 'validation.text' });
  });
});
