import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../../lib/tokens.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { createAudience } from '../delivery/audience.js';
import { createSecretsRepository, type NewSecretRow, type SecretsRepository } from '../secrets/secrets.repository.js';
import { chunkSizes, createStatusRecorder } from './status-record.js';

describe('chunkSizes: the INSERTs that write many statuses', () => {
  it.each([0, 1, 2, 3, 63, 64, 65, 127, 128, 200, 313, 2048])('%i rows: every row once, in few shapes', (count) => {
    const sizes = chunkSizes(count);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(count);
    expect(sizes.every((size) => [64, 32, 16, 8, 4, 2, 1].includes(size))).toBe(true);
    // Full chunks, then each smaller size at most once.
    const rest = sizes.filter((size) => size < 64);
    expect(new Set(rest).size).toBe(rest.length);
    expect(sizes.filter((size) => size === 64)).toHaveLength(Math.floor(count / 64));
  });

  it('313 rows take four full chunks and 32 + 16 + 8 + 1, not 57 single rows', () => {
    expect(chunkSizes(313)).toEqual([64, 64, 64, 64, 32, 16, 8, 1]);
  });
});

/*
 * Issue 29, point 9: a last view's status and events are written by the statement (PostgreSQL) or transaction
 * (SQLite) that deletes its secret, so no failure after the view can leave it without them.
 */
describeEachDialect('last views are recorded by the delete that takes them', (dialect) => {
  let t: TestApp;
  let repository: SecretsRepository;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const recorder = createStatusRecorder({
      db: t.database.db,
      dialect: t.database.dialect,
      audience: createAudience(t.database.db, { pinned: true }),
      readerIps: 'full',
    });
    repository = createSecretsRepository(t.database.db, { lastViews: recorder.lastViews });
    owner = (
      await t.services.auth.createUser(
        { username: 'owner', email: 'owner@example.com', password: 'a password' },
        'user',
      )
    ).id;
  });
  afterAll(() => t?.close());

  const NOW = Date.now();
  /** A secret with one view left, as its reader finds it. */
  const insert = async (fields: Partial<NewSecretRow> = {}) => {
    const row: NewSecretRow = {
      id: randomToken(16),
      text: 'hush1.bGFzdA',
      title: null,
      max_views: 3,
      views_left: 1,
      view_times: `${NOW - 2000},${NOW - 1000}`,
      prevent_burn: 0,
      is_public: 0,
      expires_at: NOW + 3_600_000,
      created_at: NOW - 5000,
      password_hash: null,
      key_proof_hash: null,
      delete_token_hash: 'h'.repeat(43),
      allowed_ip: null,
      owner_id: owner,
      creator_ip: null,
      upload_token_hash: null,
      ...fields,
    };
    await repository.insert(row);
    return (await repository.findLive(row.id, NOW))!;
  };
  const status = (id: string) =>
    t.database.db.selectFrom('secret_status').selectAll().where('id', '=', id).executeTakeFirst();
  const events = (id: string) =>
    t.database.db.selectFrom('events').select(['type', 'user_id', 'data']).where('subject_id', '=', id).execute();

  it('the last view ends it with every view, the reader kept, a wrong password timed after it was found, and the owner’s event', async () => {
    const found = await insert();
    // Another caller's wrong password between the reader's find and its claim: its time is the row's, not the find's.
    expect(await repository.reserveAttempt(found.id, 5, NOW)).toBe(true);
    await repository.failAttempt(found.id, NOW + 10);
    const taken = await repository.takeLastView(found, NOW + 20, '203.0.113.9');
    expect(taken?.id).toBe(found.id);
    expect(await status(found.id)).toMatchObject({
      owner_id: owner,
      end_reason: 'last_view',
      views_used: 3,
      view_times: `${NOW - 2000},${NOW - 1000},${NOW + 20}`,
      reader_ips: '203.0.113.9',
      failed_times: String(NOW + 10),
      ended_at: NOW + 20,
    });
    expect(await events(found.id)).toEqual([
      { type: 'secret.viewed', user_id: owner, data: JSON.stringify({ viewsLeft: 0, ended: true }) },
    ]);
  });

  it('a reader who comes after its expiry gets nothing, and it ends as expired', async () => {
    const found = await insert({ expires_at: NOW + 100 });
    expect(await repository.takeLastView(found, NOW + 100, null)).toBeUndefined();
    expect(await status(found.id)).toMatchObject({ end_reason: 'expired', views_used: 2, ended_at: NOW + 100 });
    expect(await events(found.id)).toEqual([
      { type: 'secret.expired', user_id: owner, data: JSON.stringify({ unread: false }) },
    ]);
  });

  it('of two readers of the last view, one gets it; it is recorded once', async () => {
    const found = await insert();
    const taken = await Promise.all([
      repository.takeLastView(found, NOW + 1, null),
      repository.takeLastView(found, NOW + 2, null),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await status(found.id)).toMatchObject({ end_reason: 'last_view', ended_at: NOW + 1 });
    expect(await events(found.id)).toHaveLength(1);
  });

  it('a view taken of a secret another reader had already ended records nothing', async () => {
    const found = await insert();
    await repository.delete(found.id);
    expect(await repository.takeLastView(found, NOW, null)).toBeUndefined();
    expect(await status(found.id)).toBeUndefined();
    expect(await events(found.id)).toEqual([]);
  });
});
