import { describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../lib/tokens.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { expectError } from '../../test-utils/expect-error.js';
import { accountBody, PASSWORD, sessionOf, useSessionWorld } from '../../test-utils/session-world.js';

/** API tokens: who may create them, what they open, and when they stop working; secrets created with them. */

const DAY = 24 * 60 * 60 * 1000;
type Body = Record<string, unknown>;

describeEachDialect('authentication', (dialect) => {
  const w = useSessionWorld(dialect);
  const { inject, signIn, signUp } = w;
  const start = () => w.start();

  describe('secrets and API tokens', () => {
    const createSecret = (ttl: number, headers: Record<string, string> = {}) =>
      inject({ method: 'POST', url: '/secret', headers, payload: { text: 'hush1.eA', ttl } });
    async function signedIn() {
      const cookie = sessionOf(await signUp(accountBody('alice')));
      const newToken = async (payload: Body = { name: 'ci' }) =>
        (await inject({ method: 'POST', url: '/account/tokens', headers: { cookie }, payload })).json<{
          id: string;
          token: string;
        }>();
      return { cookie, newToken };
    }

    it('signed-in users get the 14- and 28-day lifetimes; anonymous callers get 400 validation.ttl', async () => {
      await start();
      const { cookie } = await signedIn();
      for (const days of [14, 28]) {
        expectError(await createSecret(days * 86400), 400, 'validation.ttl');
        const created = await createSecret(days * 86400, { cookie });
        expect(created.statusCode).toBe(201);
        expect(created.json().expiresAt).toBe(new Date(w.clock() + days * DAY).toISOString());
      }
    });

    it('a secret created with a token belongs to its user', async () => {
      await start();
      const { cookie, newToken } = await signedIn();
      const { token } = await newToken();
      const basic = `Basic ${Buffer.from(`${token}:any password`).toString('base64')}`;
      const viaBearer = await createSecret(2419200, { authorization: `Bearer ${token}` });
      const viaBasic = await createSecret(1209600, { authorization: basic });
      expect([viaBearer.statusCode, viaBasic.statusCode]).toEqual([201, 201]);
      const own = await inject({ url: '/account/secrets', headers: { cookie } });
      expect(
        own
          .json()
          .map((secret: { id: string }) => secret.id)
          .sort(),
      ).toEqual([viaBearer.json().id, viaBasic.json().id].sort());
      const burned = await inject({ method: 'POST', url: `/secret/${viaBearer.json().id}/burn`, headers: { cookie } });
      expect(burned.statusCode, 'the owner burns it without the delete token').toBe(200);
    });

    it('a token cannot create or revoke tokens, change the password or delete the account', async () => {
      await start();
      const { newToken } = await signedIn();
      const { id, token } = await newToken();
      for (const authorization of [`Bearer ${token}`, `Basic ${Buffer.from(`${token}:`).toString('base64')}`]) {
        const headers = { authorization };
        const requests = [
          { method: 'POST', url: '/account/tokens', payload: { name: 'more' } },
          { method: 'DELETE', url: `/account/tokens/${id}` },
          {
            method: 'PUT',
            url: '/account/update',
            payload: { currentPassword: PASSWORD, newPassword: 'pwned!', confirmNewPassword: 'pwned!' },
          },
          { method: 'POST', url: '/account/delete', payload: { currentPassword: PASSWORD } },
        ];
        for (const request of requests) {
          expectError(await inject({ ...request, headers }), 403, 'auth.session_required');
        }
        expect((await inject({ url: '/secret', headers })).statusCode, 'the token still works').toBe(200);
      }
      expect((await signIn('alice')).statusCode, 'the password is unchanged').toBe(200);
    });

    it('a malformed Basic or Bearer header is refused with 401, on every route', async () => {
      await start();
      const malformed = [
        'Basic',
        'Basic !!!!',
        `Basic ${Buffer.from(':password').toString('base64')}`,
        `Basic ${Buffer.from('not-a-token').toString('base64')}`,
        'Bearer',
        'Bearer not-a-token',
      ];
      for (const authorization of malformed) {
        for (const request of [{ url: '/account' }, { url: '/settings/public' }]) {
          expectError(await inject({ ...request, headers: { authorization } }), 401, 'auth.not_signed_in');
        }
        const created = await createSecret(3600, { authorization });
        expectError(created, 401, 'auth.not_signed_in');
      }
    });

    it('an expired token and a revoked token are refused with 401', async () => {
      await start();
      const { cookie, newToken } = await signedIn();
      const expiring = await newToken({ name: 'day', expiresInDays: 1 });
      const revoked = await newToken({ name: 'gone' });
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

      expect((await inject({ url: '/secret', headers: bearer(expiring.token) })).statusCode).toBe(200);
      const revoke = await inject({ method: 'DELETE', url: `/account/tokens/${revoked.id}`, headers: { cookie } });
      expect(revoke.statusCode).toBe(200);
      expectError(await inject({ url: '/secret', headers: bearer(revoked.token) }), 401, 'auth.not_signed_in');
      expectError(await createSecret(3600, bearer(revoked.token)), 401, 'auth.not_signed_in');

      w.clock.advance(DAY - 1);
      expect((await inject({ url: '/secret', headers: bearer(expiring.token) })).statusCode).toBe(200);
      w.clock.advance(1);
      expectError(await inject({ url: '/secret', headers: bearer(expiring.token) }), 401, 'auth.not_signed_in');
      expectError(await createSecret(3600, bearer(expiring.token)), 401, 'auth.not_signed_in');
      const again = await inject({ method: 'DELETE', url: `/account/tokens/${revoked.id}`, headers: { cookie } });
      expectError(again, 404, 'request.not_found');
    });

    it('the token list shows name, creation, last use, expiry and scopes, never the token', async () => {
      await start();
      const { cookie, newToken } = await signedIn();
      const { token } = await newToken({ name: 'ci', expiresInDays: 30 });
      w.clock.advance(1000);
      await inject({ url: '/secret', headers: { authorization: `Bearer ${token}` } });
      await vi.waitFor(async () => {
        const list = (await inject({ url: '/account/tokens', headers: { cookie } })).json();
        expect(list).toEqual([
          {
            id: expect.any(String),
            name: 'ci',
            createdAt: new Date(w.clock() - 1000).toISOString(),
            lastUsedAt: new Date(w.clock()).toISOString(),
            expiresAt: new Date(w.clock() - 1000 + 30 * DAY).toISOString(),
            scopes: ['secrets:read', 'secrets:create'],
          },
        ]);
      });
      const stored = await w.t.database.db.selectFrom('api_tokens').select('token_hash').executeTakeFirstOrThrow();
      expect(stored.token_hash, 'stored as its hash only').toBe(sha256(token));
    });

    it('a failure to record a token’s last use neither fails the request nor escapes unhandled', async () => {
      await start();
      const { newToken } = await signedIn();
      const { token } = await newToken();
      const unhandled: unknown[] = [];
      const listener = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', listener);
      try {
        w.t.services.tokens.touch = () => Promise.reject(new Error('database unavailable'));
        const response = await inject({ url: '/secret', headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', listener);
      }
    });
  });
});
