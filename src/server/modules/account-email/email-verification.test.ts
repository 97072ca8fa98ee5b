import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { mailedLink, mailsTo } from '../../test-utils/account-mail.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { startSmtpSink } from '../../test-utils/smtp-sink.js';
import { emailWorld, PASSWORD } from './account-email.test-world.js';

const HOUR = 3_600_000;

/**
 * Issue 16.4, verified email: a link emailed (to a real SMTP server) on asking and after an email change; the
 * address is verified only by that link, only while it is still the account's, and only once. (A sign-up on an
 * instance that sends email is verified by its own link: email-signup.test.ts.)
 */
describeEachDialect('email verification by emailed link', (dialect) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let world: Awaited<ReturnType<typeof emailWorld>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  afterEach(() => world.t.close());

  const account = async (cookie: string) => (await world.call({ url: '/account' }, cookie)).json();
  const verify = (token: string) =>
    world.call({ method: 'POST', url: '/authentication/verify-email', payload: { token } });
  const resend = (cookie: string, language = 'en') =>
    world.call(
      { method: 'POST', url: '/account/email/verification', headers: { 'accept-language': language } },
      cookie,
    );
  /** An account whose address is unproven, and the link it asked for (in `language`). */
  const unverifiedWithLink = async (username: string, language = 'en') => {
    const cookie = await world.unverified(username, language);
    const after = sink.received.length;
    expect((await resend(cookie, language)).statusCode).toBe(202);
    return { cookie, ...(await mailedLink(sink.received, `${username}@example.com`, 'verify_email', { after })) };
  };

  it('an unproven address gets a link in the browser’s language; the link verifies the address once', async () => {
    world = await emailWorld(dialect, sink);
    const { cookie, mail, link, token } = await unverifiedWithLink('vera', 'de-DE,de;q=0.9');
    expect(await account(cookie)).toMatchObject({ email: 'vera@example.com', emailVerified: false });

    expect(link).toBe(`http://hush.test/verify-email#${token}`);
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Hush');
    expect(mail.text).toContain('48 Stunden');
    expect(mail.html).toContain(`<a href="${link}">`);

    const verified = await verify(token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ verified: true, email: 'vera@example.com' });
    expect(await account(cookie)).toMatchObject({ emailVerified: true });

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'auth.verify_link_invalid', field: 'token' });
    const events = world.securityEvents();
    expect(events).toEqual([expect.objectContaining({ security: 'email.token', purpose: 'verify_email' })]);
    expect(world.logs.join('\n'), 'the log never holds a link’s token').not.toContain(token);
  });

  it('an email change unverifies the account and emails the new address; the old link stops counting', async () => {
    world = await emailWorld(dialect, sink);
    const { cookie, ...old } = await unverifiedWithLink('chang');
    const changed = await world.call(
      { method: 'PUT', url: '/account/update', payload: { currentPassword: PASSWORD, email: 'chang@example.org' } },
      cookie,
    );
    expect(changed.json()).toMatchObject({ email: 'chang@example.org', emailVerified: false });
    const fresh = await mailedLink(sink.received, 'chang@example.org', 'verify_email');

    expect((await verify(old.token)).json()).toMatchObject({ code: 'auth.verify_link_invalid' });
    expect((await verify(fresh.token)).json()).toEqual({ verified: true, email: 'chang@example.org' });
    expect(await account(cookie)).toMatchObject({ emailVerified: true });
  });

  it('a link sent before an email change does not verify the new address', async () => {
    world = await emailWorld(dialect, sink);
    // Asked for, then the address changes before the link is opened: that link went to the old address.
    const { cookie, token } = await unverifiedWithLink('switch');
    await world.t.database.db
      .updateTable('users')
      .set({ email: 'switch@example.net', email_lower: 'switch@example.net' })
      .where('username', '=', 'switch')
      .execute();
    expect((await verify(token)).statusCode).toBe(400);
    expect(await account(cookie)).toMatchObject({ emailVerified: false });
  });

  it('a verification link works for 48 hours', async () => {
    world = await emailWorld(dialect, sink);
    const { token } = await unverifiedWithLink('slowpoke');
    world.clock.advance(48 * HOUR);
    expect((await verify(token)).json()).toMatchObject({ code: 'auth.verify_link_invalid' });
  });

  it('“Send the link again” sends a new link (the older stops working), a few times, then waits', async () => {
    world = await emailWorld(dialect, sink);
    const { cookie, ...first } = await unverifiedWithLink('again');
    const sent = await resend(cookie);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ sent: true, email: 'again@example.com' });
    const second = await mailedLink(sink.received, 'again@example.com', 'verify_email', { after: first.index });
    expect(second.token).not.toBe(first.token);
    expect((await resend(cookie)).statusCode).toBe(202);
    const refused = await resend(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    await world.settled();
    expect(mailsTo(sink.received, 'again@example.com')).toBe(3);

    expect((await verify(first.token)).statusCode, 'a newer link replaced it').toBe(400);
    const newest = sink.received.findLastIndex((mail) => mail.to.includes('again@example.com'));
    const last = await mailedLink(sink.received, 'again@example.com', 'verify_email', { after: newest });
    expect((await verify(last.token)).statusCode).toBe(200);
    expect((await resend(cookie)).json()).toMatchObject({ code: 'account.email_verified' });
  });

  it('wrong tokens are throttled per client', async () => {
    world = await emailWorld(dialect, sink);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await verify(`${'B'.repeat(42)}${i % 10}`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    expect(world.securityEvents()).toHaveLength(10);
  });

  it('without SMTP nothing is sent, “Send the link again” says why, and the sign-in page offers no reset', async () => {
    world = await emailWorld(dialect, null);
    const before = sink.received.length;
    const cookie = await world.signUp('offline');
    const resend = await world.call({ method: 'POST', url: '/account/email/verification' }, cookie);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ code: 'auth.email_unavailable' });
    expect((await world.call({ url: '/authentication/methods' })).json()).toMatchObject({ passwordReset: false });
    await world.settled();
    expect(sink.received.length).toBe(before);
  });

  it('the bootstrap admin starts unverified; an admin changing a user’s email unverifies it', async () => {
    world = await emailWorld(dialect, sink);
    expect((await world.call({ url: '/authentication/methods' })).json()).toMatchObject({ passwordReset: true });
    await world.t.services.auth.ensureAdmin('boss', PASSWORD, 'boss@example.com');
    const admin = world.sessionOf(await world.signIn('boss', PASSWORD));
    expect(await account(admin)).toMatchObject({ emailVerified: false });
    expect((await world.call({ method: 'POST', url: '/account/email/verification' }, admin)).statusCode).toBe(202);
    const own = await mailedLink(sink.received, 'boss@example.com', 'verify_email');
    expect((await verify(own.token)).statusCode).toBe(200);
    expect(await account(admin)).toMatchObject({ emailVerified: true });

    // Signed up by the emailed link: verified from the start.
    const user = await world.signUp('managed');
    expect(await account(user)).toMatchObject({ emailVerified: true });
    const payload = { username: 'managed', email: 'managed@example.org', role: 'user' };
    const updated = await world.call({ method: 'PUT', url: '/admin/users', payload }, admin);
    expect(updated.json()).toMatchObject({ email: 'managed@example.org', emailVerified: false });
    expect(await account(user)).toMatchObject({ emailVerified: false });
  });
});
