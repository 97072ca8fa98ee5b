import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/app.js';
import { expectSecurityHeaders } from '../test-utils/security-headers.js';

const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A built client folder: the page, one hashed asset and (unless `cli` is null) the command-line client. */
function clientFolder(cli: string | null): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-cli-download-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script id="hush-config"></script>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("hush");');
  if (cli !== null) fs.writeFileSync(path.join(dir, 'hush-cli.mjs'), cli);
  return dir;
}

describe('the command-line client at /hush-cli.mjs', () => {
  const CLI = '#!/usr/bin/env node\nconsole.log("Usage: hush …");\n';
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = clientFolder(CLI);
    t = await createTestApp({ clientDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is served as JavaScript that caches must check again, with the security headers', async () => {
    const response = await t.app.inject('/hush-cli.mjs');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(CLI);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expectSecurityHeaders(response.headers);
  });

  it('answers HEAD with the size and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/hush-cli.mjs' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(CLI));
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('its checksum is the SHA-256 of the bytes served, in the line sha256sum -c reads', async () => {
    const file = await t.app.inject('/hush-cli.mjs');
    const checksum = await t.app.inject('/hush-cli.mjs.sha256');
    expect(checksum.statusCode).toBe(200);
    expect(checksum.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(checksum.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(checksum.headers);
    expect(checksum.body).toBe(`${sha256(file.rawPayload)}  hush-cli.mjs\n`);
  });

  it('a cache that holds the same file gets 304 for its ETag', async () => {
    const first = await t.app.inject('/hush-cli.mjs');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await t.app.inject({ url: '/hush-cli.mjs', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ url: '/hush-cli.mjs', headers: { 'if-none-match': '"old"' } });
    expect(other.statusCode).toBe(200);
  });

  it('a new build written into the folder of the running server is served with its own checksum', async () => {
    const file = path.join(dir, 'hush-cli.mjs');
    const next = `${CLI}// the next version, longer than the last\n`;
    fs.writeFileSync(file, next);
    try {
      expect((await t.app.inject('/hush-cli.mjs')).body).toBe(next);
      expect((await t.app.inject('/hush-cli.mjs.sha256')).body).toBe(`${sha256(next)}  hush-cli.mjs\n`);
    } finally {
      fs.writeFileSync(file, CLI);
    }
  });

  it('the other files of the client are still served as before', async () => {
    const response = await t.app.inject('/assets/app.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('without the command-line client (a server run without a build)', () => {
  async function expectNotFound(clientDir: string | null) {
    const t = await createTestApp({ clientDir });
    try {
      for (const url of ['/hush-cli.mjs', '/hush-cli.mjs.sha256']) {
        const response = await t.app.inject({ url, headers: { accept: 'text/html,*/*' } });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ code: 'request.not_found', message: expect.any(String) });
        expect(response.headers['cache-control'], url).toBe('no-store');
        expectSecurityHeaders(response.headers);
      }
    } finally {
      await t.close();
    }
  }

  it('a built client without the file: both paths are a JSON 404, never the page', async () => {
    const dir = clientFolder(null);
    try {
      await expectNotFound(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no web client at all (the API alone): both paths are a JSON 404', async () => {
    await expectNotFound(null);
  });
});
