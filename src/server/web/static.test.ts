import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/app.js';
import { expectSecurityHeaders } from '../test-utils/security-headers.js';

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
