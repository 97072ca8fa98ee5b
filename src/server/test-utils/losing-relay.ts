import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP proxy in front of a server that loses one answer, as a dropped network or a server's idle timeout
 * does: the first request that `picks` chooses has its client connection closed at once, before any answer. It is
 * sent on to the server only together with the next request picked (the client's retry), so the server works on
 * both at the same time, and only the retry's answer reaches the client. Everything else passes through as it is.
 */
export interface LosingRelay {
  url: string;
  /** Requests whose answer was lost. */
  lost(): number;
  stop(): Promise<void>;
}

export async function startLosingRelay(
  target: string,
  picks: (method: string, path: string) => boolean,
): Promise<LosingRelay> {
  const upstream = new URL(target);
  let lost = 0;
  let held: (() => void) | null = null;
  let done = false;

  /** Sends the request on; `res` gets the answer, or nobody when it is lost. */
  const forward = (req: IncomingMessage, body: Buffer | null, res: ServerResponse | null) => {
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (!res) return void answer.resume();
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res?.destroy());
    if (body) out.end(body);
    else req.pipe(out);
  };

  const server = createServer((req, res) => {
    if (done || !picks(req.method ?? '', req.url ?? '')) return forward(req, null, res);
    // The picked requests have small bodies (none, or JSON): read whole, so the lost one can go later.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (!held) {
        lost += 1;
        held = () => forward(req, body, null);
        req.socket.destroy();
        return;
      }
      done = true;
      held();
      forward(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lost: () => lost,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
