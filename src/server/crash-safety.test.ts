import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Dialect } from './db/database.js';
import { describeEachDialect } from './test-utils/database.js';
import { createRunStore, dropStaleRunDatabases, type RunStore } from './test-utils/run-store.js';
import { bundleServer, type ServerBundle } from './test-utils/server-bundle.js';
import { startServerProcess, type ServerProcess } from './test-utils/server-process.js';

/**
 * Crash safety (issue 12, point 7): the real server process (test-utils/server-process.ts, main.ts bundled once by
 * test-utils/server-bundle.ts) is killed with SIGKILL
 * at a random moment while many creates and reads run against it, then started again on the same data (the same
 * SQLite data folder, or the same PostgreSQL database). Every create that was answered 201 must still be there
 * with its exact text, and every read answered 200 must stay spent: a secret's views left after the restart lie
 * between what the answered reads leave and what the answered and unanswered reads together would leave (a request
 * in flight at the kill may have gone either way), and reading it to the end gives exactly that many views, no more.
 * Each of the RUNS runs starts from an empty data folder or a database of its own; the next run's server starts
 * while this one's restarts, since starting the process is most of a run's time.
 */

const RUNS = 20;
const CREATE_WORKERS = 12;
const READ_WORKERS = 12;
/** The load runs this long (ms, at random) after its first create is answered, before the kill. */
const KILL_AFTER_MS: [number, number] = [100, 400];
const CHECK_CONCURRENCY = 16;
const JSON_HEADERS = { 'content-type': 'application/json' };

/** A secret whose create was answered 201, and what its reads were answered. */
interface Acknowledged {
  id: string;
  text: string;
  maxViews: number;
  /** Reads answered 200: views certainly spent. */
  spent: number;
  /** Reads without an answer (in flight at the kill, or answered something else): spent or not. */
  unknown: number;
  /** Reads answered 404 (the views were gone already). */
  refused: number;
}

interface RunRecord {
  killAfterMs: number;
  secrets: Acknowledged[];
  createsUnanswered: number;
  /** Answers that are neither success nor 404, by status: none are expected, they are reported. */
  odd: Map<number, number>;
  /** What was wrong already during the load (a read that returned another text, a view too many). */
  problems: string[];
}

const postJson = (url: string, body: unknown, timeoutMs = 15_000) =>
  fetch(url, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });

const note = (odd: Map<number, number>, status: number) => odd.set(status, (odd.get(status) ?? 0) + 1);

/** Creates and reads on `server` until it is killed, `killAfterMs` after the first create was answered. */
async function loadAndKill(server: ServerProcess, killAfterMs: number): Promise<RunRecord> {
  const record: RunRecord = { killAfterMs, secrets: [], createsUnanswered: 0, odd: new Map(), problems: [] };
  /** Secrets that may have views left, as far as the answers so far tell. */
  const readable: Acknowledged[] = [];
  let killed = false;
  let firstAnswered!: () => void;
  const loadBegan = new Promise<void>((resolve) => (firstAnswered = resolve));

  const create = async (worker: number) => {
    for (let n = 0; !killed; n++) {
      const maxViews = 1 + ((worker + n) % 3);
      const text = `hush1.${randomBytes(48).toString('base64url')}`;
      try {
        const response = await postJson(`${server.url}/api/v1/secret`, { text, ttl: 3600, maxViews });
        if (response.status !== 201) {
          await response.arrayBuffer();
          note(record.odd, response.status);
          continue;
        }
        const { id } = (await response.json()) as { id: string };
        const secret = { id, text, maxViews, spent: 0, unknown: 0, refused: 0 };
        record.secrets.push(secret);
        readable.push(secret);
        firstAnswered();
      } catch {
        // No answer, or not all of it: the secret may or may not exist, and its id is unknown.
        record.createsUnanswered++;
      }
    }
  };

  /** Half the reads go to the newest secrets, so that several readers often race for the same views. */
  const pick = (): Acknowledged | undefined => {
    while (readable.length > 0) {
      const from = Math.random() < 0.5 ? Math.max(0, readable.length - 8) : 0;
      const index = randomInt(from, readable.length);
      const secret = readable[index]!;
      if (secret.spent < secret.maxViews) return secret;
      readable.splice(index, 1);
    }
    return undefined;
  };

  const read = async () => {
    while (!killed) {
      const secret = pick();
      if (!secret) {
        await sleep(2);
        continue;
      }
      secret.unknown++;
      let status: number;
      let body: { text?: string } | undefined;
      try {
        const response = await postJson(`${server.url}/api/v1/secret/${secret.id}`, {});
        status = response.status;
        // The status alone is the acknowledgement: the server answers after its write has committed.
        body = (await response.json().catch(() => undefined)) as typeof body;
      } catch {
        continue;
      }
      if (status === 200) {
        secret.unknown--;
        secret.spent++;
        if (secret.spent > secret.maxViews) {
          record.problems.push(`${secret.id}: read ${secret.spent} times, max ${secret.maxViews}`);
        }
        if (body && body.text !== secret.text) record.problems.push(`${secret.id}: a read answered another text`);
      } else if (status === 404) {
        secret.unknown--;
        secret.refused++;
      } else {
        note(record.odd, status);
      }
    }
  };

  const workers = [
    ...Array.from({ length: CREATE_WORKERS }, (_, worker) => create(worker)),
    ...Array.from({ length: READ_WORKERS }, () => read()),
  ];
  // A cold server may take a while to answer its first request: the kill comes that long after the first answer.
  const giveUp = setTimeout(firstAnswered, 20_000);
  await loadBegan;
  clearTimeout(giveUp);
  await sleep(killAfterMs);
  server.signal('SIGKILL');
  killed = true;
  await server.exited;
  await Promise.all(workers);
  return record;
}

/** Checks one acknowledged secret on the restarted server, reading it to the end; returns what is wrong. */
async function checkSecret(url: string, secret: Acknowledged): Promise<string[]> {
  const { id, text, maxViews, spent, unknown, refused } = secret;
  const problems: string[] = [];
  const say = (problem: string) =>
    problems.push(`${id} (maxViews ${maxViews}, reads: ${spent} answered 200, ${unknown} unanswered): ${problem}`);
  // A 404 means earlier reads had spent every view: those answered and those whose answer never came.
  if (refused > 0 && spent + unknown < maxViews) say(`${refused} read(s) answered 404 while views were left`);
  const mostLeft = Math.max(0, maxViews - spent); // more reads answered 200 than views: reported during the load
  const leastLeft = Math.max(0, maxViews - spent - unknown);

  const exist = await fetch(`${url}/api/v1/secret/${id}/exist`, { signal: AbortSignal.timeout(15_000) });
  const status = (await exist.json()) as { viewsLeft?: number; maxViews?: number };
  if (exist.status !== 200 && exist.status !== 404) return [...problems, `${id}: /exist answered ${exist.status}`];
  const left = exist.status === 200 ? status.viewsLeft! : 0;
  if (exist.status === 200 && status.maxViews !== maxViews) say(`maxViews is ${status.maxViews}`);
  if (left > mostLeft) say(`views left after the restart: ${left}, at most ${mostLeft}: an answered read was not kept`);
  if (left < leastLeft) say(`views left after the restart: ${left}, at least ${leastLeft}: views were lost`);

  // Read what is left: each answer the text, counting down, and then nothing more.
  for (let view = 1; view <= left; view++) {
    const response = await postJson(`${url}/api/v1/secret/${id}`, {});
    const body = (await response.json()) as { text?: string; viewsLeft?: number };
    if (response.status !== 200) {
      say(`read ${view} of the ${left} left answered ${response.status}`);
      return problems;
    }
    if (body.text !== text) say(`read ${view} after the restart answered another text`);
    if (body.viewsLeft !== left - view) say(`read ${view} of ${left} says ${body.viewsLeft} views left`);
  }
  const after = await postJson(`${url}/api/v1/secret/${id}`, {});
  await after.arrayBuffer();
  if (after.status !== 404) say(`a read after the last view left answered ${after.status}`);
  return problems;
}

async function checkAll(url: string, secrets: Acknowledged[]): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < secrets.length) problems.push(...(await checkSecret(url, secrets[next++]!)));
  };
  await Promise.all(Array.from({ length: CHECK_CONCURRENCY }, worker));
  return problems;
}

let bundle: ServerBundle | undefined;
beforeAll(async () => {
  bundle = await bundleServer();
});
afterAll(async () => {
  await bundle?.remove();
});

const start = (store: RunStore) =>
  startServerProcess(
    { HUSH_RATE_LIMIT: 'false', HUSH_LOG_LEVEL: 'error', ...store.env },
    { dataDir: store.dataDir, entry: bundle!.entry },
  );

interface Prepared {
  store: RunStore;
  server: ServerProcess;
}

/** A run's data and its first server. */
async function prepare(dialect: Dialect): Promise<Prepared> {
  const store = await createRunStore(dialect);
  try {
    return { store, server: await start(store) };
  } catch (error) {
    await store.cleanup();
    throw error;
  }
}

/** Kills what still runs (stop() then only forgets it: the data is the run's to remove), and removes the data. */
async function finish(store: RunStore, servers: ServerProcess[]): Promise<void> {
  for (const server of servers) {
    server.signal('SIGKILL');
    await server.exited;
    await server.stop();
  }
  await store.cleanup();
}

describeEachDialect('crash safety: SIGKILL under load, then a restart on the same data', (dialect) => {
  const totals = { runs: 0, created: 0, createsUnanswered: 0, readsAnswered: 0, readsUnanswered: 0, refused: 0 };
  let began = 0;

  beforeAll(async () => {
    began = performance.now();
    if (dialect === 'postgres') await dropStaleRunDatabases();
  });

  afterAll(() => {
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    console.log(
      `crash safety [${dialect}]: ${totals.runs} of ${RUNS} runs passed in ${seconds} s; ${totals.created} creates answered 201 ` +
        `(${totals.createsUnanswered} unanswered), ${totals.readsAnswered} reads answered 200 ` +
        `(${totals.readsUnanswered} unanswered, ${totals.refused} answered 404)`,
    );
  });

  /** The next run's server, started on its own data while this run's restarts (two starts at once on two cores). */
  let next: Promise<Prepared> | undefined;
  afterAll(async () => {
    const unused = await next?.catch(() => undefined);
    if (unused) await finish(unused.store, [unused.server]);
  });

  for (let run = 1; run <= RUNS; run++) {
    it(`run ${run}: every acknowledged create is readable and every acknowledged read stays spent`, async () => {
      const prepared = next ?? prepare(dialect);
      next = undefined;
      const { store, server: first } = await prepared;
      const servers = [first];
      try {
        const killAfterMs = randomInt(KILL_AFTER_MS[0], KILL_AFTER_MS[1] + 1);
        const record = await loadAndKill(first, killAfterMs);
        if (run < RUNS) {
          next = prepare(dialect);
          next.catch(() => {}); // awaited by the next run, which reports the failure
        }
        const restarted = await start(store);
        servers.push(restarted);
        const problems = [...record.problems, ...(await checkAll(restarted.url, record.secrets))];

        const readsAnswered = record.secrets.reduce((sum, secret) => sum + secret.spent, 0);
        const context =
          `killed ${killAfterMs} ms after the first answered create; ${record.secrets.length} creates answered ` +
          `201, ${readsAnswered} reads answered 200; other answers: ${JSON.stringify([...record.odd])}\n` +
          `server log before the kill:\n${first.output()}\nafter the restart:\n${restarted.output()}`;
        expect(problems, context).toEqual([]);
        expect(record.odd.size, context).toBe(0);
        expect(record.secrets.length, context).toBeGreaterThan(0);
        // Started on what the kill left, the server found nothing to complain about (it logs errors only).
        expect(restarted.output(), context).not.toMatch(/"level":(50|60)/);

        totals.runs++;
        totals.created += record.secrets.length;
        totals.createsUnanswered += record.createsUnanswered;
        totals.readsAnswered += readsAnswered;
        totals.readsUnanswered += record.secrets.reduce((sum, secret) => sum + secret.unknown, 0);
        totals.refused += record.secrets.reduce((sum, secret) => sum + secret.refused, 0);
      } finally {
        await finish(store, servers);
      }
    }, 60_000);
  }
});
