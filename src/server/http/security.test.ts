import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxEnvelopeLength } from '../../shared/rules/secrets.js';
import { createSecret, createTestApp, type TestApp } from '../test-utils/app.js';

type Headers = Record<string, string | string[] | number | undefined>;

/** The CSP as a map of directive → sources, so checks are token by token ('wasm-unsafe-eval' ≠ 'unsafe-eval'). */
function parseCsp(value: unknown): Map<string, string[]> {
  expect(typeof value).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(value).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** Every security header DESIGN.md §7 asks for, on any kind of response. */
function expectSecurityHeaders(headers: Headers) {
  const csp = parseCsp(headers['content-security-policy']);
  const allSources = [...csp.values()].flat();
  expect(allSources).not.toContain("'unsafe-inline'");
  expect(allSources).not.toContain("'unsafe-eval'");
  expect(allSources).not.toContain('*');
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}

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

describe('security headers under HTTPS', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';

  it('HSTS is sent when the public URL is https://', async () => {
    const t = await createTestApp({ config: { publicUrl: 'https://hush.example.org' } });
    try {
      const ok = await t.app.inject('/api/v1/secret/public/');
      const error = await t.app.inject({ method: 'POST', url: '/api/v1/secret/AAAAAAAAAAAAAAAAAAAAAA' });
      for (const response of [ok, error]) {
        expect(response.headers['strict-transport-security']).toBe(HSTS);
        expectSecurityHeaders(response.headers);
      }
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy, HSTS follows X-Forwarded-Proto request by request', async () => {
    const t = await createTestApp({ config: { trustedProxies: ['10.0.0.1'] } });
    try {
      const viaProxy = (proto: string) =>
        t.app.inject({
          url: '/api/v1/secret/public/',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-proto': proto },
        });
      const secure = await viaProxy('https');
      expect(secure.headers['strict-transport-security']).toBe(HSTS);
      expectSecurityHeaders(secure.headers);
      expect(secure.headers['cache-control']).toBe('no-store');
      expect((await viaProxy('http')).headers['strict-transport-security']).toBeUndefined();
      // The same app, the next plain request: nothing of the HTTPS one stuck.
      const plain = await t.app.inject({ url: '/api/v1/secret/public/', remoteAddress: '10.0.0.1' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // Errors answered by the error handler follow it too.
      const error = await t.app.inject({
        method: 'POST',
        url: '/api/v1/secret/AAAAAAAAAAAAAAAAAAAAAA',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(error.statusCode).toBe(404);
      expect(error.headers['strict-transport-security']).toBe(HSTS);
    } finally {
      await t.close();
    }
  });

  it('X-Forwarded-Proto: https from a client that is not a trusted proxy changes nothing', async () => {
    const proxied = await createTestApp({ config: { trustedProxies: ['10.0.0.1'] } });
    const direct = await createTestApp();
    try {
      const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.0.0.1' };
      const responses = [
        await proxied.app.inject({ url: '/api/v1/secret/public/', remoteAddress: '198.51.100.7', headers }),
        await direct.app.inject({ url: '/api/v1/secret/public/', remoteAddress: '10.0.0.1', headers }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  it('an https public URL keeps HSTS even when the proxy says http or says nothing', async () => {
    const t = await createTestApp({
      config: { publicUrl: 'https://hush.example.org', trustedProxies: ['10.0.0.1'] },
    });
    try {
      for (const headers of [{ 'x-forwarded-proto': 'http' }, {}]) {
        const response = await t.app.inject({ url: '/api/v1/secret/public/', remoteAddress: '10.0.0.1', headers });
        expect(response.headers['strict-transport-security']).toBe(HSTS);
      }
    } finally {
      await t.close();
    }
  });

  it('an http:// public URL sends no HSTS', async () => {
    const t = await createTestApp({ config: { publicUrl: 'http://hush.example.org' } });
    try {
      expect((await t.app.inject('/api/v1/secret/public/')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('the web page (SPA fallback)', () => {
  const HOSTILE = '</script><script>alert(1)</script><!--';
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-client-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><script id="hush-config" type="application/json"></script>' +
        '<script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("hush");');
    // forcedLanguage is validated when read from the environment; here it stands in for any hostile value.
    t = await createTestApp({ clientDir: dir, config: { forcedLanguage: HOSTILE } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const configElement = /<script id="hush-config" type="application\/json">([^<]*)<\/script>/;

  it('page routes answer the index page with the security headers', async () => {
    for (const url of ['/', '/secret/abc', '/secret/key/id', '/account/users', '/Signin?next=1', '/public/alice']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root"></div>');
      expectSecurityHeaders(response.headers);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('the runtime configuration is injected as JSON, with < escaped so it cannot close the element', async () => {
    const response = await t.app.inject('/');
    const match = configElement.exec(response.body);
    expect(match).not.toBeNull();
    const json = match![1]!;
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script>');
    expect(JSON.parse(json)).toEqual({
      forcedLanguage: HOSTILE,
      version: expect.any(String),
      commit: 'dev',
      analyticsEnabled: false,
      sourceUrl: '',
      maxTextBytes: 1024 * 1024,
      files: {
        uploadRestriction: true,
        maxFileBytes: 1024 ** 3,
        maxSecretFileBytes: 2 * 1024 ** 3,
        anonymousMaxFileBytes: 10 * 1024 ** 2,
      },
    });
    // The hostile value did not open a script element of its own.
    expect(response.body.match(/<script/g)).toHaveLength(2);
    expect(response.body).not.toContain('alert(1)</script>');
  });

  it('hashed assets are served cacheable forever, still with the security headers', async () => {
    const response = await t.app.inject('/assets/app.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("hush");');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(response.headers);
  });

  it('unknown API paths and non-GET requests get a JSON 404, never the page', async () => {
    const responses = [
      await t.app.inject('/api/v1/nothing-here'),
      await t.app.inject('/api/nothing-here'),
      await t.app.inject({ method: 'POST', url: '/signin' }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'request.not_found' });
      expect(response.body).not.toContain('hush-config');
      expectSecurityHeaders(response.headers);
    }
    expect(responses[0]!.headers['cache-control']).toBe('no-store');
  });

  it('an unknown page-like path is a 404: the app’s 404 page for a browser, a bare error otherwise', async () => {
    const browser = await t.app.inject({ url: '/admin/login', headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(browser.statusCode).toBe(404);
    expect(browser.body).toContain('<div id="root"></div>');
    expectSecurityHeaders(browser.headers);
    const script = await t.app.inject({ url: '/admin/login', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
    expect(script.json()).toMatchObject({ code: 'request.not_found' });
  });

  it('files, dot paths and operator endpoints that do not exist get a bare 404, never the app', async () => {
    for (const url of ['/.env', '/wp-login.php', '/metrics', '/.git/config', '/favicon.ico', '/healthz/x']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'request.not_found' });
      expectSecurityHeaders(response.headers);
    }
  });
});
