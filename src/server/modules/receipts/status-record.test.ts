import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomToken } from '../../lib/tokens.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { createUsersRepository } from '../auth/users.repository.js';
import { createAudience } from '../delivery/audience.js';
import { createSecretsRepository, type NewSecretRow, type SecretsRepository } from '../secrets/secrets.repository.js';
import { createStatusRecorder } from './status-record.js';
import { MOVE_MS } from './status-pending.js';
import { chunkSizes } from './status-rows.js';

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
  let recorder: ReturnType<typeof createStatusRecorder>;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    recorder = createStatusRecorder({
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
  afterAll(async () => {
    await recorder?.close();
    await t?.close();
  });

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
  const statusIn = (table: 'secret_status' | 'secret_status_pending', id: string) =>
    t.database.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  /** The status wherever it is: a last view's waits in the pending table on SQLite until it moves. */
  const status = async (id: string) =>
    (await statusIn('secret_status', id)) ?? (await statusIn('secret_status_pending', id));
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

  it('on SQLite the status waits in the pending table, committed with the delete, and moves once into secret_status', async () => {
    const found = await insert();
    expect(await repository.takeLastView(found, NOW + 30, null)).toBeDefined();
    const where = {
      moved: await statusIn('secret_status', found.id),
      pending: await statusIn('secret_status_pending', found.id),
    };
    if (dialect === 'sqlite') {
      expect(where.moved).toBeUndefined();
      expect(where.pending).toMatchObject({ end_reason: 'last_view', ended_at: NOW + 30 });
    } else {
      expect(where.moved).toMatchObject({ end_reason: 'last_view', ended_at: NOW + 30 });
      expect(where.pending).toBeUndefined();
    }
    await recorder.settle();
    expect(await statusIn('secret_status', found.id)).toMatchObject({ end_reason: 'last_view', ended_at: NOW + 30 });
    expect(await statusIn('secret_status_pending', found.id)).toBeUndefined();
    // A second move finds nothing to do, and writes nothing twice.
    await recorder.settle();
    const rows = await t.database.db.selectFrom('secret_status').select('id').where('id', '=', found.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('last views taken while moves run are all moved, each once, by the move that follows them', async () => {
    const found = await Promise.all(Array.from({ length: 150 }, () => insert()));
    const moves: Promise<void>[] = [];
    await Promise.all(
      found.map(async (row, i) => {
        if (i % 10 === 0) moves.push(recorder.settle());
        expect(await repository.takeLastView(row, NOW + i, null)).toBeDefined();
      }),
    );
    await Promise.all(moves);
    await recorder.settle();
    const ids = found.map((row) => row.id);
    const moved = await t.database.db.selectFrom('secret_status').select('id').where('id', 'in', ids).execute();
    expect(moved.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(
      await t.database.db.selectFrom('secret_status_pending').select('id').where('id', 'in', ids).execute(),
    ).toEqual([]);
  });

  it('waiting statuses move by themselves soon after', async () => {
    const found = await insert();
    await repository.takeLastView(found, NOW + 40, null);
    await vi.waitFor(
      async () => {
        expect(await statusIn('secret_status', found.id)).toMatchObject({ end_reason: 'last_view' });
        expect(await t.database.db.selectFrom('secret_status_pending').select('id').execute()).toEqual([]);
      },
      { timeout: 5 * MOVE_MS, interval: 50 },
    );
  });

  it('an account deleted takes its statuses that wait with it', async () => {
    const leaving = await t.services.auth.createUser(
      { username: 'leaving', email: 'leaving@example.com', password: 'a password' },
      'user',
    );
    const found = await insert({ owner_id: leaving.id });
    await repository.takeLastView(found, NOW + 50, null);
    expect(await status(found.id)).toMatchObject({ owner_id: leaving.id });
    expect(await createUsersRepository(t.database.db, dialect).deleteGuarded(leaving.id)).toEqual({
      outcome: 'done',
      user: expect.objectContaining({ id: leaving.id }),
    });
    await recorder.settle();
    expect(await status(found.id)).toBeUndefined();
  });

  it('the owner’s list of ended secrets holds those moved and those waiting, the latest first', async () => {
    const lister = (
      await t.services.auth.createUser(
        { username: 'lister', email: 'lister@example.com', password: 'a password' },
        'user',
      )
    ).id;
    const [first, second, third] = [
      await insert({ owner_id: lister }),
      await insert({ owner_id: lister }),
      await insert({ owner_id: lister }),
    ];
    await repository.takeLastView(first!, NOW + 60, null);
    await repository.takeLastView(second!, NOW + 70, null);
    await recorder.settle();
    await repository.takeLastView(third!, NOW + 80, null);
    const ended = await t.services.receipts.ended(lister);
    expect(ended.map((receipt) => receipt.id)).toEqual([third!.id, second!.id, first!.id]);
  });
});
