import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { mailedLink, mailsTo } from '../../test-utils/account-mail.js';
import { createTestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { startSmtpSink } from '../../test-utils/smtp-sink.js';
import { emailWorld, NEW_PASSWORD, PASSWORD } from './account-email.test-world.js';

const MINUTE = 60_000;
const RESET = '/authentication/password-reset';
const CONFIRM = '/authentication/password-reset/confirm';

/**
 * Issue 16.4, password reset by emailed link (to a real SMTP server): the same answer for every name, a link valid
 * 30 minutes and once, every session ended after the reset, refusals logged without the token, and throttling.
 */
describeEachDialect('password reset by emailed link', (dialect) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let world: Awaited<ReturnType<typeof emailWorld>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  afterEach(() => world.t.close());

  const ask = (login: string) => world.call({ method: 'POST', url: RESET, payload: { login } });
  const confirm = (token: string, password = NEW_PASSWORD) =>
    world.call({ method: 'POST', url: CONFIRM, payload: { token, password } });
  const resetLink = async (to: string) =>
    mailedLink(sink.received, to, 'reset_password', { after: sink.received.length });

  it('a reset link sets a new password, ends every session and verifies the address; it works once', async () => {
    world = await emailWorld(dialect, sink);
    const phone = await world.unverified('rosa');
    const laptop = world.sessionOf(await world.signIn('rosa', PASSWORD));
    const asked = ask('ROSA@example.com');
    const link = resetLink('rosa@example.com');
    expect((await asked).statusCode).toBe(202);
    expect((await asked).json()).toEqual({ accepted: true });
    const { mail, token } = await link;
    expect(mail.subject).toBe('Reset your Hush password');
    expect(mail.text).toContain(`http://hush.test/reset-password#${token}`);
    expect(mail.text).toContain('30 minutes');

    // A sign-in with the old password, waiting for its second factor: it must not survive the reset either.
    const { db } = world.t.database;
    const rosa = await db.selectFrom('users').select('id').where('username', '=', 'rosa').executeTakeFirstOrThrow();
    const now = world.clock();
    await db
      .insertInto('pending_signins')
      .values({ id: 'pending-rosa', user_id: rosa.id, created_at: now, expires_at: now + 5 * MINUTE })
      .execute();

    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(await db.selectFrom('pending_signins').selectAll().where('user_id', '=', rosa.id).execute()).toEqual([]);
    expect(done.json()).toEqual({
      reset: true,
      username: 'rosa',
      ended: { sessions: 2, apiTokens: 0 },
      unverified: { passkeys: 0, identities: 0, authenticatorApp: false, webhooks: 0, requests: 0 },
    });
    for (const cookie of [phone, laptop]) {
      expect((await world.call({ url: '/account' }, cookie)).statusCode, 'every session ended').toBe(401);
    }
    expect((await world.signIn('rosa', PASSWORD)).statusCode).toBe(401);
    const fresh = await world.signIn('rosa', NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await world.call({ url: '/account' }, world.sessionOf(fresh))).json()).toMatchObject({
      emailVerified: true,
    });

    const reused = await confirm(token, 'yet another password');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'auth.reset_link_invalid',
      message: 'This reset link has expired or was already used; ask for a new one',
    });
    expect((await world.signIn('rosa', NEW_PASSWORD)).statusCode, 'the used link changed nothing').toBe(200);
    expect(world.securityEvents()).toEqual([
      expect.objectContaining({ security: 'email.token', purpose: 'reset_password', reason: 'invalid' }),
    ]);
    const log = world.logs.join('\n');
    for (const secret of [token, NEW_PASSWORD, 'yet another password']) expect(log).not.toContain(secret);
  });

  it('asking for an account that does not exist answers the same, and sends nothing', async () => {
    world = await emailWorld(dialect, sink);
    await world.signUp('known', 'fr');
    await world.settled(); // its verification email
    const before = sink.received.length;
    const known = await ask('known');
    const unknown = await ask('unknown@example.com');
    expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
    const { mail } = await mailedLink(sink.received, 'known@example.com', 'reset_password', { after: before });
    expect(mail.subject).toBe('Réinitialiser votre mot de passe Hush');
    await world.settled();
    expect(mailsTo(sink.received.slice(before), 'unknown@example.com')).toBe(0);
    expect(sink.received.length - before).toBe(1);
  });

  it('a link works for 30 minutes; a newer link replaces an older one', async () => {
    world = await emailWorld(dialect, sink);
    await world.signUp('tardy');
    const first = resetLink('tardy@example.com');
    await ask('tardy');
    const { token: older } = await first;
    const second = resetLink('tardy@example.com');
    await ask('tardy');
    const { token: newer } = await second;
    expect((await confirm(older)).json()).toMatchObject({ code: 'auth.reset_link_invalid' });
    world.clock.advance(30 * MINUTE);
    expect((await confirm(newer)).json()).toMatchObject({ code: 'auth.reset_link_invalid' });
    expect((await world.signIn('tardy', PASSWORD)).statusCode).toBe(200);
  });

  it('a link sent before the address changed no longer resets the password', async () => {
    world = await emailWorld(dialect, sink);
    const cookie = await world.signUp('mover');
    const link = resetLink('mover@example.com');
    await ask('mover');
    const { token } = await link;
    await world.call(
      { method: 'PUT', url: '/account/update', payload: { currentPassword: PASSWORD, email: 'mover@example.org' } },
      cookie,
    );
    expect((await confirm(token)).json()).toMatchObject({ code: 'auth.reset_link_invalid' });
    expect((await world.signIn('mover', PASSWORD)).statusCode).toBe(200);
  });

  it('requests are throttled per client (429) and per account (silently: no more emails)', async () => {
    world = await emailWorld(dialect, sink);
    await world.signUp('popular');
    await world.settled(); // its verification email
    const before = sink.received.length;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask('popular')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await ask('popular')).json()).toMatchObject({ code: 'rate_limited' });
    await world.settled();
    expect(mailsTo(sink.received.slice(before), 'popular@example.com'), 'three emails, then none').toBe(3);
    // Another client is not slowed down by this one, and the account still gets none for now.
    const elsewhere = await world.t.app.inject({
      method: 'POST',
      url: `/api/v1${RESET}`,
      payload: { login: 'popular' },
      remoteAddress: '198.51.100.7',
    });
    expect(elsewhere.statusCode).toBe(202);
    await world.settled();
    expect(mailsTo(sink.received.slice(before), 'popular@example.com')).toBe(3);
  });

  it('guessed tokens are refused, logged and throttled', async () => {
    world = await emailWorld(dialect, sink);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await confirm(`${'C'.repeat(42)}${i % 10}`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    expect(world.securityEvents()).toHaveLength(10);
  });

  it('without SMTP the request is refused with a reason, and nothing is sent', async () => {
    world = await emailWorld(dialect, null);
    await world.signUp('lonely');
    const asked = await ask('lonely');
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'auth.email_unavailable' });
  });

  it('two uses of one link at once, on two instances of one database: exactly one sets its password', async () => {
    world = await emailWorld(dialect, sink);
    const other = await createTestApp({ database: world.t.database, clock: world.clock });
    try {
      await world.signUp('racer');
      const link = resetLink('racer@example.com');
      await ask('racer');
      const { token } = await link;
      const passwords = Array.from({ length: 6 }, (_, i) => `password number ${i}`);
      const answers = await Promise.all(
        passwords.map((password, i) =>
          (i % 2 ? other.app : world.t.app).inject({
            method: 'POST',
            url: `/api/v1${CONFIRM}`,
            payload: { token, password },
          }),
        ),
      );
      const won = answers.flatMap((answer, i) => (answer.statusCode === 200 ? [passwords[i]!] : []));
      expect(won).toHaveLength(1);
      expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(5);
      for (const password of passwords) {
        expect((await world.signIn('racer', password)).statusCode, password).toBe(password === won[0] ? 200 : 401);
      }
    } finally {
      await other.app.close();
    }
  });
});
