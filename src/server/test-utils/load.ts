import http from 'node:http';
import https from 'node:https';

/**
 * Continuous load on a running Hush, as clients that keep their connections alive: each client creates a text
 * secret, reads it back, and starts again, until stopped. Every request is counted by what came of it, so a test
 * (or the fault runner) can say which outcomes it allows: the shutdown and rolling-restart scenarios use it.
 */

const TEXT = 'hush1.bG9hZA';

export interface LoadCounts {
  /** Requests started. */
  sent: number;
  /** Answered as a client wants: 201 to a create, 200 with the text to a read. */
  acknowledged: number;
  /**
   * Every other answer, by status and code: "503 server.unavailable", "503 (no code)" (a body without our code),
   * "404 secret.not_found". A 503 whose connection was left open says "(kept open)".
   */
  answers: Record<string, number>;
  /** Requests that got no answer, by error code (ECONNRESET for a reset or "socket hang up", EPIPE, …). */
  socketErrors: Record<string, number>;
  /** Connections refused before anything was sent (nothing listens: the instance is gone). */
  refused: number;
}

export interface Load {
  counts(): LoadCounts;
  /** Stops starting requests, waits for those under way, and answers the counts. */
  stop(): Promise<LoadCounts>;
}

interface Answer {
  status: number;
  body: Buffer;
  connection: string | undefined;
}

export interface LoadOptions {
  /** http(s)://host:port of Hush, or of a proxy in front of it. */
  url: string;
  /** Clients sending at once, each on its own kept-alive connection. */
  clients: number;
  /** The certificate to trust for https (a test's self-signed one). */
  ca?: string;
  /** Each client waits this long between requests (0: none). */
  pauseMs?: number;
}

export function startLoad(options: LoadOptions): Load {
  const secure = options.url.startsWith('https:');
  // One kept-alive connection per client, never closed by the client while the load runs.
  const agentOptions = { keepAlive: true, maxSockets: options.clients, maxFreeSockets: options.clients };
  const agent = secure
    ? new https.Agent({ ...agentOptions, ...(options.ca && { ca: options.ca }) })
    : new http.Agent(agentOptions);
  const counts: LoadCounts = { sent: 0, acknowledged: 0, answers: {}, socketErrors: {}, refused: 0 };
  let running = true;

  const send = (method: string, path: string, json?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const body = json === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(json));
      const request = (secure ? https : http).request(new URL(path, options.url), {
        method,
        agent,
        headers: {
          'content-length': String(body.length),
          ...(json !== undefined && { 'content-type': 'application/json' }),
        },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            connection: response.headers.connection,
          }),
        );
      });
      counts.sent++;
      request.end(body);
    });

  /** Sends one request; answers the body of an expected answer, or null after counting what came instead. */
  async function call(method: string, path: string, json: unknown, expected: number) {
    let answer: Answer;
    try {
      answer = await send(method, path, json);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      if (code === 'ECONNREFUSED') counts.refused++;
      else counts.socketErrors[code] = (counts.socketErrors[code] ?? 0) + 1;
      return null;
    }
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      // Not JSON: counted below by its status alone.
    }
    if (answer.status === expected && parsed) return parsed;
    const code = typeof parsed?.code === 'string' ? parsed.code : '(no code)';
    const kept = answer.status === 503 && answer.connection !== 'close' ? ' (kept open)' : '';
    const key = `${answer.status} ${code}${kept}`;
    counts.answers[key] = (counts.answers[key] ?? 0) + 1;
    return null;
  }

  async function client() {
    while (running) {
      const created = await call('POST', '/api/v1/secret', { text: TEXT, ttl: 3600 }, 201);
      if (created) {
        counts.acknowledged++;
        const read = await call('POST', `/api/v1/secret/${String(created.id)}`, undefined, 200);
        if (read?.text === TEXT) counts.acknowledged++;
        else if (read) counts.answers['200 (another text)'] = (counts.answers['200 (another text)'] ?? 0) + 1;
      }
      // After a failure, a breath: a client of a server that is gone must not spin.
      const pause = created ? (options.pauseMs ?? 0) : Math.max(options.pauseMs ?? 0, 10);
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  const clients = Array.from({ length: options.clients }, () => client());
  const snapshot = (): LoadCounts => structuredClone(counts);
  return {
    counts: snapshot,
    async stop() {
      running = false;
      await Promise.all(clients);
      agent.destroy();
      return snapshot();
    },
  };
}

/** Resolves once `check` holds, polling every 20 ms; rejects after `timeoutMs`. */
export async function until(what: string, check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
