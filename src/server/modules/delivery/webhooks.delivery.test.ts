import type { InjectOptions } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { startWebhookReceiver } from '../../test-utils/webhook-receiver.js';

const PASSWORD = 'correct horse battery';
const CONTENT = 'hush1.c2VjcmV0LWNvbnRlbnQtbmV2ZXItc2VudA';

/**
 * Webhooks (issue 15) against a real HTTP receiver: signed by the Standard Webhooks scheme (checked with the
 * `standardwebhooks` package, an independent implementation), retried with backoff under one idempotency id,
 * rotated, filtered, tested, logged, and turned off after failing for the whole window; payloads without content.
 */
describeEachDialect('webhooks: signed, retried, logged deliveries to a real receiver (issue 15)', (dialect) => {
  let t: TestApp;
  const clock = createTestClock(Date.now());
  let alice: string;
  let aliceId: string;
  let fail = 0;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  const as = (cookie: string | null, options: InjectOptions & { url: string }) =>
    t.app.inject({
      ...options,
      url: `/api/v1${options.url}`,
      headers: { ...options.headers, ...(cookie && { cookie }) },
    });
  const addWebhook = async (body: Record<string, unknown>, cookie: string | null = alice, base = '/account') => {
    const response = await as(cookie, { method: 'POST', url: `${base}/webhooks`, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; secret: string }>();
  };
  const ownSecretRead = async () => {
    const created = await as(alice, {
      method: 'POST',
      url: '/secret',
      payload: { text: CONTENT, ttl: 3600, maxViews: 2 },
    });
    const { id } = created.json<{ id: string }>();
    expect((await as(null, { method: 'POST', url: `/secret/${id}`, payload: {} })).statusCode).toBe(200);
    return id;
  };
  const drain = async () => {
    for (let round = 0; round < 30; round++) {
      await t.services.worker.runOnce();
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
    receiver = await startWebhookReceiver(() => (fail-- > 0 ? { status: 500 } : { status: 204 }));
    t = await createTestApp({
      dialect,
      clock,
      config: { webhookAllowPrivate: true, deliveryRetryMs: 1000, deliveryWindowHours: 1 },
    });
    const user = await t.services.auth.createUser(
      { username: 'alice', email: 'alice@example.com', password: PASSWORD },
      'user',
    );
    aliceId = user.id;
    alice = `hush_session=${(await t.services.auth.startSession(user)).token}`;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  afterEach(async () => {
    await t.database.db.deleteFrom('webhooks').execute();
    await t.database.db.deleteFrom('deliveries').execute();
    receiver.received.length = 0;
    fail = 0;
  });

  it('a view of an owned secret is delivered once, signed, with ids and no content; the secret is shown once', async () => {
    const hook = await addWebhook({ url: `${receiver.url}/hook` });
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = await as(alice, { url: '/account/webhooks' });
    expect(listed.body).not.toContain(hook.secret);
    const id = await ownSecretRead();
    await drain();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const payload = new Webhook(hook.secret).verify(delivery!.body, delivery!.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload).toMatchObject({ type: 'secret.viewed', data: { secretId: id, viewsLeft: 1 } });
    expect(delivery!.headers['webhook-id']).toBe(payload.data.eventId);
    expect(delivery!.body).not.toContain('c2VjcmV0LWNvbnRlbnQ');
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(delivery!.body, delivery!.headers),
    ).toThrow();
  });

  it('failed attempts are retried with backoff under the same webhook-id until accepted; the log says so', async () => {
    const hook = await addWebhook({ url: `${receiver.url}/flaky` });
    fail = 2;
    await ownSecretRead();
    await t.services.worker.runOnce();
    expect(receiver.received).toHaveLength(1);
    // Not before its time: the first retry waits about a second.
    await t.services.worker.runOnce();
    expect(receiver.received).toHaveLength(1);
    await drain();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const request of receiver.received)
      expect(() => new Webhook(hook.secret).verify(request.body, request.headers)).not.toThrow();
    const log = await as(alice, { url: `/account/webhooks/${hook.id}/deliveries` });
    expect(log.json()[0]).toMatchObject({ state: 'delivered', attempts: 3, lastCode: 204, type: 'secret.viewed' });
  });

  it('rotation: the new secret is shown once, and both old and new verify for a day', async () => {
    const hook = await addWebhook({ url: `${receiver.url}/rotate` });
    const rotated = await as(alice, { method: 'POST', url: `/account/webhooks/${hook.id}/rotate` });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).not.toBe(hook.secret);
    await ownSecretRead();
    await drain();
    const [request] = receiver.received;
    expect(request!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(secret).verify(request!.body, request!.headers)).not.toThrow();
    expect(() => new Webhook(hook.secret).verify(request!.body, request!.headers)).not.toThrow();
  });

  it('the test button sends webhook.test to that webhook only; filters choose the events', async () => {
    const filtered = await addWebhook({ url: `${receiver.url}/burns`, events: ['secret.burned'] });
    const test = await as(alice, { method: 'POST', url: `/account/webhooks/${filtered.id}/test` });
    expect(test.statusCode, test.body).toBe(202);
    await ownSecretRead();
    await drain();
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['webhook.test']);
  });

  it('Slack and ntfy formats: a sentence, signed the same way', async () => {
    await addWebhook({ url: `${receiver.url}/slack`, format: 'slack' });
    await addWebhook({ url: `${receiver.url}/ntfy`, format: 'ntfy' });
    const id = await ownSecretRead();
    await drain();
    const slack = receiver.received.find((r) => r.path === '/slack')!;
    const ntfy = receiver.received.find((r) => r.path === '/ntfy')!;
    expect(JSON.parse(slack.body).text).toBe(`Hush: Your secret ${id} was opened (1 view left).`);
    expect(ntfy.body).toBe(`Your secret ${id} was opened (1 view left).`);
    expect(ntfy.headers.title).toBe('Hush: Secret opened');
  });

  it('a webhook failing every attempt for the whole window is turned off, with a notice in the activity', async () => {
    const hook = await addWebhook({ url: 'http://127.0.0.1:9/refused' });
    await ownSecretRead();
    for (let round = 0; round < 12; round++) {
      await t.services.worker.runOnce();
      clock.advance(10 * 60_000);
    }
    const [listed] = (await as(alice, { url: '/account/webhooks' })).json();
    expect(listed).toMatchObject({ id: hook.id, enabled: false });
    // A code the page translates, with the window's hours (HUSH_DELIVERY_WINDOW_HOURS=1 here).
    expect(listed.disabledReason).toBe('failed_window:1');
    const [delivery] = (await as(alice, { url: `/account/webhooks/${hook.id}/deliveries` })).json();
    expect(delivery).toMatchObject({ state: 'failed', lastCode: null, lastError: 'connection_refused' });
    const activity = (await as(alice, { url: '/account/activity' })).json();
    expect(activity.items.map((item: { type: string }) => item.type)).toContain('webhook.disabled');
    // Turned on again: its failures are forgotten.
    const again = await as(alice, {
      method: 'PUT',
      url: `/account/webhooks/${hook.id}`,
      payload: { url: 'http://127.0.0.1:9/refused', enabled: true },
    });
    expect(again.json()).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('a delivery whose webhook is gone fails at once (webhook_removed); one turned off is retried (webhook_off)', async () => {
    const gone = await addWebhook({ url: `${receiver.url}/gone` });
    const off = await addWebhook({ url: `${receiver.url}/off` });
    fail = 2;
    await ownSecretRead();
    await t.services.worker.runOnce();
    const pending = await t.database.db.selectFrom('deliveries').selectAll().execute();
    expect(pending.map((row) => [row.state, row.last_code, row.last_error])).toEqual([
      ['pending', 500, 'http_status'],
      ['pending', 500, 'http_status'],
    ]);
    // Behind the API's back (which would delete the log too), as a webhook deleted while its retry waited.
    await t.database.db.deleteFrom('webhooks').where('id', '=', gone.id).execute();
    await t.database.db.updateTable('webhooks').set({ enabled: 0 }).where('id', '=', off.id).execute();
    clock.advance(60_000);
    await t.services.worker.runOnce();
    const rows = await t.database.db.selectFrom('deliveries').selectAll().execute();
    const of = (id: string) => rows.find((row) => row.target === id);
    expect(of(gone.id)).toMatchObject({ state: 'failed', attempts: 2, last_code: null, last_error: 'webhook_removed' });
    expect(of(off.id)).toMatchObject({ state: 'pending', attempts: 2, last_code: null, last_error: 'webhook_off' });
    expect(receiver.received).toHaveLength(2);
  });

  it('an instance webhook hears anonymous secrets too; a user’s hears only theirs', async () => {
    const admin = await t.services.auth.createUser(
      { username: 'root', email: 'root@example.com', password: PASSWORD },
      'admin',
    );
    const root = `hush_session=${(await t.services.auth.startSession(admin)).token}`;
    await addWebhook({ url: `${receiver.url}/instance` }, root, '/admin');
    await addWebhook({ url: `${receiver.url}/alice` });
    const forbidden = await as(alice, {
      method: 'POST',
      url: '/admin/webhooks',
      payload: { url: `${receiver.url}/x` },
    });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await as(null, { method: 'POST', url: '/secret', payload: { text: CONTENT, ttl: 3600 } });
    const { id } = anonymous.json<{ id: string }>();
    expect((await as(null, { method: 'POST', url: `/secret/${id}`, payload: {} })).statusCode).toBe(200);
    await drain();
    const paths = receiver.received.map((r) => `${r.path} ${JSON.parse(r.body).data.secretId}`);
    expect(paths).toEqual([`/instance ${id}`]);
    expect(aliceId).toBeTruthy();
  });
});

describeEachDialect('webhook URLs: only http(s) to public addresses, unless allowed', (dialect) => {
  let t: TestApp;
  let alice: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const user = await t.services.auth.createUser(
      { username: 'alice', email: 'alice@example.com', password: PASSWORD },
      'user',
    );
    alice = `hush_session=${(await t.services.auth.startSession(user)).token}`;
  });
  afterAll(() => t?.close());

  it.each([
    'ftp://hooks.example.com/x',
    'javascript:alert(1)',
    'not a url',
    'http://127.0.0.1:8080/x',
    'http://[::1]/x',
    'http://10.1.2.3/x',
    'http://192.168.0.10/x',
    'http://169.254.169.254/latest/meta-data',
    'http://[fd00:ec2::254]/x',
    'http://100.64.0.1/x',
    'http://0.0.0.0/x',
    'http://localhost:3000/x',
    'http://[::ffff:127.0.0.1]/x',
    'https://user:pass@hooks.example.com/x',
  ])('%s is refused with a clear message', async (url) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/webhooks',
      payload: { url },
      headers: { cookie: alice },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('webhook.url_not_allowed');
    expect(response.json().message.length).toBeGreaterThan(10);
  });

  it('a public https URL is taken', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/webhooks',
      payload: { url: 'https://hooks.example.com/hush' },
      headers: { cookie: alice },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describeEachDialect('disable_webhooks: none delivered, none added', (dialect) => {
  it('refuses new webhooks and turning one on, and delivers nothing while off', async () => {
    const receiver = await startWebhookReceiver();
    const t = await createTestApp({ dialect, config: { webhookAllowPrivate: true } });
    try {
      const user = await t.services.auth.createUser(
        { username: 'alice', email: 'alice@example.com', password: PASSWORD },
        'user',
      );
      const cookie = `hush_session=${(await t.services.auth.startSession(user)).token}`;
      const inject = (options: InjectOptions & { url: string }) =>
        t.app.inject({ ...options, url: `/api/v1${options.url}`, headers: { cookie } });
      const created = await inject({ method: 'POST', url: '/account/webhooks', payload: { url: `${receiver.url}/a` } });
      expect(created.statusCode).toBe(201);
      await t.services.settings.update({ disable_webhooks: true });
      const refused = await inject({ method: 'POST', url: '/account/webhooks', payload: { url: `${receiver.url}/b` } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('webhook.disabled');
      const secret = await inject({ method: 'POST', url: '/secret', payload: { text: CONTENT, ttl: 3600 } });
      await inject({ method: 'POST', url: `/secret/${secret.json().id}`, payload: {} });
      await t.services.worker.runOnce();
      expect(receiver.received).toHaveLength(0);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
