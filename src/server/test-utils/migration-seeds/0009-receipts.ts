import { expect } from 'vitest';
import { sha256 } from '../../lib/tokens.js';
import { type Step, HOUR, DAY, PASSWORD, ids, tokens, MINUTE, iso, secretRow, signIn } from './world.js';

/** Data as migration 0009-receipts left it, and how the latest app still reads it. */
export const stepReceipts: Step = {
  // A live secret of Alice's viewed twice (the first reader's address kept) after a wrong password; one ended by
  // its last view, kept as a status; one ended past the retention; her events (one seen), choices, devices and a
  // webhook with a delivery; an instance webhook turned off after failing; the new instance settings.
  async seed(db, { now }) {
    const [firstView, wrong, secondView] = [now - 50 * MINUTE, now - 45 * MINUTE, now - 40 * MINUTE];
    await db
      .insertInto('secrets')
      .values({
        ...secretRow(now, ids.receipted),
        max_views: 3,
        views_left: 1,
        owner_id: ids.alice,
        delete_token_hash: sha256(tokens.deleteReceipted),
        failed_attempts: 1,
        view_times: `${firstView},${secondView}`,
        failed_times: String(wrong),
        reader_ips: '203.0.113.0,-',
      })
      .execute();
    const status = (id: string, endedAt: number) => ({
      id,
      owner_id: ids.alice,
      request_id: null,
      delete_token_hash: sha256(tokens.deleteEnded),
      is_public: 0,
      prevent_burn: 0,
      file_count: 0,
      max_views: 2,
      views_used: 2,
      view_times: `${endedAt - DAY},${endedAt}`,
      failed_times: null,
      reader_ips: null,
      created_at: endedAt - 2 * DAY,
      expires_at: endedAt + DAY,
      ended_at: endedAt,
      end_reason: 'last_view',
    });
    await db
      .insertInto('secret_status')
      .values([status(ids.ended, now - 2 * DAY), status(ids.forgotten, now - 400 * DAY)])
      .execute();
    await db
      .updateTable('users')
      .set({ locale: 'de', activity_seen_at: now - 2 * HOUR, email_events: JSON.stringify(['request.answered']) })
      .where('id', '=', ids.alice)
      .execute();
    await db
      .insertInto('events')
      .values([
        {
          id: ids.seenEvent,
          type: 'secret.viewed',
          user_id: ids.alice,
          subject_id: ids.receipted,
          created_at: now - 3 * HOUR,
          data: JSON.stringify({ viewsLeft: 2 }),
          dispatched: 1,
        },
        {
          id: ids.newEvent,
          type: 'secret.password_failed',
          user_id: ids.alice,
          subject_id: ids.receipted,
          created_at: wrong,
          data: JSON.stringify({ attemptsLeft: 2 }),
          dispatched: 0,
        },
      ])
      .execute();
    await db
      .insertInto('user_devices')
      .values({ user_id: ids.alice, device_hash: sha256(tokens.device), first_seen_at: now - DAY })
      .execute();
    const webhook = (id: string, owner: string | null) => ({
      id,
      owner_id: owner,
      url: `https://hooks.example.com/${id}`,
      format: 'standard',
      events: null,
      secret: tokens.hookSecret,
      previous_secret: null,
      previous_secret_until: null,
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      created_at: now - 3 * DAY,
    });
    await db
      .insertInto('webhooks')
      .values([
        { ...webhook(ids.hook, ids.alice), format: 'slack', events: JSON.stringify(['secret.viewed']) },
        {
          ...webhook(ids.instanceHook, null),
          enabled: 0,
          disabled_reason: 'failed for 24 hours',
          failing_since: now - 2 * DAY,
        },
      ])
      .execute();
    await db
      .insertInto('deliveries')
      .values({
        id: ids.delivery,
        event_id: ids.seenEvent,
        channel: 'webhook',
        target: ids.hook,
        owner_id: ids.alice,
        state: 'delivered',
        attempts: 2,
        next_at: now - 3 * HOUR,
        lease_until: 0,
        last_code: 204,
        last_error: null,
        created_at: now - 3 * HOUR,
        finished_at: now - 3 * HOUR + MINUTE,
      })
      .execute();
    await db
      .insertInto('instance_settings')
      .values([
        { name: 'disable_webhooks', value: 'true' },
        { name: 'disable_email_notifications', value: 'false' },
      ])
      .execute();
  },
  async check(t, { now }) {
    const [firstView, wrong, secondView] = [now - 50 * MINUTE, now - 45 * MINUTE, now - 40 * MINUTE];
    const retention = t.config.statusRetentionDays * DAY;
    const byLink = (id: string, deleteToken: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/receipt/${id}`, payload: { deleteToken } });
    const live = {
      id: ids.receipted,
      state: 'open',
      maxViews: 3,
      viewsUsed: 2,
      views: [
        { at: iso(firstView), ip: '203.0.113.0' },
        { at: iso(secondView), ip: null },
      ],
      failedAttempts: [iso(wrong)],
      endedAt: null,
      endReason: null,
    };
    expect((await byLink(ids.receipted, tokens.deleteReceipted)).json()).toMatchObject(live);
    const ended = {
      id: ids.ended,
      state: 'ended',
      maxViews: 2,
      viewsUsed: 2,
      views: [
        { at: iso(now - 3 * DAY), ip: null },
        { at: iso(now - 2 * DAY), ip: null },
      ],
      failedAttempts: [],
      endedAt: iso(now - 2 * DAY),
      endReason: 'last_view',
      keptUntil: iso(now - 2 * DAY + retention),
    };
    expect((await byLink(ids.ended, tokens.deleteEnded)).json()).toMatchObject(ended);
    expect((await byLink(ids.forgotten, tokens.deleteEnded)).json()).toMatchObject({ code: 'receipt.not_found' });
    await t.services.receipts.purge();
    const forgotten = await t.database.db.selectFrom('secret_status').select('id').where('id', '=', ids.forgotten);
    expect(await forgotten.execute(), 'the status past its retention is purged').toEqual([]);

    const get = async (url: string, headers: Record<string, string>) => {
      const response = await t.app.inject({ url: `/api/v1${url}`, headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json();
    };
    // Sign-ins from new devices are events (the earlier checks' were); from Alice's known device, none.
    const fromNewDevices = async (headers: Record<string, string>) =>
      (await get('/account/activity', headers)).items.filter(
        (item: { type: string }) => item.type === 'session.new_device',
      ).length;
    const before = await fromNewDevices({ cookie: `hush_session=${tokens.session}` });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/signin',
      payload: { username: 'alice', password: PASSWORD },
      headers: { cookie: `hush_device=${tokens.device}` },
    });
    expect(signin.statusCode, signin.body).toBe(200);
    const alice = { cookie: `hush_session=${signin.cookies.find((c) => c.name === 'hush_session')!.value}` };
    expect(await fromNewDevices(alice)).toBe(before);
    await signIn(t, 'alice');
    expect(await fromNewDevices(alice)).toBe(before + 1);
    const user = await t.database.db.selectFrom('users').select('locale').where('id', '=', ids.alice);
    expect((await user.executeTakeFirstOrThrow()).locale, 'sign-ins without a language keep hers').toBe('de');

    expect(await get(`/account/secrets/${ids.receipted}/receipt`, alice)).toMatchObject(live);
    expect(await get('/account/secrets/ended', alice)).toEqual([expect.objectContaining(ended)]);
    expect(await get('/account/secrets', alice)).toContainEqual(
      expect.objectContaining({ id: ids.receipted, viewsUsed: 2, lastViewedAt: iso(secondView), failedAttempts: 1 }),
    );

    const activity = await get('/account/activity', alice);
    expect(activity.items).toContainEqual({
      id: ids.newEvent,
      type: 'secret.password_failed',
      at: iso(wrong),
      subjectId: ids.receipted,
      data: { attemptsLeft: 2 },
      unread: true,
    });
    expect(activity.items).toContainEqual(
      expect.objectContaining({ id: ids.seenEvent, data: { viewsLeft: 2 }, unread: false }),
    );
    expect(await get('/account/notifications', alice)).toMatchObject({ emailEvents: ['request.answered'] });

    expect(await get('/account/webhooks', alice)).toEqual([
      {
        id: ids.hook,
        url: `https://hooks.example.com/${ids.hook}`,
        format: 'slack',
        events: ['secret.viewed'],
        enabled: true,
        disabledReason: null,
        pinned: false,
        createdAt: iso(now - 3 * DAY),
      },
    ]);
    expect(await get(`/account/webhooks/${ids.hook}/deliveries`, alice)).toEqual([
      {
        id: ids.delivery,
        eventId: ids.seenEvent,
        type: 'secret.viewed',
        state: 'delivered',
        attempts: 2,
        lastCode: 204,
        lastError: null,
        createdAt: iso(now - 3 * HOUR),
        nextAttemptAt: null,
        finishedAt: iso(now - 3 * HOUR + MINUTE),
      },
    ]);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/account/webhooks/${ids.hook}/rotate`,
      headers: alice,
    });
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(tokens.hookSecret);
    expect(await get('/admin/webhooks', await signIn(t, 'root'))).toEqual([
      expect.objectContaining({ id: ids.instanceHook, enabled: false, disabledReason: 'failed for 24 hours' }),
    ]);
    expect(await get('/settings/public', {})).toMatchObject({
      disable_webhooks: true,
      disable_email_notifications: false,
    });
  },
};
