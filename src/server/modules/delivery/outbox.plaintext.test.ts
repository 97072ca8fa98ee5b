import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { purgeOnce } from '../../jobs/purge.js';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { startWebhookReceiver } from '../../test-utils/webhook-receiver.js';

const HOUR = 3_600_000;
const mark = (name: string) => `${name}${randomBytes(9).toString('base64url')}`;

/**
 * Issue 15, point 7: whatever happens to secrets, the outbox (events, deliveries), the statuses, the webhook
 * payloads and the server's log lines hold no content, title, password, key proof, delete token or reader address
 * (with HUSH_STATUS_READER_IP off, the default).
 */
describeEachDialect('no content, keys or addresses in the outbox, statuses, payloads or logs', (dialect) => {
  let t: TestApp;
  const clock = createTestClock(Date.now());
  const logs: string[] = [];
  let cookie: string;
  const secrets = {
    text: `hush1.${mark('TEXT')}`,
    title: `hush1.${mark('TITLE')}`,
    password: mark('PASSWORD'),
    keyProof: randomBytes(32).toString('base64url'),
    readerIp: '198.51.100.77',
    creatorIp: '192.0.2.55',
  };
  const tokens: string[] = [];
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  const as = (options: InjectOptions & { url: string }, ip: string, signedIn = true) =>
    t.app.inject({
      ...options,
      url: `/api/v1${options.url}`,
      remoteAddress: '127.0.0.1',
      headers: { ...options.headers, 'x-forwarded-for': ip, ...(signedIn && { cookie }) },
    });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({
      dialect,
      clock,
      logStream: { write: (line) => logs.push(line) },
      config: {
        logLevel: 'debug',
        trustedProxies: ['127.0.0.1'],
        webhookUrl: `${receiver.url}/instance`,
        webhookSecret: `whsec_${randomBytes(32).toString('base64')}`,
        webhookAllowPrivate: true,
        passwordAttempts: 2,
      },
    });
    const user = await t.services.auth.createUser(
      { username: 'alice', email: 'alice@example.com', password: 'correct horse battery' },
      'user',
    );
    cookie = `hush_session=${(await t.services.auth.startSession(user)).token}`;
    const hook = await as(
      { method: 'POST', url: '/account/webhooks', payload: { url: `${receiver.url}/alice` } },
      secrets.creatorIp,
    );
    expect(hook.statusCode, hook.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('after views, wrong passwords, burns, expiry and the purge, no marker is anywhere', async () => {
    const create = async (body: Record<string, unknown>, signedIn = true) => {
      const response = await as(
        { method: 'POST', url: '/secret', payload: { text: secrets.text, title: secrets.title, ttl: 3600, ...body } },
        secrets.creatorIp,
        signedIn,
      );
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json<{ id: string; deleteToken: string }>();
      tokens.push(created.deleteToken);
      return created;
    };
    const read = (id: string, body: Record<string, unknown> = {}) =>
      as({ method: 'POST', url: `/secret/${id}`, payload: body }, secrets.readerIp, false);

    const viewed = await create({ maxViews: 2, keyProof: secrets.keyProof });
    expect((await read(viewed.id, { keyProof: secrets.keyProof })).statusCode).toBe(200);
    expect((await read(viewed.id, { keyProof: secrets.keyProof })).statusCode).toBe(200);
    const guessed = await create({ maxViews: 2, password: secrets.password });
    expect((await read(guessed.id, { password: `${secrets.password}x` })).statusCode).toBe(401);
    expect((await read(guessed.id, { password: `${secrets.password}y` })).statusCode).toBe(401);
    const burned = await create({ maxViews: 2 });
    await as(
      { method: 'POST', url: `/secret/${burned.id}/burn`, payload: { deleteToken: burned.deleteToken } },
      secrets.creatorIp,
    );
    const anonymous = await create({ maxViews: 1, password: secrets.password }, false);
    expect((await read(anonymous.id, { password: secrets.password })).statusCode).toBe(200);
    // Last views' statuses as they wait to move (SQLite: status-pending.ts); the purge moves them.
    const waiting = await t.database.db.selectFrom('secret_status_pending').selectAll().execute();
    await create({ maxViews: 3 });
    clock.advance(2 * HOUR);
    await purgeOnce(t.services.secrets, t.database, undefined, undefined, undefined, t.services.retained);
    await t.services.worker.runOnce();
    expect(receiver.received.length).toBeGreaterThan(5);

    const db = t.database.db;
    const stored = JSON.stringify([
      await db.selectFrom('events').selectAll().execute(),
      await db.selectFrom('deliveries').selectAll().execute(),
      await db.selectFrom('secret_status').selectAll().execute(),
      waiting,
      await db.selectFrom('webhooks').select(['id', 'url', 'events', 'owner_id']).execute(),
      await db.selectFrom('user_devices').selectAll().execute(),
    ]);
    const sent = JSON.stringify(receiver.received);
    const logged = logs.join('\n');
    const markers = [
      secrets.text.slice(6),
      secrets.title.slice(6),
      secrets.password,
      secrets.keyProof,
      secrets.readerIp,
      secrets.creatorIp,
      ...tokens,
    ];
    for (const [where, text] of [
      ['the outbox and status tables', stored],
      ['the webhook payloads', sent],
      ['the log', logged],
    ] as const) {
      for (const marker of markers) expect(text.includes(marker), `${marker} found in ${where}`).toBe(false);
    }
    // The statuses are there, and say what happened.
    const reasons = (await db.selectFrom('secret_status').select('end_reason').execute()).map((r) => r.end_reason);
    expect(reasons.sort()).toEqual([
      'burned_by_attempts',
      'burned_by_creator',
      'expired_unread',
      'last_view',
      'last_view',
    ]);
  });
});
