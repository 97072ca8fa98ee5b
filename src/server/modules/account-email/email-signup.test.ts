import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { mailedLink, mailsTo } from '../../test-utils/account-mail.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { expectError } from '../../test-utils/expect-error.js';
import { parseMail, startSmtpSink } from '../../test-utils/smtp-sink.js';
import { emailWorld, PASSWORD } from './account-email.test-world.js';

const HOUR = 3_600_000;
const SIGNUP = '/authentication/signup';
const CONFIRM = '/authentication/signup/confirm';

/**
 * Issue 29.1, sign-up on an instance that sends email: an account exists only once its address is proven, by a
 * link emailed to it together with the password chosen at sign-up; and the answer to a sign-up is the same whether
 * or not the address has an account (only the address's owner learns which, by email).
 */
describeEachDialect('sign-up confirmed by an emailed link', (dialect) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let world: Awaited<ReturnType<typeof emailWorld>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  afterEach(() => world.t.close());

  const signUp = (username: string, email: string, password = PASSWORD, remoteAddress?: string) =>
    world.t.app.inject({
      method: 'POST',
      url: `/api/v1${SIGNUP}`,
      payload: { username, email, password },
      ...(remoteAddress && { remoteAddress }),
    });
  const confirm = (token: string, password = PASSWORD) =>
    world.call({ method: 'POST', url: CONFIRM, payload: { token, password } });
  const existing = (username: string, email: string) =>
    world.t.services.auth.createUser({ username, email, password: PASSWORD }, 'user');

  it('a taken and a free address get the same answer; only the address’s owner learns which, by email', async () => {
    world = await emailWorld(dialect, sink);
    await existing('owner', 'taken@example.com');
    const before = sink.received.length;
    const taken = await signUp('newcomer', 'TAKEN@example.com', 'another password');
    const free = await signUp('newcomer_2', 'free@example.com', 'another password');
    expect([taken.statusCode, taken.json(), taken.cookies]).toEqual([free.statusCode, free.json(), free.cookies]);
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual({ pending: true });
    expect(taken.cookies, 'nobody is signed in').toEqual([]);

    await world.settled();
    await mailedLink(sink.received, 'free@example.com', 'confirm_signup', { after: before });
    const notices = sink.received.slice(before).filter((mail) => mail.to.includes('taken@example.com'));
    expect(notices).toHaveLength(1);
    const notice = parseMail(notices[0]!.raw);
    expect(notice.subject).toBe('Someone tried to sign up to Hush with your address');
    expect(notice.text).toContain('owner');
    expect(notice.text).toContain('http://hush.test/forgot-password');
    expect(notice.text, 'no link that makes an account').not.toContain('confirm-signup');
    for (const username of ['newcomer', 'newcomer_2']) {
      expect((await world.signIn(username, 'another password')).statusCode, 'no account yet').toBe(401);
    }
    expect((await world.signIn('owner', PASSWORD)).statusCode, 'the owner’s account is as it was').toBe(200);
  });

  it('the emailed link and the password chosen make the account, verified and signed in; the link works once', async () => {
    world = await emailWorld(dialect, sink);
    const before = sink.received.length;
    const asked = await world.call({
      method: 'POST',
      url: SIGNUP,
      payload: { username: 'nina', email: 'Nina@example.com', password: PASSWORD },
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { mail, link, token } = await mailedLink(sink.received, 'Nina@example.com', 'confirm_signup', {
      after: before,
    });
    expect(link).toBe(`http://hush.test/confirm-signup#${token}`);
    expect(mail.subject).toBe('Schließe die Erstellung deines Hush-Kontos ab');
    expect(mail.text).toContain('nina');
    expect(mail.text).toContain('48 Stunden');
    expect((await world.signIn('nina', PASSWORD)).statusCode, 'no account before the link').toBe(401);

    expectError(await confirm(token, 'not the password'), 401, 'auth.invalid_credentials');
    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ username: 'nina', email: 'Nina@example.com', role: 'user' });
    const session = world.sessionOf(done);
    expect((await world.call({ url: '/account' }, session)).json()).toMatchObject({ emailVerified: true });

    expectError(await confirm(token), 400, 'auth.signup_link_invalid');
    const log = world.logs.join('\n');
    for (const secret of [token, PASSWORD]) expect(log).not.toContain(secret);
  });

  it('whoever signs up with someone else’s address gets nothing: the link needs their password, and the owner signs up anyway', async () => {
    world = await emailWorld(dialect, sink);
    const before = sink.received.length;
    await signUp('mallory', 'victim@example.com', 'mallory’s password');
    const theirs = await mailedLink(sink.received, 'victim@example.com', 'confirm_signup', { after: before });
    // The owner of the address opens it: without the password someone else chose, it makes nothing.
    expectError(await confirm(theirs.token, PASSWORD), 401, 'auth.invalid_credentials');

    await signUp('victim', 'victim@example.com', PASSWORD);
    const own = await mailedLink(sink.received, 'victim@example.com', 'confirm_signup', { after: theirs.index });
    expect((await confirm(own.token)).statusCode).toBe(201);
    // Even with the other sign-up's password, that link cannot make a second account on the address.
    expectError(await confirm(theirs.token, 'mallory’s password'), 409, 'auth.email_taken');
    expect((await world.signIn('mallory', 'mallory’s password')).statusCode).toBe(401);
  });

  it('a taken username is told at once, whatever the address, and nothing is sent', async () => {
    world = await emailWorld(dialect, sink);
    await existing('taken_name', 'someone@example.com');
    const before = sink.received.length;
    const withTakenAddress = await signUp('Taken_Name', 'someone@example.com');
    const withFreeAddress = await signUp('Taken_Name', 'fresh@example.com');
    for (const answer of [withTakenAddress, withFreeAddress]) expectError(answer, 409, 'auth.username_taken');
    expect(withTakenAddress.json()).toEqual(withFreeAddress.json());
    await world.settled();
    expect(sink.received.length).toBe(before);

    // Two sign-ups waiting for their links with one name: the first link opened gets it.
    await signUp('twin', 'first@example.com');
    await signUp('twin', 'second@example.com');
    const first = await mailedLink(sink.received, 'first@example.com', 'confirm_signup', { after: before });
    const second = await mailedLink(sink.received, 'second@example.com', 'confirm_signup', { after: before });
    expect((await confirm(second.token)).statusCode).toBe(201);
    expectError(await confirm(first.token), 409, 'auth.username_taken');
  });

  it('a link works for 48 hours, and makes no account once sign-up is closed', async () => {
    world = await emailWorld(dialect, sink);
    const before = sink.received.length;
    await signUp('late', 'late@example.com');
    await signUp('closed', 'closed@example.com');
    const late = await mailedLink(sink.received, 'late@example.com', 'confirm_signup', { after: before });
    const closed = await mailedLink(sink.received, 'closed@example.com', 'confirm_signup', { after: before });
    await world.t.services.settings.update({ disable_user_account_creation: true });
    expectError(await confirm(closed.token), 403, 'auth.signup_disabled');
    await world.t.services.settings.update({ disable_user_account_creation: false });
    world.clock.advance(48 * HOUR);
    expectError(await confirm(late.token), 400, 'auth.signup_link_invalid');
  });

  it('emails to one address are limited, taken or free; a client asking too often waits (429)', async () => {
    world = await emailWorld(dialect, sink);
    await existing('owner', 'taken@example.com');
    const before = sink.received.length;
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await signUp(`taker_${i}`, 'taken@example.com', PASSWORD, `198.51.100.${i}`)).statusCode);
      statuses.push((await signUp(`freer_${i}`, 'free@example.com', PASSWORD, `203.0.113.${i}`)).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(202));
    await world.settled();
    const sent = sink.received.slice(before);
    expect([mailsTo(sent, 'taken@example.com'), mailsTo(sent, 'free@example.com')], 'three each, then none').toEqual([
      3, 3,
    ]);

    const client = [];
    for (let i = 0; i < 6; i++) client.push((await signUp(`asker_${i}`, `asker${i}@example.com`)).statusCode);
    expect(client).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('without email, sign-up answers at once, and says which usernames and addresses have an account', async () => {
    world = await emailWorld(dialect, null);
    await existing('owner', 'taken@example.com');
    expect((await signUp('newcomer', 'free@example.com')).statusCode).toBe(201);
    expectError(await signUp('other', 'taken@example.com'), 409, 'auth.email_taken');
    expectError(await signUp('owner', 'free2@example.com'), 409, 'auth.username_taken');
    expectError(await confirm('A'.repeat(43)), 400, 'auth.signup_link_invalid');
  });
});
