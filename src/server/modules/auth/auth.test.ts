import type * as Argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { describeEachDialect } from '../../test-utils/database.js';
import { expectError } from '../../test-utils/expect-error.js';
import { accountBody, PASSWORD, sessionOf, useSessionWorld } from '../../test-utils/session-world.js';

/** Signing up and in, and the rules around it (settings, lockout, first admin); API tokens: auth.tokens.test.ts. */

// Every argon2id verification, by the hash it checked: unknown users must cost one, like known ones.
const argon2 = vi.hoisted(() => ({ verified: [] as string[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (hash: string, ...rest: [string]) => {
      argon2.verified.push(hash);
      return real.verify(hash, ...rest);
    },
  };
});

const DAY = 24 * 60 * 60 * 1000;
type Body = Record<string, unknown>;

describeEachDialect('authentication', (dialect) => {
  const w = useSessionWorld(dialect);
  const { inject, signIn, signUp, settings } = w;
  const start = () => w.start();
  const countUsers = async () => (await w.t.database.db.selectFrom('users').select('id').execute()).length;

  describe('sign-up', () => {
    it('refuses each invalid field with 400 validation.<field>, and creates nothing', async () => {
      await start();
      const cases: [Body, string][] = [
        ...['abc', 'u'.repeat(21), 'has space', 'ünïcode', 'alice/..', 'a<b>c'].map((username): [Body, string] => [
          accountBody('alice', { username }),
          'username',
        ]),
        [accountBody('alice', { password: 'abcd' }), 'password'],
        [accountBody('alice', { password: 'x'.repeat(51) }), 'password'],
        [accountBody('alice', { email: undefined }), 'email'],
        [accountBody('alice', { email: '' }), 'email'],
        [accountBody('alice', { email: 'not-an-email' }), 'email'],
        [accountBody('alice', { email: 'alice@' }), 'email'],
      ];
      for (const [body, field] of cases) {
        const response = await signUp(body);
        expectError(response, 400, `validation.${field}`);
        expect(response.cookies).toEqual([]);
      }
      expect(await countUsers()).toBe(0);
    });

    it('accepts the limits: usernames of 4 and 20 characters, passwords of 5 and 50', async () => {
      await start();
      expect((await signUp(accountBody('a.b-', { password: '12345' }))).statusCode).toBe(201);
      expect((await signUp(accountBody('u'.repeat(20), { password: 'p'.repeat(50) }))).statusCode).toBe(201);
    });

    it('refuses a username or email taken in another case with 409, creating nothing', async () => {
      await start();
      expect((await signUp(accountBody('Alice'))).statusCode).toBe(201);
      const sessions = async () => (await w.t.database.db.selectFrom('sessions').select('id').execute()).length;
      const before = { users: await countUsers(), sessions: await sessions() };

      const sameName = await signUp(accountBody('ALICE', { email: 'other@example.com' }));
      expectError(sameName, 409, 'auth.username_taken');
      expect(sameName.json().field).toBe('username');
      expectError(await signUp(accountBody('other', { email: 'ALICE@Example.COM' })), 409, 'auth.email_taken');
      expectError(await signUp(accountBody('alice')), 409, 'auth.username_taken');
      expect(sameName.cookies).toEqual([]);
      expect({ users: await countUsers(), sessions: await sessions() }).toEqual(before);
    });
  });

  describe('sign-in', () => {
    it('works with the username or the email, in any case', async () => {
      await start();
      await signUp(accountBody('alice'));
      for (const login of ['alice', 'ALICE', 'alice@example.com', 'Alice@Example.com']) {
        const response = await signIn(login);
        expect(response.statusCode, login).toBe(200);
        expect(response.json()).toMatchObject({ username: 'alice', role: 'user' });
      }
    });

    it('answers an unknown user and a wrong password alike, both after an argon2id verification', async () => {
      await start();
      await signUp(accountBody('alice'));
      const stored = await w.t.database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();

      argon2.verified.length = 0;
      const unknown = await signIn('nobody', PASSWORD);
      const unknownHashes = argon2.verified.splice(0);
      const wrong = await signIn('alice', 'wrong password');
      const wrongHashes = argon2.verified.splice(0);

      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      expect(unknown.json().code).toBe('auth.invalid_credentials');
      expect(unknown.cookies).toEqual([]);
      expect(wrongHashes).toEqual([stored.password_hash]);
      // The unknown user costs one verification too, against a dummy argon2id hash of the same parameters.
      expect(unknownHashes).toHaveLength(1);
      expect(unknownHashes[0]).not.toBe(stored.password_hash);
      expect(unknownHashes[0]!.split('$').slice(0, 4)).toEqual(stored.password_hash.split('$').slice(0, 4));
    });

    const from = (remoteAddress: string, username: string, password = PASSWORD) =>
      w.t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/signin',
        remoteAddress,
        payload: { username, password },
      });

    it('after five failures from one client its attempts wait, doubling; the owner elsewhere still gets in', async () => {
      await start();
      await signUp(accountBody('alice'));
      const attacker = '2001:db8:66:1::1';
      for (let i = 0; i < 5; i++) {
        const login = i % 2 === 0 ? 'alice' : 'ALICE@example.com';
        expectError(await from(attacker, login, 'wrong password'), 401, 'auth.invalid_credentials');
      }
      // Even the right password waits now, from that client: any address of its /64.
      const waiting = await from('2001:db8:66:1:ffff::9', 'alice@example.com');
      expectError(waiting, 429, 'auth.too_many_attempts');
      expect(waiting.json().retryAfterSeconds).toBe(1);
      // The owner, from an address without failures, is not kept out.
      expect((await from('198.51.100.20', 'alice')).statusCode).toBe(200);

      w.clock.advance(1000);
      expectError(await from(attacker, 'alice', 'wrong password'), 401, 'auth.invalid_credentials');
      expect((await from(attacker, 'alice', 'wrong password')).json()).toMatchObject({ retryAfterSeconds: 2 });
      w.clock.advance(2000);
      expectError(await from(attacker, 'alice', 'wrong password'), 401, 'auth.invalid_credentials');
      expect((await from(attacker, 'alice')).json()).toMatchObject({ retryAfterSeconds: 4 });
      // A success clears the client's count.
      w.clock.advance(4000);
      expect((await from(attacker, 'alice')).statusCode).toBe(200);
      expectError(await from(attacker, 'alice', 'wrong password'), 401, 'auth.invalid_credentials');
    });

    it('the wait is capped at 15 minutes, and a client is forgotten a day after its last attempt', async () => {
      await start();
      await signUp(accountBody('alice'));
      const client = '203.0.113.50';
      for (let i = 0; i < 5; i++) await from(client, 'alice', 'wrong password');
      for (let i = 0; i < 12; i++) {
        const wait = (await from(client, 'alice', 'wrong password')).json().retryAfterSeconds as number;
        expect(wait).toBe(Math.min(2 ** i, 900));
        w.clock.advance(wait * 1000);
        expectError(await from(client, 'alice', 'wrong password'), 401, 'auth.invalid_credentials');
      }
      expect((await from(client, 'alice', 'wrong password')).json().retryAfterSeconds).toBe(900);
      w.clock.advance(24 * 60 * 60 * 1000);
      expectError(await from(client, 'alice', 'wrong password'), 401, 'auth.invalid_credentials');
    });

    it('a burst of 20 wrong sign-ins sent at once gets exactly five verifications', async () => {
      await start();
      await signUp(accountBody('alice'));
      const answers = await Promise.all(Array.from({ length: 20 }, () => from('203.0.113.60', 'alice', 'nope')));
      const codes = answers.map((answer) => answer.json().code as string);
      expect(codes.filter((code) => code === 'auth.invalid_credentials')).toHaveLength(5);
      expect(codes.filter((code) => code === 'auth.too_many_attempts')).toHaveLength(15);
    });

    it('throttles unknown usernames the same way: the wait tells nothing either', async () => {
      await start();
      for (let i = 0; i < 5; i++) await signIn('nobody', 'wrong password');
      expectError(await signIn('nobody', 'wrong password'), 429, 'auth.too_many_attempts');
    });
  });

  describe('instance settings', () => {
    it('disable_users: no sign-up, no sign-in except for admins', async () => {
      await start();
      await signUp(accountBody('alice'));
      await w.t.services.auth.ensureAdmin('root', PASSWORD, 'root@example.com');
      await settings({ disable_users: true });
      expectError(await signUp(accountBody('bob_1')), 403, 'auth.signup_disabled');
      expectError(await signIn('alice'), 403, 'auth.signin_disabled');
      expect((await signIn('root')).statusCode).toBe(200);
    });

    it('disable_user_account_creation: no sign-up, sign-in still works', async () => {
      await start();
      await signUp(accountBody('alice'));
      await settings({ disable_user_account_creation: true });
      expectError(await signUp(accountBody('bob_1')), 403, 'auth.signup_disabled');
      expect(await countUsers()).toBe(1);
      expect((await signIn('alice')).statusCode).toBe(200);
    });

    it('restrict_organization_email: only that exact domain, in any case', async () => {
      await start();
      await settings({ restrict_organization_email: 'Example.com' });
      expect((await signUp(accountBody('alice'))).statusCode).toBe(201);
      expect((await signUp(accountBody('bob_1', { email: 'bob@EXAMPLE.COM' }))).statusCode).toBe(201);
      for (const email of [
        'eve@evil-example.com',
        'eve@sub.example.com',
        'eve@example.com.evil.org',
        'eve@example.co',
      ]) {
        const response = await signUp(accountBody('eve_1', { email }));
        expectError(response, 403, 'auth.email_domain');
      }
      const cookie = sessionOf(await signIn('alice'));
      const update = await inject({
        method: 'PUT',
        url: '/account/update',
        headers: { cookie },
        payload: { currentPassword: PASSWORD, email: 'alice@evil-example.com' },
      });
      expectError(update, 403, 'auth.email_domain');
    });
  });

  describe('the first admin', () => {
    const setup = (body: Body) => inject({ method: 'POST', url: '/authentication/setup', payload: body });

    it('a setup token is issued only while no admin exists, and works once', async () => {
      await start();
      const token = await w.t.services.auth.issueSetupToken();
      expect(token).toEqual(expect.any(String));
      expectError(await setup(accountBody('root', { token: 'wrong' })), 403, 'auth.setup_invalid');
      const created = await setup(accountBody('root', { token }));
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ username: 'root', role: 'admin' });
      expect(created.cookies.map((cookie) => cookie.name).sort()).toEqual([
        'hush_device',
        'hush_login',
        'hush_session',
      ]);
      expectError(await setup(accountBody('root2', { token })), 403, 'auth.setup_invalid');
      expect(await w.t.services.auth.issueSetupToken()).toBeNull();
    });

    it('a setup token expires after 24 hours', async () => {
      await start();
      const token = await w.t.services.auth.issueSetupToken();
      w.clock.advance(DAY);
      expectError(await setup(accountBody('root', { token })), 403, 'auth.setup_invalid');
    });

    it('a refused setup (name taken, bad field) does not use the token up', async () => {
      await start();
      await signUp(accountBody('admin'));
      const token = await w.t.services.auth.issueSetupToken();
      expectError(await setup(accountBody('admin', { token })), 409, 'auth.username_taken');
      expectError(await setup(accountBody('x', { token })), 400, 'validation.username');
      expect((await setup(accountBody('root', { token }))).statusCode).toBe(201);
    });

    it('ensureAdmin creates the admin once; it signs in as admin and no setup link is issued', async () => {
      await start();
      expect(await w.t.services.auth.ensureAdmin('root', PASSWORD, 'root@example.com')).toBe('created');
      expect(await w.t.services.auth.ensureAdmin('root', 'other password', 'root@example.com')).toBe('exists');
      expect((await signIn('root')).json().role).toBe('admin');
      expect(await w.t.services.auth.issueSetupToken()).toBeNull();
    });
  });
});
