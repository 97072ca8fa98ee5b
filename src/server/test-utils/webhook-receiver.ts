import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A real HTTP endpoint for webhook tests, on 127.0.0.1: records every request whole; `answer` decides each reply
 * (default 204), so a test can fail the first deliveries, redirect, answer slowly or with a huge body.
 */
export async function startWebhookReceiver(
  answer: (
    request: Received,
    count: number,
  ) => { status: number; body?: string; delayMs?: number; headers?: Record<string, string> } = () => ({
    status: 204,
  }),
) {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: Received = {
        path: request.url ?? '/',
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value.join(', ') : (value ?? ''),
          ]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      const reply = answer(entry, received.length);
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status, reply.headers ?? {});
        response.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
