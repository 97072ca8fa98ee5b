import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { startWebhookReceiver } from '../../test-utils/webhook-receiver.js';
import { WEBHOOK_TESTS_PER_MINUTE } from './webhooks.routes.js';

const PASSWORD = 'correct horse battery';

/**
 * Issue 29, point 5: a webhook whose address the guard refuses (a literal, or a name after DNS) fails at once, with
 * the reason in its log, instead of being retried for the whole window; and its test calls are limited per user.
 */
describeEachDialect('webhooks: the address guard at delivery, and test calls per user', (dialect) => {
  let t: TestApp | undefined;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const clock = createTestClock(Date.now());

  beforeAll(async () => {
    receiver = await startWebhookReceiver(() => ({ status: 204 }));
  });
  afterAll(() => receiver.close());
  afterEach(async () => {
    await t?.close();
    t = undefined;
    receiver.received.length = 0;
  });

  const start = async (config: Partial<Config> = {}) => {
    t = await createTestApp({ dialect, clock, config: { deliveryRetryMs: 1000, deliveryWindowHours: 24, ...config } });
    return t;
  };
  const signedIn = async (t: TestApp, username: string, role: 'user' | 'admin' = 'user') => {
    const user = await t.services.auth.createUser(
      { username, email: `${username}@example.com`, password: PASSWORD },
      role,
    );
    return `hush_session=${(await t.services.auth.startSession(user)).token}`;
  };
  const as = (t: TestApp, cookie: string, options: InjectOptions & { url: string }, base = '/api/v1') =>
    t.app.inject({ ...options, url: `${base}${options.url}`, headers: { ...options.headers, cookie } });
  /** A webhook as one saved before this rule took its URL: saved with a public one, then changed in the table. */
  const savedBefore = async (t: TestApp, cookie: string, url: string) => {
    const created = await as(t, cookie, {
      method: 'POST',
      url: '/account/webhooks',
      payload: { url: 'https://hooks.example.com/hush' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    await t.database.db.updateTable('webhooks').set({ url }).where('id', '=', id).execute();
    return id;
  };

  it('a delivery refused for its address fails at its first attempt, with the reason in the log', async () => {
    const t = await start();
    // Rounds run here only (a test call would start one in the background).
    await t.services.worker.stop();
    const alice = await signedIn(t, 'alice');
    const port = receiver.port;
    const urls = [
      `http://[::127.0.0.1]:${port}/compat`,
      `http://[::ffff:127.0.0.1]:${port}/mapped`,
      `http://localhost:${port}/name`,
      `http://localhost.:${port}/dot`,
    ];
    const ids = [];
    for (const url of urls) {
      const id = await savedBefore(t, alice, url);
      expect((await as(t, alice, { method: 'POST', url: `/account/webhooks/${id}/test` })).statusCode).toBe(202);
      ids.push(id);
    }
    await t.services.worker.runOnce();
    for (const [i, id] of ids.entries()) {
      const log = await as(t, alice, { url: `/account/webhooks/${id}/deliveries` });
      expect(log.json()[0], urls[i]).toMatchObject({
        state: 'failed',
        attempts: 1,
        lastCode: null,
        lastError: 'private_address',
        nextAttemptAt: null,
      });
      expect(log.json()[0].finishedAt, urls[i]).not.toBeNull();
    }
    // Nothing is left to retry, and nothing reached the endpoint.
    clock.advance(3_600_000);
    await t.services.worker.runOnce();
    const pending = await t.database.db.selectFrom('deliveries').select('id').where('state', '=', 'pending').execute();
    expect(pending).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);
  });

  it('the pinned HUSH_WEBHOOK_URL is held to the same rule', async () => {
    const t = await start({
      webhookUrl: `http://localhost:${receiver.port}/pinned`,
      webhookSecret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
    });
    await t.services.worker.stop();
    const admin = await signedIn(t, 'rootuser', 'admin');
    expect((await as(t, admin, { method: 'POST', url: '/admin/webhooks/env/test' })).statusCode).toBe(202);
    await t.services.worker.runOnce();
    const [delivery] = (await as(t, admin, { url: '/admin/webhooks/env/deliveries' })).json();
    expect(delivery).toMatchObject({ state: 'failed', attempts: 1, lastError: 'private_address' });
    expect(receiver.received).toHaveLength(0);
  });

  it('test calls are limited per user, across the API’s two bases; another user still has theirs', async () => {
    const t = await start({ rateLimitEnabled: true, rateLimitMax: 1000, rateLimitWindowSeconds: 60 });
    await t.services.worker.stop();
    const alice = await signedIn(t, 'alice');
    const bob = await signedIn(t, 'bob');
    const aliceHook = await savedBefore(t, alice, 'https://hooks.example.com/alice');
    const bobHook = await savedBefore(t, bob, 'https://hooks.example.com/bob');
    const test = (cookie: string, id: string, base: string) =>
      as(t, cookie, { method: 'POST', url: `/account/webhooks/${id}/test` }, base);
    for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE; i++) {
      const answer = await test(alice, aliceHook, i % 2 ? '/api' : '/api/v1');
      expect(answer.statusCode, answer.body).toBe(202);
    }
    for (const base of ['/api/v1', '/api']) {
      const refused = await test(alice, aliceHook, base);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    }
    expect((await test(bob, bobHook, '/api/v1')).statusCode).toBe(202);
    const queued = await t.database.db.selectFrom('deliveries').select('id').execute();
    expect(queued).toHaveLength(WEBHOOK_TESTS_PER_MINUTE + 1);
  });
});
