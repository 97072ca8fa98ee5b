import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { InstanceSettings } from '../../../shared/api/settings.contract.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { createAdminWorld, expectError, PASSWORD, type AdminWorld } from './admin.test-world.js';

/** Every instance setting is enforced by the server, whatever the client sends: through the API, as a client would. */

const SECRET = { text: 'hush1.eA', ttl: 3600 };
const account = (username: string, email = `${username}@example.com`) => ({ username, email, password: PASSWORD });
const basic = (token: string) => `Basic ${Buffer.from(`${token}:x`).toString('base64')}`;

describeEachDialect('settings enforcement', (dialect) => {
  let w: AdminWorld;
  afterEach(() => w.close());

  async function start(settings: Partial<InstanceSettings>) {
    w = await createAdminWorld({ dialect });
    const admin = await w.account('root', 'admin');
    const user = await w.account('alice');
    const creator = await w.account('carol', 'creator');
    const userToken = await w.tokenOf(user);
    const response = await admin.as({
      method: 'PUT',
      url: '/admin/settings',
      payload: {
        disable_users: false,
        disable_user_account_creation: false,
        read_only: false,
        disable_file_upload: false,
        ...settings,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { admin, user, creator, userToken };
  }
  const signUp = (username: string, email?: string) =>
    w.anonymous({ method: 'POST', url: '/authentication/signup', payload: account(username, email) });
  const signIn = (username: string) =>
    w.anonymous({ method: 'POST', url: '/authentication/signin', payload: { username, password: PASSWORD } });

  describe('read_only', () => {
    it('only admins and creators create secrets, by session or API token; everyone still reads', async () => {
      const { admin, user, creator, userToken } = await start({ read_only: true });
      const existing = await w.t.database.db.selectFrom('secrets').select('id').execute();
      expect(existing).toEqual([]);
      const post = (headers: Record<string, string>) =>
        w.inject(headers, { method: 'POST', url: '/secret', payload: SECRET });
      expectError(await post({}), 403, 'secret.read_only');
      expectError(await post({ cookie: user.cookie }), 403, 'secret.read_only');
      expectError(await post({ authorization: `Bearer ${userToken}` }), 403, 'secret.read_only');
      expectError(await post({ authorization: basic(userToken) }), 403, 'secret.read_only');
      expect(await w.count('secrets')).toBe(0);

      const adminToken = await w.tokenOf(admin);
      const creatorToken = await w.tokenOf(creator);
      const allowed: Record<string, string>[] = [
        { cookie: admin.cookie },
        { cookie: creator.cookie },
        { authorization: `Bearer ${adminToken}` },
        { authorization: basic(creatorToken) },
      ];
      for (const headers of allowed) {
        expect((await post(headers)).statusCode, JSON.stringify(headers)).toBe(201);
      }
      const id = (await post({ cookie: creator.cookie })).json().id;
      const read = await w.anonymous({ method: 'POST', url: `/secret/${id}` });
      expect(read.statusCode, 'reading is not creating').toBe(200);
    });

    it('cannot be bypassed by query strings, body fields, paths, prefixes, case or headers', async () => {
      const { user, userToken } = await start({ read_only: true });
      const body = JSON.stringify(SECRET);
      const attempts: InjectOptions[] = [
        ...[
          '/api/v1/secret?read_only=false',
          '/api/v1/secret?read_only=0&role=admin',
          '/api/v1/secret/',
          '/api/v1/secret/?read_only=false',
          '/api/v1//secret',
          '/api/secret',
          '/api/secret/',
          '/API/V1/SECRET',
          '/Api/v1/secret',
          '/api/v1/Secret',
          '/api/v1/secret%2F',
          '/api/v1/./secret',
          '/api/v2/../v1/secret',
          '/api/v1/secret;read_only=false',
          '/api/v1/secret#x',
        ].map((url) => ({
          method: 'POST' as const,
          url,
          payload: body,
          headers: { 'content-type': 'application/json' },
        })),
        { method: 'POST', url: '/api/v1/secret', payload: { ...SECRET, read_only: false, role: 'admin' } },
        { method: 'POST', url: '/api/v1/secret', payload: SECRET, headers: { AUTHORIZATION: `Bearer ${userToken}` } },
        { method: 'POST', url: '/api/v1/secret', payload: SECRET, headers: { Authorization: `bearer ${userToken}` } },
        {
          method: 'POST',
          url: '/api/v1/secret',
          payload: SECRET,
          headers: { authorization: `BASIC ${basic(userToken).slice(6)}` },
        },
        { method: 'POST', url: '/api/secret/', payload: SECRET, headers: { cookie: user.cookie } },
        {
          method: 'POST',
          url: '/api/v1/secret',
          payload: SECRET,
          headers: { 'x-hush-role': 'admin', 'x-forwarded-for': '127.0.0.1' },
        },
        { method: 'POST', url: '/api/v1/secret', payload: SECRET, headers: { 'x-http-method-override': 'GET' } },
        { method: 'PUT', url: '/api/v1/secret', payload: SECRET },
      ];
      for (const attempt of attempts) {
        const response = await w.raw(attempt);
        const what = `${attempt.method} ${attempt.url} ${JSON.stringify(attempt.headers)} → ${response.statusCode} ${response.body}`;
        expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, what).toBeLessThan(500);
        expect(response.json(), what).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
      expect(await w.count('secrets'), 'no attempt created a secret').toBe(0);
    });

    it('a role change counts at once; turning read_only off opens creation to all again', async () => {
      const { admin, user } = await start({ read_only: true });
      const post = () => user.as({ method: 'POST', url: '/secret', payload: SECRET });
      expectError(await post(), 403, 'secret.read_only');
      await admin.as({
        method: 'PUT',
        url: '/admin/users',
        payload: { username: 'alice', email: 'alice@example.com', role: 'creator' },
      });
      expect((await post()).statusCode).toBe(201);
      await admin.as({
        method: 'PUT',
        url: '/admin/users',
        payload: { username: 'alice', email: 'alice@example.com', role: 'user' },
      });
      expectError(await post(), 403, 'secret.read_only');
      await w.t.services.settings.update({ read_only: false });
      expect((await w.anonymous({ method: 'POST', url: '/secret', payload: SECRET })).statusCode).toBe(201);
    });
  });

  describe('disable_users', () => {
    it('no sign-up and no sign-in but for admins; users’ sessions count as signed out and their tokens are refused', async () => {
      const { admin, user, creator, userToken } = await start({ disable_users: true });
      expectError(await signUp('newbie'), 403, 'auth.signup_disabled');
      expectError(await signIn('alice'), 403, 'auth.signin_disabled');
      expectError(await signIn('carol'), 403, 'auth.signin_disabled');
      expect((await signIn('root')).statusCode).toBe(200);
      expectError(await user.as({ url: '/account' }), 401, 'auth.not_signed_in');
      expectError(await creator.as({ url: '/account' }), 401, 'auth.not_signed_in');
      expectError(
        await w.inject({ authorization: `Bearer ${userToken}` }, { url: '/account' }),
        401,
        'auth.not_signed_in',
      );
      const asSession = await user.as({ method: 'POST', url: '/secret', payload: { ...SECRET, ttl: 2419200 } });
      expectError(asSession, 400, 'validation.ttl');
      expect((await admin.as({ url: '/account' })).statusCode).toBe(200);

      await w.t.services.settings.update({ disable_users: false });
      expect((await user.as({ url: '/account' })).statusCode, 'the session is back when users are enabled').toBe(200);
    });
  });

  describe('disable_user_account_creation', () => {
    it('no sign-up under either prefix; signing in and admins creating users still work', async () => {
      const { admin } = await start({ disable_user_account_creation: true });
      expectError(await signUp('newbie'), 403, 'auth.signup_disabled');
      const viaApi = await w.raw({ method: 'POST', url: '/api/authentication/signup/', payload: account('newbie') });
      expectError(viaApi, 403, 'auth.signup_disabled');
      expect((await signIn('alice')).statusCode).toBe(200);
      const created = await admin.as({ method: 'POST', url: '/admin/users', payload: account('newbie') });
      expect(created.statusCode, created.body).toBe(201);
      expect(await w.count('users')).toBe(4);
    });
  });

  describe('restrict_organization_email', () => {
    it('sign-up and email changes need the domain; admins are not bound by it', async () => {
      const { admin, user } = await start({ restrict_organization_email: 'Corp.Example' });
      expectError(await signUp('newbie'), 403, 'auth.email_domain');
      expectError(await signUp('newbie', 'newbie@evil-corp.example'), 403, 'auth.email_domain');
      expect((await signUp('newbie', 'newbie@CORP.example')).statusCode).toBe(201);
      const change = (email: string) =>
        user.as({ method: 'PUT', url: '/account/update', payload: { currentPassword: PASSWORD, email } });
      expectError(await change('alice@other.example'), 403, 'auth.email_domain');
      expect((await change('alice@corp.example')).statusCode).toBe(200);
      const created = await admin.as({ method: 'POST', url: '/admin/users', payload: account('outsider') });
      expect(created.statusCode, created.body).toBe(201);
      const updated = await admin.as({
        method: 'PUT',
        url: '/admin/users',
        payload: { username: 'alice', email: 'alice@other.example', role: 'user' },
      });
      expect(updated.statusCode, updated.body).toBe(200);
    });
  });

  describe('disable_file_upload and hide_allowed_ip_input', () => {
    it('are published to the page; files are refused while uploads are disabled, even for admins; allowedIp still applies', async () => {
      const { admin, user } = await start({ disable_file_upload: true, hide_allowed_ip_input: true });
      expect((await w.anonymous({ url: '/settings/public' })).json()).toMatchObject({
        disable_file_upload: true,
        hide_allowed_ip_input: true,
      });
      const withFile = { ...SECRET, files: [{ meta: 'hush1.eA', size: 1044, partSize: 65536 }] };
      for (const caller of [w.anonymous, user.as, admin.as]) {
        expectError(await caller({ method: 'POST', url: '/secret', payload: withFile }), 403, 'files.upload_disabled');
      }
      expect(await w.count('secrets')).toBe(0);
      const restricted = await w.anonymous({
        method: 'POST',
        url: '/secret',
        payload: { ...SECRET, allowedIp: '10.0.0.0/8' },
      });
      expect(restricted.statusCode).toBe(201);
      expectError(await w.anonymous({ url: `/secret/${restricted.json().id}/exist` }), 403, 'secret.ip_not_allowed');
    });
  });
});
