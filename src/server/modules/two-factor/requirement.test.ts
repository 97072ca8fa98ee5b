import { expect, it } from 'vitest';
import { routeKey } from '../../../shared/api/contract.js';
import { BEFORE_SECOND_FACTOR } from '../../../shared/api/second-factor.js';
import { API_ROUTES } from '../../api-routes.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { expectError } from '../../test-utils/expect-error.js';
import { PASSWORD, sessionOf, useSessionWorld } from '../../test-utils/session-world.js';
import { twoFactorHelpers } from './two-factor.test-utils.js';

/** The instance setting require_two_factor: password sessions without a second factor reach only the set-up. */

describeEachDialect('requiring two factors', (dialect) => {
  const w = useSessionWorld(dialect);
  const { post, code } = twoFactorHelpers(w);

  it('"everyone": a password session without a factor may set one up, and nothing else until it has', async () => {
    await w.start();
    await w.settings({ require_two_factor: 'everyone' });
    const session = sessionOf(await w.signUp('alice'));
    const refused = await w.get('/secret', session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.two_factor_required' });
    const token = await post('/account/tokens', session, { name: 'x' });
    expect(token.json()).toMatchObject({ code: 'auth.two_factor_required' });
    expect((await w.get('/account', session)).statusCode).toBe(200);
    expect((await w.get('/authentication/verify', session)).statusCode).toBe(200);

    const { secret } = (await post('/account/two-factor/totp', session, { currentPassword: PASSWORD })).json();
    expect((await post('/account/two-factor/totp/confirm', session, { code: code(secret) })).statusCode).toBe(200);
    expect((await w.get('/secret', session)).statusCode).toBe(200);
  });

  it('a held session reads everything the security page shows, and may sign in to or link a provider', async () => {
    await w.start();
    await w.settings({ require_two_factor: 'everyone' });
    const session = sessionOf(await w.signUp('alice'));
    for (const url of [
      '/account',
      '/account/two-factor',
      '/account/passkeys',
      '/account/identities',
      '/account/sessions',
      '/authentication/methods',
    ]) {
      const response = await w.get(url, session);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    // No provider is configured here: the start and the callback send the browser back to a page, not a 403.
    for (const url of ['/authentication/oidc/corp/start?link=true', '/authentication/oidc/corp/callback?code=x']) {
      expect((await w.get(url, session)).statusCode, url).toBe(302);
    }
    expect(
      (await w.inject({ method: 'DELETE', url: '/account/identities/x', headers: { cookie: session } })).json(),
    ).toMatchObject({ code: 'auth.two_factor_required' });
  });

  it('"admins": only admins are held; users go on as before', async () => {
    await w.start();
    await w.t.services.auth.ensureAdmin('root', PASSWORD, 'root@example.com');
    await w.settings({ require_two_factor: 'admins' });
    const user = sessionOf(await w.signUp('alice'));
    expect((await w.get('/secret', user)).statusCode).toBe(200);
    const admin = sessionOf(await w.signIn('root'));
    expect((await w.get('/admin/settings', admin)).json()).toMatchObject({ code: 'auth.two_factor_required' });
  });

  it('an admin cannot require a second factor that the password session asking for it lacks (issue 29.7)', async () => {
    await w.start();
    await w.t.services.auth.ensureAdmin('root', PASSWORD, 'root@example.com');
    const admin = sessionOf(await w.signIn('root'));
    const put = (credentials: Record<string, string>, require_two_factor: string) =>
      w.inject({
        method: 'PUT',
        url: '/admin/settings',
        headers: credentials,
        payload: {
          disable_users: false,
          disable_user_account_creation: false,
          read_only: false,
          disable_file_upload: false,
          require_two_factor,
        },
      });
    // Saved, it would hold this very session: it could not come back to undo it. Refused, and nothing changes.
    for (const value of ['everyone', 'admins']) {
      expectError(await put({ cookie: admin }, value), 409, 'settings.own_second_factor_missing');
    }
    expect((await w.t.services.settings.get()).require_two_factor).toBe('off');
    expect((await w.get('/admin/settings', admin)).statusCode).toBe(200);

    // With a factor of its own, the same session requires one of everybody, and keeps the admin pages.
    const { secret } = (await post('/account/two-factor/totp', admin, { currentPassword: PASSWORD })).json();
    expect((await post('/account/two-factor/totp/confirm', admin, { code: code(secret) })).statusCode).toBe(200);
    expect((await put({ cookie: admin }, 'everyone')).statusCode).toBe(200);
    expect((await w.get('/admin/settings', admin)).statusCode).toBe(200);
    // Turning the requirement off again is never refused.
    expect((await put({ cookie: admin }, 'off')).statusCode).toBe(200);
  });

  it('an admin’s API token, which the requirement does not hold, may require a factor its user lacks', async () => {
    await w.start();
    await w.t.services.auth.ensureAdmin('root', PASSWORD, 'root@example.com');
    const admin = sessionOf(await w.signIn('root'));
    const made = await post('/account/tokens', admin, { name: 'ops', scopes: ['admin'] });
    const token = { authorization: `Bearer ${made.json<{ token: string }>().token}` };
    const payload = {
      disable_users: false,
      disable_user_account_creation: false,
      read_only: false,
      disable_file_upload: false,
      require_two_factor: 'admins',
    };
    expect((await w.inject({ method: 'PUT', url: '/admin/settings', headers: token, payload })).statusCode).toBe(200);
    // The token can still undo it; the password session now sets up its factor first, as the page warned.
    expect((await w.get('/admin/settings', admin)).json()).toMatchObject({ code: 'auth.two_factor_required' });
    expect((await w.inject({ url: '/admin/settings', headers: token })).statusCode).toBe(200);
  });

  it('"off" (the default) holds nobody, and the setting can be pinned by the environment', async () => {
    await w.start({ settingRequireTwoFactor: 'everyone' });
    const session = sessionOf(await w.signUp('alice'));
    expect((await w.get('/secret', session)).json()).toMatchObject({ code: 'auth.two_factor_required' });
    expect((await w.t.services.settings.get()).require_two_factor).toBe('everyone');
    await expect(w.settings({ require_two_factor: 'off' })).rejects.toMatchObject({ code: 'settings.managed' });
  });
});

describeEachDialect('the routes a held session reaches, as the contracts publish them', (dialect) => {
  const w = useSessionWorld(dialect);
  const exempt = new Set(BEFORE_SECOND_FACTOR.map(routeKey));

  it('declare the refusal on every route but the set-up ones', () => {
    for (const route of API_ROUTES) {
      const name = routeKey(route);
      const declared = route.responses[403]?.description ?? '';
      expect(declared.includes('auth.two_factor_required'), name).toBe(!exempt.has(name));
    }
  });

  it('refuse a held session exactly where they say so, under every path a route answers to', async () => {
    await w.start();
    await w.settings({ require_two_factor: 'everyone' });
    const session = sessionOf(await w.signUp('alice'));
    let refused = 0;
    // Signing out ends the session: last.
    const signOutLast = API_ROUTES.toSorted(
      (a, b) => Number(a.path === '/authentication/signout') - Number(b.path === '/authentication/signout'),
    );
    for (const route of signOutLast) {
      const name = routeKey(route);
      for (const path of [route.path, ...(route.aliases ?? [])]) {
        const response = await w.inject({
          method: route.method,
          url: path.replace(/\{\w+\}/g, 'x1234567890'),
          headers: { cookie: session },
          ...(route.method !== 'GET' && { payload: (route.bodyExample ?? {}) as Record<string, unknown> }),
        });
        const code = response.statusCode >= 400 ? (response.json() as { code: string }).code : undefined;
        if (exempt.has(name)) {
          expect(code, `${route.method} ${path}: ${response.body}`).not.toBe('auth.two_factor_required');
        } else {
          expect(code, `${route.method} ${path}: ${response.body}`).toBe('auth.two_factor_required');
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThanOrEqual(70);
  });
});
