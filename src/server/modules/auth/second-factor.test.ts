import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect, TEST_REDIS_URL } from '../../test-utils/database.js';
import { expectError } from '../../test-utils/expect-error.js';
import { newAuthenticator, passkeyCalls } from '../../test-utils/passkeys.js';
import { parseMail, startSmtpSink } from '../../test-utils/smtp-sink.js';
import { PASSWORD, sessionOf, useSessionWorld } from '../../test-utils/session-world.js';
import { pendingOf, twoFactorHelpers } from '../two-factor/two-factor.test-utils.js';
import { totpCodeAt } from '../two-factor/totp.js';

/**
 * Issue 29.2: wrong second factors are counted per account across all clients, not only per account and client. A
 * stranger who knows the password, from as many addresses as an IPv6 /48 holds, gets a handful of guesses; then
 * every pending sign-in of the account ends (the password again), each further guess waits longer, and the owner is
 * told. The owner, with the password and the right code, from a fresh address, gets in after at most that wait.
 */

/** The clients of an attacker: IPv4 addresses and IPv6 addresses of different /48s, ten of each. */
const CLIENTS = [
  ...Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`),
  ...Array.from({ length: 10 }, (_, i) => `2001:db8:${(i + 1).toString(16)}::1`),
];
const OWNER = '203.0.113.77';
const SMALL_NUMBER = 5;
const GERMAN_NOTICE =
  'Dein Passwort wurde richtig eingegeben, danach schlug der zweite Schritt mehrmals fehl; Anmeldungen warten jetzt ' +
  'länger. Wenn du das nicht warst, ändere dein Passwort.';

/** A six-digit code that is none of the three the key accepts now (the step before, this one, the next). */
function wrongCode(secret: string, now: number): string {
  const taken = new Set([-30_000, 0, 30_000].map((offset) => totpCodeAt(secret, now + offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

type Inject = (options: InjectOptions & { url: string }) => Promise<LightMyRequestResponse>;

/** The two steps of a password sign-in, from one client address. */
function signInFrom(inject: Inject, ip: string) {
  return {
    password: async (username = 'alice') => {
      const response = await inject({
        method: 'POST',
        url: '/authentication/signin',
        remoteAddress: ip,
        payload: { username, password: PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toHaveProperty('secondFactor');
      return pendingOf(response);
    },
    code: (pending: string, code: string) =>
      inject({
        method: 'POST',
        url: '/authentication/signin/second-factor',
        remoteAddress: ip,
        headers: { cookie: pending },
        payload: { code },
      }),
  };
}

const codeOf = (response: LightMyRequestResponse) => response.json<{ code: string }>().code;

describeEachDialect('wrong second factors, counted per account across clients', (dialect) => {
  const w = useSessionWorld(dialect);
  const { enrolled } = twoFactorHelpers(w);
  const events = (type: string) =>
    w.t.database.db.selectFrom('events').select(['user_id', 'data']).where('type', '=', type).execute();

  it('20 clients (IPv4 and IPv6 /48s), 5 wrong codes each: only 5 are checked; the owner then gets in', async () => {
    await w.start();
    const { secret } = await enrolled();
    // Each client types the password, then they take turns: five rounds of one wrong code each.
    const clients = await Promise.all(
      CLIENTS.map(async (ip) => {
        const client = signInFrom(w.inject, ip);
        return { ...client, pending: await client.password() };
      }),
    );
    const answers: string[] = [];
    for (let round = 0; round < 5; round++) {
      for (const client of clients) {
        answers.push(codeOf(await client.code(client.pending, wrongCode(secret, w.clock()))));
      }
    }
    const checked = answers.filter((code) => code === 'two_factor.code_invalid');
    expect(checked, answers.join(' ')).toHaveLength(SMALL_NUMBER);
    // Past the small number every pending sign-in of the account ended: no further code was checked.
    expect(new Set(answers.slice(SMALL_NUMBER))).toEqual(new Set(['two_factor.pending_invalid']));
    expect(await w.t.database.db.selectFrom('pending_signins').select('id').execute()).toEqual([]);
    // A new pending sign-in (the password again) must wait before its code is checked.
    const late = signInFrom(w.inject, CLIENTS[0]!);
    expectError(await late.code(await late.password(), wrongCode(secret, w.clock())), 429, 'auth.too_many_attempts');
    // The owner is told once for the burst (their activity, and an email when they have it on).
    expect(await events('session.second_factor_failed')).toEqual([
      { user_id: expect.any(String), data: JSON.stringify({ failures: SMALL_NUMBER }) },
    ]);

    // The owner, from an address without failures: the password, then the right code after at most the wait.
    const owner = signInFrom(w.inject, OWNER);
    const pending = await owner.password();
    const waiting = await owner.code(pending, totpCodeAt(secret, w.clock()));
    expectError(waiting, 429, 'auth.too_many_attempts');
    expect(waiting.json().retryAfterSeconds).toBe(1);
    w.clock.advance(1000);
    const inside = await owner.code(pending, totpCodeAt(secret, w.clock()));
    expect(inside.statusCode, inside.body).toBe(200);
    expect((await w.get('/account', sessionOf(inside))).statusCode).toBe(200);
    // Getting in clears the count: the owner's next typo is an ordinary one.
    const next = signInFrom(w.inject, OWNER);
    expectError(await next.code(await next.password(), wrongCode(secret, w.clock())), 401, 'two_factor.code_invalid');
  });

  it('past the small number each guess ends every pending sign-in and waits twice as long, up to 15 minutes', async () => {
    await w.start();
    const { secret } = await enrolled();
    let n = 0;
    const attacker = () => signInFrom(w.inject, CLIENTS[n++ % CLIENTS.length]!);
    for (let i = 0; i < SMALL_NUMBER; i++) {
      const client = attacker();
      expectError(
        await client.code(await client.password(), wrongCode(secret, w.clock())),
        401,
        'two_factor.code_invalid',
      );
    }
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const client = attacker();
      const pending = await client.password();
      const early = await client.code(pending, wrongCode(secret, w.clock()));
      expectError(early, 429, 'auth.too_many_attempts');
      waits.push(early.json().retryAfterSeconds);
      w.clock.advance(early.json().retryAfterSeconds * 1000);
      // The pending sign-in outlives a wait of up to its five minutes; a longer one needs the password again.
      const again = waits.at(-1)! < 300 ? pending : await client.password();
      expectError(await client.code(again, wrongCode(secret, w.clock())), 401, 'two_factor.code_invalid');
      expectError(await client.code(again, wrongCode(secret, w.clock())), 401, 'two_factor.pending_invalid');
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
    expect(await events('session.second_factor_failed'), 'one notice for the burst').toHaveLength(1);

    // However long the attack went on, the owner who comes after it waits at most 15 minutes.
    const owner = signInFrom(w.inject, OWNER);
    const waiting = await owner.code(await owner.password(), totpCodeAt(secret, w.clock()));
    expect(waiting.json().retryAfterSeconds).toBeLessThanOrEqual(900);
    w.clock.advance(waiting.json().retryAfterSeconds * 1000);
    const inside = await owner.code(await owner.password(), totpCodeAt(secret, w.clock()));
    expect(inside.statusCode, inside.body).toBe(200);
  });

  it('wrong backup codes and refused passkeys count the same as wrong codes', async () => {
    await w.start();
    const { secret, session } = await enrolled();
    const bob = newAuthenticator();
    await passkeyCalls(w.inject).register(sessionOf(await w.signUp('bobby')), bob);
    expect((await passkeyCalls(w.inject).register(session, newAuthenticator())).statusCode).toBe(201);
    const failures: string[] = [];
    for (const [i, ip] of CLIENTS.slice(0, SMALL_NUMBER).entries()) {
      const client = signInFrom(w.inject, ip);
      const pending = await client.password();
      if (i % 2 === 0) {
        failures.push(codeOf(await client.code(pending, 'zzzzz-zzzzz')));
      } else {
        // Bob's passkey for Alice's sign-in: refused, as a wrong code is.
        const passkeys = passkeyCalls((options) => w.inject({ ...options, remoteAddress: ip }));
        const options = await passkeys.options(pending);
        failures.push(
          codeOf(await passkeys.signin(bob.authenticate(options, { credential: bob.credentials[0]! }), pending)),
        );
      }
    }
    expect(failures).toEqual([
      'two_factor.code_invalid',
      'passkey.other_account',
      'two_factor.code_invalid',
      'passkey.other_account',
      'two_factor.code_invalid',
    ]);
    const owner = signInFrom(w.inject, OWNER);
    expectError(await owner.code(await owner.password(), totpCodeAt(secret, w.clock())), 429, 'auth.too_many_attempts');
    expect(await events('session.second_factor_failed')).toHaveLength(1);
  });

  it('the owner is emailed once for the burst, in their language', async () => {
    const smtp = await startSmtpSink();
    try {
      await w.start({ smtpUrl: smtp.url, smtpFrom: 'hush@example.org', smtpRequireTls: false });
      const { secret } = await enrolled();
      // Alice signs in in German once: her emails speak it.
      const german = await w.inject({
        method: 'POST',
        url: '/authentication/signin',
        headers: { 'accept-language': 'de' },
        payload: { username: 'alice', password: PASSWORD },
      });
      const code = await w.inject({
        method: 'POST',
        url: '/authentication/signin/second-factor',
        headers: { cookie: pendingOf(german), 'accept-language': 'de' },
        payload: { code: totpCodeAt(secret, w.clock()) },
      });
      expect(code.statusCode, code.body).toBe(200);
      for (const ip of CLIENTS.slice(0, 8)) {
        const client = signInFrom(w.inject, ip);
        await client.code(await client.password(), wrongCode(secret, w.clock()));
      }
      const [notice] = await w.t.database.db
        .selectFrom('events')
        .select('id')
        .where('type', '=', 'session.second_factor_failed')
        .execute();
      expect(notice, 'one notice for the burst').toBeDefined();
      for (let round = 0; round < 5; round++) {
        await w.t.services.worker.runOnce();
        w.clock.advance(60_000);
      }
      const mails = smtp.received.map((mail) => parseMail(mail.raw));
      const told = mails.filter((mail) => mail.headers['x-hush-event-id'] === notice!.id);
      expect(told, mails.map((mail) => mail.subject).join('\n')).toHaveLength(1);
      // A long sentence is cut in the subject, and whole in the text.
      expect(told[0]!.subject).toMatch(
        /^Hush: Dein Passwort wurde richtig eingegeben, danach schlug der zweite Schritt/,
      );
      expect(told[0]!.text!.replace(/\r\n/g, '\n')).toContain(GERMAN_NOTICE);
      // Content-free: no address of the clients that tried.
      expect(smtp.received.map((mail) => mail.raw).join('\n')).not.toMatch(/198\.51\.100|2001:db8/);
    } finally {
      await smtp.close();
    }
  });
});

if (!TEST_REDIS_URL) console.warn('Redis second-factor suites are SKIPPED: set TEST_REDIS_URL=redis://… to run them.');

describe.skipIf(!TEST_REDIS_URL)('wrong second factors across two instances sharing Redis', () => {
  describeEachDialect('two instances', (dialect) => {
    const prefix = `hush-test:${crypto.randomBytes(8).toString('hex')}:`;
    const clients: Redis[] = [];
    const apps: TestApp[] = [];
    let sibling: Database | null = null;
    let dir = '';
    const clock = createTestClock();

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-2fa-'));
      const redis = () => {
        const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, keyPrefix: prefix });
        clients.push(client);
        return client;
      };
      const first = await createTestApp({
        dialect,
        clock,
        redis: redis(),
        ...(dialect === 'sqlite' && { sqliteFile: path.join(dir, 'hush.sqlite') }),
      });
      apps.push(first);
      sibling = await first.testDatabase!.openSibling();
      apps.push(await createTestApp({ database: sibling, clock, redis: redis() }));
    });

    afterAll(async () => {
      await apps[1]?.close();
      if (sibling && dialect === 'sqlite') await sibling.destroy();
      await apps[0]?.close();
      const admin = new Redis(TEST_REDIS_URL);
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
      await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('20 clients alternating between the instances: 5 codes checked in all, one notice', async () => {
      const on =
        (i: number): Inject =>
        (options) =>
          apps[i % 2]!.app.inject({ ...options, url: `/api/v1${options.url}` } as InjectOptions);
      const signUp = await on(0)({
        method: 'POST',
        url: '/authentication/signup',
        payload: { username: 'alice', email: 'alice@example.com', password: PASSWORD },
      });
      const session = sessionOf(signUp);
      const started = await on(1)({
        method: 'POST',
        url: '/account/two-factor/totp',
        headers: { cookie: session },
        payload: { currentPassword: PASSWORD },
      });
      const { secret } = started.json<{ secret: string }>();
      const confirm = await on(0)({
        method: 'POST',
        url: '/account/two-factor/totp/confirm',
        headers: { cookie: session },
        payload: { code: totpCodeAt(secret, clock()) },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      clock.advance(30_000);

      const answers: string[] = [];
      for (const [i, ip] of CLIENTS.entries()) {
        const client = signInFrom(on(i), ip);
        const pending = await client.password();
        // Each code goes to the other instance than the one before.
        for (let j = 0; j < 5; j++) {
          answers.push(codeOf(await signInFrom(on(i + j), ip).code(pending, wrongCode(secret, clock()))));
        }
      }
      expect(
        answers.filter((code) => code === 'two_factor.code_invalid'),
        answers.join(' '),
      ).toHaveLength(SMALL_NUMBER);
      const notices = await apps[0]!.database.db
        .selectFrom('events')
        .select('id')
        .where('type', '=', 'session.second_factor_failed')
        .execute();
      expect(notices).toHaveLength(1);
      // The owner, on either instance, after the shared wait.
      const owner = signInFrom(on(1), OWNER);
      const pending = await owner.password();
      expectError(
        await signInFrom(on(0), OWNER).code(pending, totpCodeAt(secret, clock())),
        429,
        'auth.too_many_attempts',
      );
      clock.advance(1000);
      expect((await owner.code(pending, totpCodeAt(secret, clock()))).statusCode).toBe(200);
    });
  });
});
