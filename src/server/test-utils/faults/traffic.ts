import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * The fault runner's load: clients that create, read, check and burn secrets over real HTTP (kept-alive connections,
 * as a browser's), each request to one instance at random, as a load balancer without health checks would send it.
 * Every answer is counted, and every acknowledged secret is kept in a ledger that says what its answers promise:
 * the views served (never more than its maxViews), the views that may be left, whether it was burned, when it
 * expires. `verify` holds the world to those promises once the fault is over.
 */

export interface Counts {
  /** Requests sent by the load (the verification's own are not counted). */
  sent: number;
  /** Answered 2xx: a create 201, a read, check or burn 200. */
  acknowledged: number;
  /** Every other outcome, by "operation status code" ("read 404 secret.not_found", "create 503 server.unavailable") or "operation no answer (ECONNREFUSED)". */
  failed: Record<string, number>;
  /** Views served beyond a secret's maxViews, or after its burn was acknowledged, or left to serve again (must be 0). */
  overServed: number;
  /** Acknowledged secrets refused, or gone, while views were left and before their expiry (must be 0). */
  lost: number;
  /** Receipts that miss a view that was served, or say nothing of a secret that ended (must be 0). */
  receiptsLost: number;
  /** Reads answered 200 after the secret's expiry (must be 0). */
  servedAfterExpiry: number;
  /** Each of the above, said once with the secret it is about (the first few are printed). */
  problems: string[];
}

export const emptyCounts = (): Counts => ({
  sent: 0,
  acknowledged: 0,
  failed: {},
  overServed: 0,
  lost: 0,
  receiptsLost: 0,
  servedAfterExpiry: 0,
  problems: [],
});

/** Adds `more` into `into`. */
export function addCounts(into: Counts, more: Counts): void {
  into.sent += more.sent;
  into.acknowledged += more.acknowledged;
  for (const [what, count] of Object.entries(more.failed)) into.failed[what] = (into.failed[what] ?? 0) + count;
  into.overServed += more.overServed;
  into.lost += more.lost;
  into.receiptsLost += more.receiptsLost;
  into.servedAfterExpiry += more.servedAfterExpiry;
  into.problems.push(...more.problems);
}

export interface TrafficOptions {
  /** Where requests go (one at random each time); instances that are down answer nothing. */
  urls: readonly string[];
  /** Clients sending at once. */
  clients: number;
  /** Each client waits this long between its requests. */
  pauseMs: number;
  /**
   * This share of the creates expire 1 to 4 s after they are acknowledged (their expires_at moved through
   * `databaseUrl`, by the database's clock): reads and the purge meet expiry while the fault lasts.
   */
  shortLived?: number;
  databaseUrl?: string;
  /**
   * Where the load sends its requests: the API at '/api/v1' (the default), or the same routes at their alias '/api',
   * which the instances' request log (route patterns) tells apart from another load's on /api/v1: the shutdown
   * scenario counts the requests nginx sends so.
   */
  apiBase?: '/api/v1' | '/api';
}

interface Secret {
  id: string;
  text: string;
  deleteToken: string;
  maxViews: number;
  /** Reads answered 200. */
  served: number;
  /** Reads in flight, or answered nothing we can tell from (no answer, 503): spent or not. */
  unknown: number;
  /** The burn was acknowledged (at this time, machine clock), may have happened (no answer), or was not asked. */
  burned: 'no' | 'maybe' | number;
  /** When it expires (epoch ms, the database's clock), when it is short-lived. */
  expiresAt?: number;
}

/** Lateness allowed between the machine's clock and the database's (one machine) and for rounding to milliseconds. */
const CLOCK_SLACK_MS = 50;
const REQUEST_TIMEOUT_MS = 10_000;
const JSON_HEADERS = { 'content-type': 'application/json' };

type Answer = { status: number; body: Record<string, unknown> } | { error: string };

async function call(url: string, method: 'GET' | 'POST', body?: unknown): Promise<Answer> {
  try {
    const response = await fetch(url, {
      method,
      ...(body !== undefined && { headers: JSON_HEADERS, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Not our JSON (a proxy's page, a cut body): the status says enough.
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { error: cause?.code ?? (error as Error).name ?? 'error' };
  }
}

const outcome = (operation: string, answer: Answer) =>
  'error' in answer
    ? `${operation} no answer (${answer.error})`
    : `${operation} ${answer.status}${typeof answer.body.code === 'string' ? ` ${answer.body.code}` : ''}`;

export interface Traffic {
  counts: Counts;
  /** Stops sending, and waits for the requests under way. */
  stop(): Promise<void>;
  /** Once the world is whole again: every acknowledged secret checked against what its answers promised. */
  verify(url: string): Promise<void>;
}

export function startTraffic(options: TrafficOptions): Traffic {
  const counts = emptyCounts();
  const ledger: Secret[] = [];
  /** Secrets that may have views left, as far as the answers so far tell. */
  const readable: Secret[] = [];
  let running = true;
  const pool = options.databaseUrl
    ? new pg.Pool({ connectionString: options.databaseUrl, max: 2, connectionTimeoutMillis: 2000 })
    : null;
  pool?.on('error', () => {});

  const problem = (kind: 'overServed' | 'lost' | 'receiptsLost' | 'servedAfterExpiry', text: string) => {
    counts[kind]++;
    counts.problems.push(`${kind}: ${text}`);
  };
  const send = async (operation: string, path: string, method: 'GET' | 'POST', body?: unknown) => {
    const url = options.urls[randomInt(options.urls.length)]!;
    counts.sent++;
    const answer = await call(`${url}${options.apiBase ?? '/api/v1'}${path}`, method, body);
    if (!('error' in answer) && answer.status >= 200 && answer.status < 300) counts.acknowledged++;
    else counts.failed[outcome(operation, answer)] = (counts.failed[outcome(operation, answer)] ?? 0) + 1;
    return answer;
  };
  /** Whether the views a secret certainly had left when a refusal was decided were more than none. */
  const hadViewsLeft = (secret: Secret, answeredAt: number) =>
    secret.burned === 'no' &&
    secret.served + secret.unknown < secret.maxViews &&
    (secret.expiresAt === undefined || answeredAt < secret.expiresAt - CLOCK_SLACK_MS);

  async function create() {
    const maxViews = 1 + randomInt(3);
    const text = `hush1.${randomBytes(24).toString('base64url')}`;
    const answer = await send('create', '/secret', 'POST', { text, ttl: 3600, maxViews });
    if ('error' in answer || answer.status !== 201) return;
    const secret: Secret = {
      id: answer.body.id as string,
      text,
      deleteToken: answer.body.deleteToken as string,
      maxViews,
      served: 0,
      unknown: 0,
      burned: 'no',
    };
    if (pool && Math.random() < (options.shortLived ?? 0)) {
      const expiresAt = Date.now() + 1000 + randomInt(3000);
      // The database may be away: then it keeps its hour.
      const moved = await pool
        .query('update secrets set expires_at = $1 where id = $2', [expiresAt, secret.id])
        .catch(() => null);
      if (moved?.rowCount === 1) secret.expiresAt = expiresAt;
    }
    ledger.push(secret);
    readable.push(secret);
  }

  /** Half the reads go to the newest secrets, so that readers on both instances race for the same views. */
  function pick(): Secret | undefined {
    while (readable.length > 0) {
      const from = Math.random() < 0.5 ? Math.max(0, readable.length - 8) : 0;
      const index = randomInt(from, readable.length);
      const secret = readable[index]!;
      const expired = secret.expiresAt !== undefined && Date.now() > secret.expiresAt;
      if (secret.served < secret.maxViews && secret.burned === 'no' && !expired) return secret;
      readable.splice(index, 1);
    }
    return undefined;
  }

  async function read(secret: Secret) {
    secret.unknown++;
    const sentAt = Date.now();
    const answer = await send('read', `/secret/${secret.id}`, 'POST', {});
    const answeredAt = Date.now();
    if ('error' in answer) return;
    if (answer.status === 200) {
      secret.unknown--;
      secret.served++;
      if (secret.served > secret.maxViews)
        problem('overServed', `${secret.id}: view ${secret.served} of ${secret.maxViews}`);
      if (typeof secret.burned === 'number' && sentAt > secret.burned) {
        problem('overServed', `${secret.id}: a view served after its burn was acknowledged`);
      }
      if (secret.expiresAt !== undefined && sentAt > secret.expiresAt + CLOCK_SLACK_MS) {
        problem('servedAfterExpiry', `${secret.id}: read ${sentAt - secret.expiresAt} ms after its expiry`);
      }
      if (answer.body.text !== secret.text) problem('overServed', `${secret.id}: a read answered another text`);
    } else if (answer.status === 404) {
      secret.unknown--;
      if (hadViewsLeft(secret, answeredAt)) {
        const early = secret.expiresAt === undefined ? '' : `, ${secret.expiresAt - answeredAt} ms before its expiry`;
        problem(
          'lost',
          `${secret.id}: read answered 404 with views left (${secret.served} of ${secret.maxViews} served${early})`,
        );
      }
    }
    // Anything else (503 above all): the view may or may not be spent; it stays unknown.
  }

  async function burn(secret: Secret) {
    // From the moment it is sent, a read may find it burned; a second burn of it is never sent.
    secret.burned = 'maybe';
    const answer = await send('burn', `/secret/${secret.id}/burn`, 'POST', { deleteToken: secret.deleteToken });
    if ('error' in answer) return;
    if (answer.status === 200) secret.burned = Date.now();
    else if (answer.status === 404) {
      secret.burned = 'no';
      if (hadViewsLeft(secret, Date.now())) problem('lost', `${secret.id}: burn answered 404 with views left`);
    }
  }

  async function check(secret: Secret) {
    const answer = await send('exist', `/secret/${secret.id}/exist`, 'GET');
    if (!('error' in answer) && answer.status === 404 && hadViewsLeft(secret, Date.now())) {
      problem('lost', `${secret.id}: exist answered 404 with views left`);
    }
  }

  async function client() {
    while (running) {
      const secret = pick();
      const roll = Math.random();
      if (!secret || roll < 0.35) await create();
      else if (roll < 0.9) await read(secret);
      else if (roll < 0.95) await check(secret);
      else await burn(secret);
      if (options.pauseMs > 0) await sleep(options.pauseMs);
    }
  }
  const clients = Array.from({ length: options.clients }, () => client());

  /** One secret against its ledger, on the instance at `url`: views left, their text, then its receipt. */
  async function verifyOne(url: string, secret: Secret) {
    const get = async (path: string, method: 'GET' | 'POST', body?: unknown) => {
      const answer = await call(`${url}/api/v1${path}`, method, body);
      if ('error' in answer) throw new Error(`verification: ${method} ${path} got no answer (${answer.error})`);
      return answer;
    };
    const { id, maxViews, served, unknown } = secret;
    const expired = secret.expiresAt !== undefined && Date.now() > secret.expiresAt + CLOCK_SLACK_MS;
    const exist = await get(`/secret/${id}/exist`, 'GET');
    let left = exist.status === 200 ? (exist.body.viewsLeft as number) : 0;
    if (typeof secret.burned === 'number' && left > 0) {
      problem('overServed', `${id}: still readable after its burn was acknowledged`);
      left = 0;
    } else if (expired && left > 0) {
      problem('servedAfterExpiry', `${id}: still readable ${Date.now() - secret.expiresAt!} ms after its expiry`);
      left = 0;
    } else if (!expired && secret.burned === 'no') {
      const mostLeft = Math.max(0, maxViews - served);
      const leastLeft = Math.max(0, maxViews - served - unknown);
      if (left < leastLeft) problem('lost', `${id}: ${left} views left, at least ${leastLeft} should be`);
      if (left > mostLeft)
        problem('overServed', `${id}: ${left} views left, at most ${mostLeft}: a served view came back`);
    }
    // Read what is left, each with its text, then nothing more.
    let readNow = 0;
    for (; readNow < left; readNow++) {
      const answer = await get(`/secret/${id}`, 'POST', {});
      if (answer.status !== 200) {
        problem('lost', `${id}: view ${readNow + 1} of the ${left} left answered ${answer.status}`);
        break;
      }
      if (answer.body.text !== secret.text) problem('overServed', `${id}: a read answered another text`);
    }
    if (left > 0 && (await get(`/secret/${id}`, 'POST', {})).status !== 404) {
      problem('overServed', `${id}: readable after its ${maxViews} views`);
    }
    // Its receipt: ended, with every view served (the load's and this verification's).
    const receipt = await get(`/receipt/${id}`, 'POST', { deleteToken: secret.deleteToken });
    const views = Array.isArray(receipt.body.views) ? receipt.body.views.length : -1;
    if (receipt.status !== 200 || receipt.body.state !== 'ended') {
      problem(
        'receiptsLost',
        `${id}: receipt answered ${receipt.status} ${String(receipt.body.state ?? receipt.body.code)}`,
      );
    } else if (views < served + readNow) {
      problem('receiptsLost', `${id}: receipt has ${views} views, ${served + readNow} were served`);
    }
  }

  return {
    counts,
    async stop() {
      running = false;
      await Promise.all(clients);
      await pool?.end();
    },
    async verify(url) {
      // Short-lived secrets expire first: each is then gone.
      const last = Math.max(0, ...ledger.map((secret) => secret.expiresAt ?? 0));
      if (last > 0) await sleep(Math.max(0, last + 2 * CLOCK_SLACK_MS - Date.now()));
      let next = 0;
      const worker = async () => {
        while (next < ledger.length) await verifyOne(url, ledger[next++]!);
      };
      await Promise.all(Array.from({ length: 16 }, worker));
    },
  };
}
