import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { purgeOnce } from '../../jobs/purge.js';
import { sha256 } from '../../lib/tokens.js';
import { createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = 'correct horse battery';

/**
 * Receipts (issue 15): a secret's status, while it lives and after every way it can end, for the holder of its
 * receipt link (the delete token) and for its owner; never its content; gone after HUSH_STATUS_RETENTION_DAYS.
 */
describeEachDialect('receipts: the status of a secret, and after it is gone (issue 15)', (dialect) => {
  let t: TestApp;
  const clock = createTestClock(Date.now());
  let alice: string;

  const as = (cookie: string | null, options: InjectOptions & { url: string }) =>
    t.app.inject({
      ...options,
      url: `/api/v1${options.url}`,
      headers: { ...options.headers, ...(cookie && { cookie }) },
    });
  const create = async (body: Record<string, unknown> = {}, cookie: string | null = null) => {
    const response = await as(cookie, {
      method: 'POST',
      url: '/secret',
      payload: { text: 'hush1.c2VjcmV0LWNvbnRlbnQ', ttl: 3600, maxViews: 1, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; deleteToken: string; receiptPath: string }>();
  };
  const read = (id: string, body: Record<string, unknown> = {}) =>
    as(null, { method: 'POST', url: `/secret/${id}`, payload: body, headers: { 'x-forwarded-for': '203.0.113.9' } });
  const receipt = async (secret: { id: string; deleteToken: string }) => {
    const response = await as(null, {
      method: 'POST',
      url: `/receipt/${secret.id}`,
      payload: { deleteToken: secret.deleteToken },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect, clock, config: { passwordAttempts: 3 } });
    const user = await t.services.auth.createUser(
      { username: 'alice', email: 'alice@example.com', password: PASSWORD },
      'user',
    );
    alice = `hush_session=${(await t.services.auth.startSession(user)).token}`;
  });
  afterAll(() => t?.close());

  it('the create answer has the receipt link path; the receipt of a new secret is open with no views', async () => {
    const secret = await create({ maxViews: 3 });
    expect(secret.receiptPath).toBe(`/receipt/${secret.id}#${secret.deleteToken}`);
    expect(await receipt(secret)).toMatchObject({
      id: secret.id,
      state: 'open',
      maxViews: 3,
      viewsUsed: 0,
      views: [],
      failedAttempts: [],
      endedAt: null,
      endReason: null,
    });
  });

  it('each view is timed; the last view ends it: last_view, with every view kept and no address', async () => {
    const secret = await create({ maxViews: 2 });
    expect((await read(secret.id)).statusCode).toBe(200);
    clock.advance(1000);
    const first = await receipt(secret);
    expect(first).toMatchObject({ state: 'open', viewsUsed: 1 });
    expect(first.views).toHaveLength(1);
    expect(first.views[0].ip).toBeNull();
    expect((await read(secret.id)).statusCode).toBe(200);
    const ended = await receipt(secret);
    expect(ended).toMatchObject({ state: 'ended', endReason: 'last_view', viewsUsed: 2, maxViews: 2 });
    expect(ended.views).toHaveLength(2);
    expect(new Date(ended.views[1].at).getTime() - new Date(ended.views[0].at).getTime()).toBe(1000);
    expect(JSON.stringify(ended)).not.toContain('c2VjcmV0LWNvbnRlbnQ');
  });

  it('a one-view secret read once: ended by its last view', async () => {
    const secret = await create();
    expect((await read(secret.id)).statusCode).toBe(200);
    expect(await receipt(secret)).toMatchObject({ state: 'ended', endReason: 'last_view', viewsUsed: 1 });
  });

  it('burned by its creator (the receipt link’s token), and by its reader (the key proof)', async () => {
    const byCreator = await create({ maxViews: 2 });
    const burn = await as(null, {
      method: 'POST',
      url: `/secret/${byCreator.id}/burn`,
      payload: { deleteToken: byCreator.deleteToken },
    });
    expect(burn.statusCode, burn.body).toBe(200);
    expect(await receipt(byCreator)).toMatchObject({ state: 'ended', endReason: 'burned_by_creator', viewsUsed: 0 });

    const proof = 'a'.repeat(43);
    const byReader = await create({ maxViews: 2, keyProof: proof });
    const burned = await as(null, {
      method: 'POST',
      url: `/secret/${byReader.id}/burn`,
      payload: { keyProof: proof },
    });
    expect(burned.statusCode, burned.body).toBe(200);
    expect(await receipt(byReader)).toMatchObject({ state: 'ended', endReason: 'burned_by_reader' });
  });

  it('wrong passwords are timed; the last one burns it: burned_by_attempts', async () => {
    const secret = await create({ password: 'right password', maxViews: 2 });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await read(secret.id, { password: 'wrong' })).statusCode).toBe(401);
    }
    expect((await receipt(secret)).failedAttempts).toHaveLength(2);
    expect((await read(secret.id, { password: 'wrong' })).statusCode).toBe(401);
    const ended = await receipt(secret);
    expect(ended).toMatchObject({ state: 'ended', endReason: 'burned_by_attempts' });
    expect(ended.failedAttempts).toHaveLength(3);
  });

  it('expired unread, and expired after some views: the receipt says which, before and after the purge', async () => {
    const unread = await create({ maxViews: 2 });
    const read1 = await create({ maxViews: 2 });
    expect((await read(read1.id)).statusCode).toBe(200);
    clock.advance(2 * HOUR);
    expect(await receipt(unread)).toMatchObject({ state: 'ended', endReason: 'expired_unread' });
    await purgeOnce(t.services.secrets, t.database, undefined, undefined, undefined, t.services.retained);
    expect(await t.database.db.selectFrom('secrets').select('id').where('id', '=', unread.id).executeTakeFirst()).toBe(
      undefined,
    );
    expect(await receipt(unread)).toMatchObject({ state: 'ended', endReason: 'expired_unread', viewsUsed: 0 });
    expect(await receipt(read1)).toMatchObject({ state: 'ended', endReason: 'expired', viewsUsed: 1 });
  });

  it('a wrong token, an unknown id and a status past its retention all answer the same 404', async () => {
    const secret = await create();
    expect((await read(secret.id)).statusCode).toBe(200);
    const wrong = await as(null, {
      method: 'POST',
      url: `/receipt/${secret.id}`,
      payload: { deleteToken: 'b'.repeat(43) },
    });
    const unknown = await as(null, {
      method: 'POST',
      url: `/receipt/${'c'.repeat(22)}`,
      payload: { deleteToken: 'b'.repeat(43) },
    });
    clock.advance(31 * DAY);
    const expired = await as(null, {
      method: 'POST',
      url: `/receipt/${secret.id}`,
      payload: { deleteToken: secret.deleteToken },
    });
    for (const response of [wrong, unknown, expired]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'receipt.not_found' });
    }
    await purgeOnce(t.services.secrets, t.database, undefined, undefined, undefined, t.services.retained);
    const kept = await t.database.db
      .selectFrom('secret_status')
      .select('id')
      .where('id', '=', secret.id)
      .executeTakeFirst();
    expect(kept).toBeUndefined();
  });

  it('owners see the status of their secrets by id, and their ended ones in a list; others do not', async () => {
    // A session of its own: the clock has moved on past the first one's lifetime.
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    alice = `hush_session=${(await t.services.auth.startSession(user)).token}`;
    const live = await create({ maxViews: 3 }, alice);
    const gone = await create({}, alice);
    expect((await read(live.id)).statusCode).toBe(200);
    expect((await read(gone.id)).statusCode).toBe(200);
    const own = await as(alice, { url: `/account/secrets/${live.id}/receipt` });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ state: 'open', viewsUsed: 1 });
    const list = await as(alice, { url: '/secret' });
    expect(list.json().find((s: { id: string }) => s.id === live.id)).toMatchObject({
      viewsUsed: 1,
      failedAttempts: 0,
    });
    const ended = await as(alice, { url: '/account/secrets/ended' });
    expect(ended.json().map((s: { id: string }) => s.id)).toContain(gone.id);
    const anonymous = await create();
    const notMine = await as(alice, { url: `/account/secrets/${anonymous.id}/receipt` });
    expect(notMine.statusCode).toBe(404);
    expect((await as(null, { url: `/account/secrets/${live.id}/receipt` })).statusCode).toBe(401);
  });

  it('the status rows hold no content, key or address, only the delete token’s hash', async () => {
    const secret = await create({ maxViews: 1, title: 'hush1.dGl0bGU' });
    expect((await read(secret.id)).statusCode).toBe(200);
    expect((await receipt(secret)).endReason).toBe('last_view');
    // Where it waits first (SQLite: status-pending.ts), and where it moves.
    const rowIn = (table: 'secret_status' | 'secret_status_pending') =>
      t.database.db.selectFrom(table).selectAll().where('id', '=', secret.id).executeTakeFirst();
    const pending = await rowIn('secret_status_pending');
    await t.services.settleStatuses();
    const row = await rowIn('secret_status');
    expect(row).toBeDefined();
    const text = JSON.stringify([pending, row]);
    expect(text).not.toContain('c2VjcmV0LWNvbnRlbnQ');
    expect(text).not.toContain('dGl0bGU');
    expect(text).not.toContain('203.0.113');
    expect(text).not.toContain(secret.deleteToken);
    expect(row!.delete_token_hash).toBe(sha256(secret.deleteToken));
  });
});

describeEachDialect('receipts keep readers’ addresses only when the admin turns it on', (dialect) => {
  for (const [mode, expected] of [
    ['prefix', '203.0.113.0/24'],
    ['full', '203.0.113.9'],
  ] as const) {
    it(`HUSH_STATUS_READER_IP=${mode}: ${expected}`, async () => {
      const t = await createTestApp({
        dialect,
        config: { statusReaderIp: mode, trustedProxies: ['127.0.0.1'] },
      });
      try {
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/v1/secret',
          payload: { text: 'hush1.eA', ttl: 3600, maxViews: 2 },
        });
        const secret = created.json<{ id: string; deleteToken: string }>();
        for (let i = 0; i < 2; i++) {
          const read = await t.app.inject({
            method: 'POST',
            url: `/api/v1/secret/${secret.id}`,
            payload: {},
            headers: { 'x-forwarded-for': '203.0.113.9' },
            remoteAddress: '127.0.0.1',
          });
          expect(read.statusCode, read.body).toBe(200);
        }
        const receipt = await t.app.inject({
          method: 'POST',
          url: `/api/v1/receipt/${secret.id}`,
          payload: { deleteToken: secret.deleteToken },
        });
        expect(receipt.json().views.map((view: { ip: string }) => view.ip)).toEqual([expected, expected]);
      } finally {
        await t.close();
      }
    });
  }
});
