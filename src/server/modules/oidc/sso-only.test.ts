import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';

const PASSWORD = 'correct horse';
const PROVIDER = {
  id: 'default',
  name: 'SSO',
  issuer: 'https://id.example',
  clientId: 'hush',
  clientSecret: '',
  scopes: ['openid'],
};

describeEachDialect('HUSH_SSO_ONLY', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const signin = (username: string) =>
    t!.app.inject({ method: 'POST', url: '/api/v1/authentication/signin', payload: { username, password: PASSWORD } });

  it('hides and refuses password sign-up and sign-in, except an admin’s (break-glass)', async () => {
    t = await createTestApp({
      dialect,
      config: { ssoOnly: true, oidcProviders: [PROVIDER], publicUrl: 'https://hush.example' },
    });
    await t.services.auth.ensureAdmin('rootuser', PASSWORD, 'root@example.com');
    await t.services.auth.createUser({ username: 'alice', email: 'alice@example.com', password: PASSWORD }, 'user');

    const methods = await t.app.inject({ url: '/api/v1/authentication/methods' });
    expect(methods.json()).toMatchObject({
      password: false,
      signup: false,
      providers: [{ id: 'default', name: 'SSO' }],
    });

    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/signup',
      payload: { username: 'mallory', email: 'm@example.com', password: PASSWORD },
    });
    expect(signup.statusCode).toBe(403);
    expect(signup.json().code).toBe('auth.sso_only');

    const user = await signin('alice');
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('auth.sso_only');
    expect(user.headers['set-cookie']).toBeUndefined();
    // A wrong password says only that: whether the account may use a password is not told to strangers.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/signin',
      payload: { username: 'alice', password: 'nope' },
    });
    expect(wrong.json().code).toBe('auth.invalid_credentials');

    const admin = await signin('rootuser');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().role).toBe('admin');
  });

  it('without it, the password form and sign-up are offered', async () => {
    t = await createTestApp({ dialect });
    const methods = await t.app.inject({ url: '/api/v1/authentication/methods' });
    expect(methods.json()).toMatchObject({ password: true, signup: true, providers: [] });
    await t.services.settings.update({ disable_user_account_creation: true });
    expect((await t.app.inject({ url: '/api/v1/authentication/methods' })).json().signup).toBe(false);
  });
});
