import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Db } from '../db/schema.js';
import { createPasswordHasher } from '../lib/passwords.js';
import { randomToken, sha256 } from '../lib/tokens.js';
import type { TestApp } from './app.js';
import { fakeCiphertext, filesApi, META, sha256Hex } from './files.js';

/**
 * Data as each migration step left it, and how the latest app must still read it. Every migration has an entry:
 * `seed` writes rows into the tables as they are right after that migration (rows of later steps' shape do not
 * exist yet), `check` reads them back through the HTTP API after the upgrade. A seed writes with the columns of its
 * own step, so when a later migration renames one, write that seed's rows with sql`…` instead of the typed builder.
 */
export interface SeedWorld {
  /** The app's clock at the check (seeded times are relative to it). */
  now: number;
  /** The data folder of the app that checks (stored files go under it). */
  dataDir: string;
}

interface Step {
  seed(db: Db, world: SeedWorld): Promise<void>;
  check(t: TestApp, world: SeedWorld): Promise<void>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = 'correct horse';

const ids = {
  alice: randomToken(16),
  root: randomToken(16),
  viewed: randomToken(16),
  locked: randomToken(16),
  public: randomToken(16),
  withFile: randomToken(16),
  file: randomToken(16),
  attempted: randomToken(16),
  stranded: randomToken(16),
  usedUp: randomToken(16),
  request: randomToken(16),
  response: randomToken(16),
  receipted: randomToken(16),
  ended: randomToken(16),
  forgotten: randomToken(16),
  seenEvent: randomToken(16),
  newEvent: randomToken(16),
  hook: randomToken(16),
  instanceHook: randomToken(16),
  delivery: randomToken(16),
};
const tokens = {
  deleteViewed: randomToken(32),
  proof: randomToken(32),
  verifier: randomToken(32),
  session: randomToken(32),
  api: randomToken(32),
  responseProof: randomToken(32),
  ephemeralKey: randomToken(32),
  deleteReceipted: randomToken(32),
  deleteEnded: randomToken(32),
  device: randomToken(32),
  hookSecret: `whsec_${randomToken(32)}`,
};
const blob = fakeCiphertext(200_000);
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

let hashed: Promise<{ account: string; verifier: string }> | undefined;
/** argon2id hashes, computed once per run (each takes tens of milliseconds). */
const hashes = () => {
  const hasher = createPasswordHasher(2);
  hashed ??= Promise.all([hasher.hash(PASSWORD), hasher.hash(tokens.verifier)]).then(([account, verifier]) => ({
    account,
    verifier,
  }));
  return hashed;
};

const secretRow = (now: number, id: string) => ({
  id,
  text: `hush1.${Buffer.from(id).toString('base64url')}`,
  title: null,
  max_views: 1,
  views_left: 1,
  prevent_burn: 0,
  is_public: 0,
  expires_at: now + DAY,
  created_at: now - HOUR,
  password_hash: null,
  key_proof_hash: null,
  delete_token_hash: sha256(randomToken(32)),
  allowed_ip: null,
  owner_id: null,
  creator_ip: null,
});

async function signIn(t: TestApp, username: string): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/signin',
    payload: { username, password: PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.cookies.find((cookie) => cookie.name === 'hush_session')!.value;
  return { cookie: `hush_session=${session}` };
}

export const SEEDS: Record<string, Step> = {
  '0001-initial': {
    async seed(db, { now }) {
      const { account, verifier } = await hashes();
      const user = (id: string, username: string, role: string) => ({
        id,
        username,
        username_lower: username.toLowerCase(),
        email: `${username}@example.com`,
        email_lower: `${username.toLowerCase()}@example.com`,
        password_hash: account,
        role,
        generated: 0,
        created_at: now - DAY,
      });
      await db
        .insertInto('users')
        .values([user(ids.alice, 'Alice', 'user'), user(ids.root, 'root', 'admin')])
        .execute();
      await db
        .insertInto('secrets')
        .values([
          // Opened once of three.
          {
            ...secretRow(now, ids.viewed),
            max_views: 3,
            views_left: 2,
            delete_token_hash: sha256(tokens.deleteViewed),
          },
          { ...secretRow(now, ids.locked), password_hash: verifier, key_proof_hash: sha256(tokens.proof) },
          { ...secretRow(now, ids.public), text: 'in the clear', is_public: 1, owner_id: ids.alice, creator_ip: '::1' },
        ])
        .execute();
      await db.insertInto('statistics').values({ name: 'secrets_created', value: 42 }).execute();
    },
    async check(t) {
      const read = await t.app.inject({ method: 'POST', url: `/api/v1/secret/${ids.viewed}`, payload: {} });
      expect(read.json()).toMatchObject({
        id: ids.viewed,
        maxViews: 3,
        viewsLeft: 1,
        text: secretRow(0, ids.viewed).text,
      });
      const burn = { deleteToken: tokens.deleteViewed };
      const burned = await t.app.inject({ method: 'POST', url: `/api/v1/secret/${ids.viewed}/burn`, payload: burn });
      expect(burned.json()).toEqual({ id: ids.viewed, burned: true });

      const locked = `/api/v1/secret/${ids.locked}`;
      const proof = { keyProof: tokens.proof };
      expect((await t.app.inject({ method: 'POST', url: locked, payload: proof })).statusCode).toBe(401);
      const opened = await t.app.inject({
        method: 'POST',
        url: locked,
        payload: { ...proof, password: tokens.verifier },
      });
      expect(opened.statusCode, opened.body).toBe(200);

      const publicList = await t.app.inject({ url: '/api/v1/secret/public/' });
      expect(publicList.json()).toContainEqual(expect.objectContaining({ id: ids.public, username: 'Alice' }));
      const own = await t.app.inject({ url: '/api/v1/account/secrets', headers: await signIn(t, 'alice') });
      expect(own.json()).toContainEqual(expect.objectContaining({ id: ids.public }));
      const stats = await t.app.inject({ url: '/api/v1/stats', headers: await signIn(t, 'root') });
      expect(stats.json().secrets.created).toBe(42);
    },
  },

  '0002-instance-settings': {
    async seed(db) {
      await db
        .insertInto('instance_settings')
        .values({ name: 'disable_user_account_creation', value: 'true' })
        .execute();
    },
    async check(t) {
      const settings = await t.app.inject({ url: '/api/v1/settings/public' });
      expect(settings.json()).toMatchObject({ disable_user_account_creation: true });
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/signup',
        payload: { username: 'newcomer', email: 'newcomer@example.com', password: PASSWORD },
      });
      expect(signup.json()).toMatchObject({ code: 'auth.signup_disabled' });
    },
  },

  '0003-accounts': {
    async seed(db, { now }) {
      const session = { user_id: ids.alice, created_at: now - HOUR, expires_at: now + DAY };
      await db
        .insertInto('sessions')
        .values({ id: sha256(tokens.session), ...session, absolute_expires_at: now + 7 * DAY })
        .execute();
      await db
        .insertInto('api_tokens')
        .values({
          id: randomToken(16),
          user_id: ids.root,
          name: 'ci',
          token_hash: sha256(tokens.api),
          created_at: now - DAY,
          last_used_at: null,
          expires_at: null,
        })
        .execute();
    },
    async check(t) {
      const bySession = await t.app.inject({
        url: '/api/v1/account',
        headers: { cookie: `hush_session=${tokens.session}` },
      });
      expect(bySession.json()).toMatchObject({ username: 'Alice' });
      const byToken = await t.app.inject({
        url: '/api/v1/account',
        headers: { authorization: `Bearer ${tokens.api}` },
      });
      expect(byToken.json()).toMatchObject({ username: 'root', role: 'admin' });
    },
  },

  '0004-analytics': {
    async seed(db, { now }) {
      const day = new Date(now).toISOString().slice(0, 10);
      const views = ['a', 'b', 'a'].map((visitor) => ({ day, path: '/', visitor }));
      await db.insertInto('page_views').values(views).execute();
      await db
        .insertInto('analytics_salts')
        .values({ day, salt: randomToken(32) })
        .execute();
    },
    async check(t) {
      const daily = await t.app.inject({
        url: '/api/v1/analytics/data/aggregate/daily',
        headers: await signIn(t, 'root'),
      });
      expect(daily.json().totals).toEqual({ visits: 3, uniqueVisitors: 2 });
    },
  },

  '0005-files': {
    async seed(db, { now, dataDir }) {
      await db
        .insertInto('secrets')
        .values({ ...secretRow(now, ids.withFile), file_count: 1 })
        .execute();
      await db
        .insertInto('files')
        .values({
          id: ids.file,
          secret_id: ids.withFile,
          owner_id: null,
          position: 0,
          meta: META,
          size: blob.length,
          plain_size: 200_000,
          part_size: 1024 * 1024,
          part_count: 1,
          created_at: now - HOUR,
        })
        .execute();
      await mkdir(join(dataDir, 'files', ids.file), { recursive: true });
      await writeFile(join(dataDir, 'files', ids.file, 'blob'), blob);
    },
    async check(t) {
      const api = filesApi(t);
      const read = await api.read(ids.withFile);
      expect(read.statusCode, read.body).toBe(200);
      const [file] = read.json<{ files: { id: string; meta: string; downloadKey: string }[] }>().files;
      expect(file).toMatchObject({ id: ids.file, meta: META });
      const download = await api.download(file!.downloadKey, ids.withFile);
      expect(sha256Hex(download.rawPayload)).toBe(sha256Hex(blob));
    },
  },

  '0006-attempt-reservations': {
    async seed(db, { now }) {
      const { verifier } = await hashes();
      // Two wrong passwords so far, and a verification that was running when the server stopped: its place is
      // still held (pending places are never released by a restart; the budget stays a ceiling).
      await db
        .insertInto('secrets')
        .values({
          ...secretRow(now, ids.attempted),
          max_views: 2,
          views_left: 2,
          password_hash: verifier,
          failed_attempts: 2,
          pending_attempts: 1,
          attempts_reserved_at: now,
        })
        .execute();
    },
    async check(t) {
      const url = `/api/v1/secret/${ids.attempted}`;
      expect((await t.app.inject(`${url}/exist`)).json()).toMatchObject({ attemptsLeft: 3 });
      const wrong = await t.app.inject({ method: 'POST', url, payload: { password: 'wrong' } });
      expect(wrong.json()).toMatchObject({ code: 'secret.password_invalid', attemptsLeft: 2 });
      const right = await t.app.inject({ method: 'POST', url, payload: { password: tokens.verifier } });
      expect(right.json()).toMatchObject({ id: ids.attempted, viewsLeft: 1 });
    },
  },

  '0007-purge-indexes': {
    // Indexes only: rows the purge finds through them. A process killed an hour ago during two verifications (the
    // rest of the budget already spent), and one killed between claiming a last view and deleting the secret.
    async seed(db, { now }) {
      const { verifier } = await hashes();
      await db
        .insertInto('secrets')
        .values({
          ...secretRow(now, ids.stranded),
          password_hash: verifier,
          failed_attempts: 3,
          pending_attempts: 2,
          attempts_reserved_at: now - HOUR,
        })
        .execute();
      await db
        .insertInto('secrets')
        .values({ ...secretRow(now, ids.usedUp), views_left: 0 })
        .execute();
    },
    async check(t) {
      const url = `/api/v1/secret/${ids.stranded}`;
      const payload = { password: tokens.verifier };
      expect((await t.app.inject({ method: 'POST', url, payload })).json()).toMatchObject({ code: 'rate_limited' });
      await t.services.secrets.purge();
      const opened = await t.app.inject({ method: 'POST', url, payload });
      expect(opened.json()).toMatchObject({ id: ids.stranded, viewsLeft: 0 });
      const usedUp = await t.database.db.selectFrom('secrets').select('id').where('id', '=', ids.usedUp).execute();
      expect(usedUp, 'the used-up secret is purged').toEqual([]);
    },
  },

  '0008-requests': {
    // Alice's request for one response, answered: its one place taken by a response, a secret of hers.
    async seed(db, { now }) {
      await db
        .insertInto('requests')
        .values({
          id: ids.request,
          owner_id: ids.alice,
          title: 'hush1.dGl0bGU',
          text: null,
          public_key: randomToken(32),
          wrapped_key: 'hushrk1.d3JhcHBlZA',
          max_responses: 1,
          responses_used: 1,
          response_ttl: 86400,
          response_views: 2,
          allow_files: 0,
          allowed_ip: null,
          created_at: now - 2 * HOUR,
          expires_at: now + 7 * DAY,
          revoked_at: null,
          ended: 0,
        })
        .execute();
      await db
        .insertInto('secrets')
        .values({
          ...secretRow(now, ids.response),
          max_views: 2,
          views_left: 2,
          owner_id: ids.alice,
          key_proof_hash: sha256(tokens.responseProof),
          request_id: ids.request,
          request_key: tokens.ephemeralKey,
        })
        .execute();
    },
    async check(t) {
      const alice = await signIn(t, 'alice');
      expect((await t.app.inject({ url: '/api/v1/requests/unread', headers: alice })).json()).toEqual({ unread: 1 });
      const detail = await t.app.inject({ url: `/api/v1/requests/${ids.request}`, headers: alice });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json()).toMatchObject({
        id: ids.request,
        state: 'answered',
        answered: 1,
        unread: 1,
        responses: [{ id: ids.response, ephemeralKey: tokens.ephemeralKey, maxViews: 2, viewsLeft: 2 }],
      });
      const form = await t.app.inject({ url: `/api/v1/requests/${ids.request}/form` });
      expect(form.json()).toMatchObject({ code: 'secret_request.not_found' });
      const url = `/api/v1/secret/${ids.response}`;
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(403);
      const opened = await t.app.inject({ method: 'POST', url, payload: { keyProof: tokens.responseProof } });
      expect(opened.json()).toMatchObject({ id: ids.response, viewsLeft: 1 });
    },
  },
  '0009-receipts': {
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
  },
};
