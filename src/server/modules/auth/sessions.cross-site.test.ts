import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../api-routes.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { PASSWORD, sessionOf, useSessionWorld } from '../../test-utils/session-world.js';

/** Cookie-authenticated requests from another site are refused on every state-changing route (DESIGN.md §7). */

describeEachDialect('sessions', (dialect) => {
  const w = useSessionWorld(dialect);
  const { start, inject, signUp, get } = w;

  describe('a request from another site', () => {
    const UNSAFE = API_ROUTES.filter((route) => route.method !== 'GET');
    const urlOf = (path: string) => path.replace(/\{\w+\}/g, 'AAAAAAAAAAAAAAAAAAAAAA');
    const CROSS_SITE = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];

    it('covers every state-changing route', () => {
      expect(UNSAFE.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
        'DELETE /account/identities/{id}',
        'DELETE /account/passkeys/{id}',
        'DELETE /account/sessions/{id}',
        'DELETE /account/tokens/{id}',
        'DELETE /account/webhooks/{id}',
        'DELETE /admin/users',
        'DELETE /admin/webhooks/{id}',
        'DELETE /requests/{id}',
        'POST /account/activity/seen',
        'POST /account/delete',
        'POST /account/email/verification',
        'POST /account/passkeys',
        'POST /account/passkeys/options',
        'POST /account/sessions/sign-out-others',
        'POST /account/tokens',
        'POST /account/two-factor/backup-codes',
        'POST /account/two-factor/totp',
        'POST /account/two-factor/totp/confirm',
        'POST /account/two-factor/totp/disable',
        'POST /account/webhooks',
        'POST /account/webhooks/{id}/rotate',
        'POST /account/webhooks/{id}/test',
        'POST /admin/users',
        'POST /admin/webhooks',
        'POST /admin/webhooks/{id}/rotate',
        'POST /admin/webhooks/{id}/test',
        'POST /analytics/track',
        'POST /authentication/header',
        'POST /authentication/oidc/link',
        'POST /authentication/password-reset',
        'POST /authentication/password-reset/confirm',
        'POST /authentication/setup',
        'POST /authentication/signin',
        'POST /authentication/signin/passkey',
        'POST /authentication/signin/passkey/options',
        'POST /authentication/signin/second-factor',
        'POST /authentication/signout',
        'POST /authentication/signup',
        'POST /authentication/signup/confirm',
        'POST /authentication/verify-email',
        'POST /download',
        'POST /receipt/{id}',
        'POST /requests',
        'POST /requests/{id}/responses',
        'POST /requests/{id}/revoke',
        'POST /secret',
        'POST /secret/{id}',
        'POST /secret/{id}/burn',
        'POST /secret/{id}/upload/complete',
        'PUT /account/notifications',
        'PUT /account/passkeys/{id}',
        'PUT /account/update',
        'PUT /account/webhooks/{id}',
        'PUT /admin/settings',
        'PUT /admin/users',
        'PUT /admin/webhooks/{id}',
        'PUT /secret/{id}/files/{fileId}/parts/{part}',
      ]);
    });

    it('is refused with 403 auth.cross_site on every state-changing route when it carries the session cookie', async () => {
      await start();
      const cookie = sessionOf(await signUp());
      for (const route of UNSAFE) {
        for (const site of CROSS_SITE) {
          const response = await inject({
            method: route.method,
            url: urlOf(route.path),
            headers: { cookie, ...site },
            payload: { currentPassword: PASSWORD, name: 'x', text: 'x', ttl: 3600 },
          });
          expect(response.statusCode, `${route.method} ${route.path} ${JSON.stringify(site)}`).toBe(403);
          expect(response.json().code).toBe('auth.cross_site');
        }
      }
      // Nothing happened: the session is live (no sign-out), the account exists (no delete), no token was made.
      expect((await get('/account', cookie)).statusCode).toBe(200);
      expect((await get('/account/tokens', cookie)).json()).toEqual([]);
      expect((await get('/account/secrets', cookie)).json()).toEqual([]);
    });

    it('is not refused for that reason without a cookie (API clients), nor from the same origin', async () => {
      await start();
      const cookie = sessionOf(await signUp());
      const token = (
        await inject({ method: 'POST', url: '/account/tokens', headers: { cookie }, payload: { name: 'ci' } })
      ).json().token as string;
      const sameOrigin = [
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
        { origin: 'http://hush.example.com', host: 'hush.example.com' },
      ];
      const callers = [
        ...CROSS_SITE.map((site) => ({ ...site })),
        ...CROSS_SITE.map((site) => ({ ...site, authorization: `Bearer ${token}` })),
        ...sameOrigin.map((site) => ({ ...site, cookie })),
      ];
      // Sign-out last: it would end the session the other requests need alive for the check to apply.
      const signoutLast = [...UNSAFE].sort(
        (a, b) => Number(a.path.endsWith('/signout')) - Number(b.path.endsWith('/signout')),
      );
      for (const route of signoutLast) {
        for (const headers of callers) {
          const response = await inject({
            method: route.method,
            url: urlOf(route.path),
            headers,
            payload: { currentPassword: 'wrong password', name: 'x', text: 'x', ttl: 3600 },
          });
          expect(response.json().code, `${route.method} ${route.path} ${JSON.stringify(headers)}`).not.toBe(
            'auth.cross_site',
          );
        }
      }
    });
  });
});
