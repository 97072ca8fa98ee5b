import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createPasswordHasher, type PasswordHasher } from '../../lib/passwords.js';
import { createSecret, createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { STALE_ATTEMPT_MS } from './secrets.purge.js';

/*
 * The attempt budget is exact: a verification reserves its place before argon2 runs, so at most
 * HUSH_PASSWORD_ATTEMPTS verifications can ever run for one secret, however many arrive together and on however
 * many instances. Verifications are counted where they happen (a hasher that counts), not guessed from answers.
 */

const PASSWORD = 'correct horse battery staple';
const TEXT = 'hush1.YXR0ZW1wdHMtdGVzdA';
const BUDGET = 5;
const WRONG = 20;
const TRIALS = 50;

/** The real argon2id hasher, counting the verifications it runs, and which of them matched. */
function countingHasher(real: PasswordHasher = createPasswordHasher(4)) {
  const counts = { verified: 0, matched: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => real.hash(password),
    async verify(storedHash, password) {
      counts.verified++;
      const ok = await real.verify(storedHash, password);
      if (ok) counts.matched++;
      return ok;
    },
  };
  return { hasher, counts, reset: () => Object.assign(counts, { verified: 0, matched: 0 }) };
}

/** A hasher whose verifications wait until the test lets them go: the test sees exactly what runs at once. */
function gatedHasher() {
  const real = createPasswordHasher(4);
  const waiting: (() => void)[] = [];
  let started = 0;
  const hasher: PasswordHasher = {
    hash: (password) => real.hash(password),
    async verify(storedHash, password) {
      started++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return real.verify(storedHash, password);
    },
  };
  return {
    hasher,
    started: () => started,
    open: () => waiting.splice(0).forEach((go) => go()),
  };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describeEachDialect('the password attempt budget, in one process', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const read = (app: TestApp['app'], id: string, password: string) =>
    app.inject({ method: 'POST', url: `/api/v1/secret/${id}`, payload: { password } });

  it('while five verifications run, a sixth attempt (even the right password) runs none and is told to wait', async () => {
    const gate = gatedHasher();
    t = await createTestApp({ dialect, passwords: gate.hasher });
    const { id } = await createSecret(t.app, { text: TEXT, password: PASSWORD });
    const wrong = Array.from({ length: BUDGET }, (_, i) => read(t!.app, id, `wrong ${i}`));
    await until(() => gate.started() === BUDGET);

    const right = await read(t.app, id, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 1 });
    expect(right.body).not.toContain(TEXT);
    expect(gate.started()).toBe(BUDGET);

    gate.open();
    const answers = await Promise.all(wrong);
    expect(answers.map((r) => r.json<{ attemptsLeft: number }>().attemptsLeft).sort()).toEqual([0, 1, 2, 3, 4]);
    // The fifth wrong password burned it: the right one now finds nothing, and no verification runs for it.
    expect((await read(t.app, id, PASSWORD)).statusCode).toBe(404);
    expect(gate.started()).toBe(BUDGET);
  });

  it('a right password holds its place until its view is claimed, then gives it back', async () => {
    const gate = gatedHasher();
    t = await createTestApp({ dialect, passwords: gate.hasher });
    const { id } = await createSecret(t.app, { text: TEXT, password: PASSWORD, maxViews: 3 });
    const right = read(t.app, id, PASSWORD);
    const wrong = Array.from({ length: BUDGET - 1 }, () => read(t!.app, id, 'wrong'));
    await until(() => gate.started() === BUDGET);
    // Four wrong ones and the right one hold the five places: the wrong ones cannot burn it under the reader.
    gate.open();
    expect((await right).statusCode).toBe(200);
    expect((await Promise.all(wrong)).map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    const row = await t.database.db
      .selectFrom('secrets')
      .select(['failed_attempts', 'pending_attempts', 'views_left'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_attempts: 4, pending_attempts: 0, views_left: 2 });
  });

  it('a verification that throws gives its place back', async () => {
    const real = createPasswordHasher(2);
    let fail = true;
    t = await createTestApp({
      dialect,
      passwords: {
        hash: (password) => real.hash(password),
        verify: async (hash, password) => {
          if (fail) throw new Error('argon2 ran out of memory');
          return real.verify(hash, password);
        },
      },
    });
    const { id } = await createSecret(t.app, { text: TEXT, password: PASSWORD });
    for (let i = 0; i < BUDGET + 2; i++) expect((await read(t.app, id, PASSWORD)).statusCode).toBe(500);
    fail = false;
    expect((await read(t.app, id, PASSWORD)).statusCode).toBe(200);
  });

  it('places held by verifications a killed process never finished are given back by the purge, 15 minutes on', async () => {
    const clock = createTestClock();
    t = await createTestApp({ dialect, clock });
    const { id } = await createSecret(t.app, { text: TEXT, password: PASSWORD, ttl: 3600 });
    // What a process killed during five verifications leaves: every place held, none to finish.
    await t.database.db
      .updateTable('secrets')
      .set({ pending_attempts: BUDGET, attempts_reserved_at: clock() })
      .where('id', '=', id)
      .execute();
    expect((await read(t.app, id, PASSWORD)).json()).toMatchObject({ code: 'rate_limited' });

    clock.advance(STALE_ATTEMPT_MS - 1000);
    await t.services.secrets.purge();
    expect((await read(t.app, id, PASSWORD)).json(), 'not yet: they could still be running').toMatchObject({
      code: 'rate_limited',
    });

    clock.advance(2000);
    await t.services.secrets.purge();
    const opened = await read(t.app, id, PASSWORD);
    expect(opened.statusCode, opened.body).toBe(200);
    const row = await t.database.db
      .selectFrom('secrets')
      .select(['failed_attempts', 'pending_attempts'])
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row, 'its only view was read').toBeUndefined();
  });
});

describeEachDialect('the password attempt budget, two instances over sockets', (dialect) => {
  const counters = [countingHasher(), countingHasher()];
  const servers: { test: TestApp; url: string }[] = [];
  let sibling: Database | null = null;
  let dir = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-attempts-'));
    const primary = await createTestApp({
      dialect,
      passwords: counters[0]!.hasher,
      ...(dialect === 'sqlite' && { sqliteFile: path.join(dir, 'hush.sqlite') }),
    });
    sibling = await primary.testDatabase!.openSibling();
    const second = await createTestApp({ database: sibling, passwords: counters[1]!.hasher });
    for (const test of [primary, second]) {
      await test.app.listen({ host: '127.0.0.1', port: 0 });
      servers.push({ test, url: `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}` });
    }
  });

  afterAll(async () => {
    await servers[1]?.test.close();
    if (sibling && dialect === 'sqlite') await sibling.destroy();
    await servers[0]?.test.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (i: number, id: string, password: string) =>
    fetch(`${servers[i % 2]!.url}/api/v1/secret/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    }).then(async (response) => ({ status: response.status, body: await response.text() }));

  it(`${TRIALS} bursts of ${WRONG} wrong passwords then the right one: never more than ${BUDGET} verifications`, async () => {
    const trials = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const { id } = await createSecret(servers[0]!.test.app, { text: TEXT, password: PASSWORD });
      counters.forEach((c) => c.reset());
      const wrong = Array.from({ length: WRONG }, (_, i) => post(i, id, `wrong ${trial} ${i}`));
      const right = post(trial, id, PASSWORD);
      const answers = await Promise.all([...wrong, right]);
      const verified = counters.reduce((sum, c) => sum + c.counts.verified, 0);
      const matched = counters.reduce((sum, c) => sum + c.counts.matched, 0);
      const opened = answers.filter((a) => a.body.includes(TEXT)).length;
      trials.push({
        withinBudget: verified <= BUDGET,
        // Content only for a right password verified inside the budget, and to one reader (maxViews 1).
        openedOnlyInBudget: opened === 0 || (matched === 1 && verified - matched <= BUDGET - 1 && opened === 1),
        no5xx: answers.every((a) => a.status < 500),
        goneAfterwards: (await post(0, id, PASSWORD)).status === 404,
      });
    }
    expect(trials).toEqual(
      Array.from({ length: TRIALS }, () => ({
        withinBudget: true,
        openedOnlyInBudget: true,
        no5xx: true,
        goneAfterwards: true,
      })),
    );
  });
});
