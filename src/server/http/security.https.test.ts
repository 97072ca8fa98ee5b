import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-utils/app.js';
import { expectSecurityHeaders } from '../test-utils/security-headers.js';

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
