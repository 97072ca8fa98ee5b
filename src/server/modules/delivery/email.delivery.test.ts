import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { decodeWords, parseMail, startSilentServer, startSmtpSink } from '../../test-utils/smtp-sink.js';

const PASSWORD = 'correct horse battery';
const CONTENT = 'hush1.c2VjcmV0LWNvbnRlbnQtbmV2ZXItc2VudA';
const FROM = 'hush@notify.example.org';
const PUBLIC_URL = 'https://hush.example.org';

/** A worker round (or a request), failing clearly rather than hanging the suite when it does not finish. */
const bounded = async <T>(work: Promise<T>, ms = 10_000, what = 'the worker round'): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

describe('the test SMTP helpers', () => {
  it('decode RFC 2047 words, Q and B, joined across words', () => {
    expect(decodeWords('=?UTF-8?Q?Hush:_Ihr_Geheimnis_wurde_ge=C3=B6ffnet?=')).toBe(
      'Hush: Ihr Geheimnis wurde geöffnet',
    );
    expect(decodeWords('=?UTF-8?B?Z2Vzw7Zm?= =?UTF-8?Q?fnet?=')).toBe('gesöffnet');
    expect(decodeWords('plain')).toBe('plain');
  });
});

/**
 * Notification emails (issue 15) sent to a real SMTP server: in the recipient's language, as plain text and HTML, with
 * ids and no content or link that could spend a view; only the events chosen; none when the admins turned emails off;
 * refused recipients retried; a server that never answers bounded by the SMTP timeout, off the request path.
 */
describeEachDialect('email notifications to a real SMTP server (issue 15)', (dialect) => {
  let t: TestApp;
  const clock = createTestClock(Date.now());
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let refuse = 0;
  let alice: string;
  let aliceId: string;

  const as = (cookie: string | null, options: InjectOptions & { url: string }) =>
    t.app.inject({
      ...options,
      url: `/api/v1${options.url}`,
      headers: { ...options.headers, ...(cookie && { cookie }) },
    });
  const signIn = async (language: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/signin',
      payload: { username: 'alice', password: PASSWORD },
      headers: { 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name === 'hush_session');
    return `hush_session=${session!.value}`;
  };
  const ownSecret = async () => {
    const created = await as(alice, {
      method: 'POST',
      url: '/secret',
      payload: { text: CONTENT, ttl: 3600, maxViews: 2 },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: string; deleteToken: string }>();
  };
  const read = async (id: string) => {
    const response = await as(null, { method: 'POST', url: `/secret/${id}`, payload: {} });
    expect(response.statusCode, response.body).toBe(200);
  };
  const emailDeliveries = () =>
    t.database.db.selectFrom('deliveries').selectAll().where('channel', '=', 'email').orderBy('created_at').execute();
  const drain = async () => {
    for (let round = 0; round < 30; round++) {
      await bounded(t.services.worker.runOnce());
      clock.advance(60_000);
      const pending = await t.database.db
        .selectFrom('deliveries')
        .select('id')
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (!pending) return;
    }
  };

  beforeAll(async () => {
    smtp = await startSmtpSink(() => (refuse-- > 0 ? 550 : null));
    t = await createTestApp({
      dialect,
      clock,
      config: {
        smtpUrl: smtp.url,
        smtpFrom: FROM,
        smtpRequireTls: false,
        smtpTimeoutSeconds: 5,
        publicUrl: PUBLIC_URL,
        deliveryRetryMs: 1000,
        deliveryWindowHours: 1,
      },
    });
    const user = await t.services.auth.createUser(
      { username: 'alice', email: 'alice@example.com', password: PASSWORD },
      'user',
    );
    aliceId = user.id;
    // Her emails speak the language she signs in with.
    alice = await signIn('de-DE,de;q=0.9,en;q=0.5');
    const locale = await t.database.db
      .selectFrom('users')
      .select('locale')
      .where('id', '=', aliceId)
      .executeTakeFirstOrThrow();
    expect(locale.locale).toBe('de');
    const chosen = await as(alice, {
      method: 'PUT',
      url: '/account/notifications',
      payload: { emailEvents: ['secret.viewed'] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      emailAvailable: true,
      email: 'alice@example.com',
      emailEvents: ['secret.viewed'],
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(async () => {
    await drain();
    await t.database.db.deleteFrom('deliveries').execute();
    smtp.received.length = 0;
    refuse = 0;
  });

  it('an opened secret is emailed in German, as text and HTML, with its id, no content and no secret link', async () => {
    const { id } = await ownSecret();
    await read(id);
    await drain();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe(FROM);
    expect(mail!.to).toEqual(['alice@example.com']);
    const parsed = parseMail(mail!.raw);
    expect(parsed.headers.from).toContain(FROM);
    expect(parsed.headers.to).toContain('alice@example.com');
    const event = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'secret.viewed')
      .where('subject_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(parsed.headers['x-hush-event-id']).toBe(event.id);
    expect(parsed.headers['auto-submitted']).toBe('auto-generated');
    expect(parsed.subject).toBe(`Hush: Dein Geheimnis ${id} wurde geöffnet (noch 1 Aufruf).`);
    expect(parsed.text).not.toBeNull();
    expect(parsed.html).not.toBeNull();
    const text = parsed.text!.replace(/\r\n/g, '\n');
    expect(text).toContain(`Dein Geheimnis ${id} wurde geöffnet (noch 1 Aufruf).`);
    expect(text).toContain(`ID: ${id}`);
    expect(text).toContain('Benachrichtigungen');
    expect(parsed.html).toContain('<html lang="de">');
    expect(parsed.html).toContain(`<code>${id}</code>`);
    expect(parsed.html).toContain('wurde geöffnet');
    // No content, in any encoding, anywhere in the message.
    for (const body of [mail!.raw, text, parsed.html!]) {
      expect(body).not.toContain(CONTENT);
      expect(body).not.toContain('c2VjcmV0LWNvbnRlbnQ');
    }
    // No link that opens (and spends) a secret: at most the activity page.
    const links = [...`${text}\n${parsed.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toBe(`${PUBLIC_URL}/account/activity`);
      expect(link).not.toContain('/secret/');
    }
    expect(mail!.raw).not.toContain('/secret/');
    const [delivery] = await emailDeliveries();
    expect(delivery).toMatchObject({
      state: 'delivered',
      attempts: 1,
      last_code: 250,
      last_error: null,
      target: aliceId,
    });
  });

  it('events she did not choose send nothing', async () => {
    const { id, deleteToken } = await ownSecret();
    const burned = await as(null, { method: 'POST', url: `/secret/${id}/burn`, payload: { deleteToken } });
    expect(burned.statusCode, burned.body).toBe(200);
    // A sign-in from a device she never used: session.new_device, on by default, but not among her choices.
    await signIn('de');
    await drain();
    const events = await t.database.db
      .selectFrom('events')
      .select('type')
      .where('user_id', '=', aliceId)
      .where('type', 'in', ['secret.burned', 'session.new_device'])
      .execute();
    expect(events.map((event) => event.type).sort()).toEqual(['secret.burned', 'session.new_device']);
    expect(smtp.received).toHaveLength(0);
    expect(await emailDeliveries()).toHaveLength(0);
  });

  it('disable_email_notifications sends nothing, and says so to the account', async () => {
    await t.services.settings.update({ disable_email_notifications: true });
    try {
      const settings = await as(alice, { url: '/account/notifications' });
      expect(settings.json()).toMatchObject({ emailAvailable: false });
      const { id } = await ownSecret();
      await read(id);
      await drain();
      expect(smtp.received).toHaveLength(0);
      expect(await emailDeliveries()).toHaveLength(0);
    } finally {
      await t.services.settings.update({ disable_email_notifications: false });
    }
    // Turned on again, the next event is emailed.
    const { id } = await ownSecret();
    await read(id);
    await drain();
    expect(smtp.received).toHaveLength(1);
  });

  it('a recipient refused (550) is retried later, then delivered; the delivery row shows both', async () => {
    refuse = 1;
    const { id } = await ownSecret();
    await read(id);
    await bounded(t.services.worker.runOnce());
    expect(smtp.received).toHaveLength(0);
    const [failed] = await emailDeliveries();
    expect(failed).toMatchObject({ state: 'pending', attempts: 1, last_code: 550 });
    // A code, with the mail server's own reply as its detail.
    expect(failed!.last_error).toMatch(/^smtp:550 /);
    expect(failed!.next_at).toBeGreaterThan(clock());
    // Not before its time.
    await bounded(t.services.worker.runOnce());
    expect((await emailDeliveries())[0]).toMatchObject({ state: 'pending', attempts: 1 });
    clock.advance(60_000);
    await bounded(t.services.worker.runOnce());
    expect(smtp.received).toHaveLength(1);
    expect(parseMail(smtp.received[0]!.raw).subject).toContain(id);
    const [delivered] = await emailDeliveries();
    expect(delivered).toMatchObject({
      id: failed!.id,
      state: 'delivered',
      attempts: 2,
      last_code: 250,
      last_error: null,
    });
  });
});

describeEachDialect('email to an SMTP server that never greets: bounded, retried, off the request path', (dialect) => {
  let t: TestApp;
  const clock = createTestClock(Date.now());
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let cookie: string;

  beforeAll(async () => {
    silent = await startSilentServer();
    t = await createTestApp({
      dialect,
      clock,
      config: {
        smtpUrl: silent.url,
        smtpFrom: FROM,
        smtpRequireTls: false,
        smtpTimeoutSeconds: 1,
        deliveryRetryMs: 1000,
        deliveryWindowHours: 1,
      },
    });
    const user = await t.services.auth.createUser(
      { username: 'bob', email: 'bob@example.com', password: PASSWORD },
      'user',
    );
    cookie = `hush_session=${(await t.services.auth.startSession(user)).token}`;
  });
  afterAll(async () => {
    await t?.close();
    await silent?.close();
  });

  const createAndRead = async (owner: string | null) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/secret',
      payload: { text: CONTENT, ttl: 3600, maxViews: 2 },
      headers: owner ? { cookie: owner } : {},
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const opened = await t.app.inject({ method: 'POST', url: `/api/v1/secret/${id}`, payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    return id;
  };

  it('the attempt fails within about the timeout, secrets are served meanwhile, and it is retried later', async () => {
    await createAndRead(cookie);
    const started = performance.now();
    const round = bounded(t.services.worker.runOnce());
    await Promise.race([silent.connected(1), round]);
    expect(silent.connections()).toBe(1);
    // The worker is stuck waiting for a greeting: the request path does not wait with it.
    const requestStarted = performance.now();
    await bounded(createAndRead(null), 3000, 'a secret created and read while the worker waits');
    const requestMs = performance.now() - requestStarted;
    expect(requestMs).toBeLessThan(500);
    await round;
    const roundMs = performance.now() - started;
    expect(roundMs).toBeLessThan(5000);
    expect(roundMs).toBeGreaterThan(requestMs);
    const [failed] = await t.database.db.selectFrom('deliveries').selectAll().where('channel', '=', 'email').execute();
    expect(failed).toMatchObject({ state: 'pending', attempts: 1, last_code: null });
    expect(failed!.last_error).toBe('timeout');
    // Retried once due, bounded again.
    clock.advance(60_000);
    const again = performance.now();
    await bounded(t.services.worker.runOnce());
    expect(performance.now() - again).toBeLessThan(5000);
    expect(silent.connections()).toBe(2);
    const [retried] = await t.database.db.selectFrom('deliveries').selectAll().where('channel', '=', 'email').execute();
    expect(retried).toMatchObject({ id: failed!.id, state: 'pending', attempts: 2 });
  });
});
