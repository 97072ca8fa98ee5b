import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_TOKEN_HEADER } from '../shared/api/files.contract.js';
import { fakeCiphertext, META, slice } from './test-utils/files.js';
import { startLoad, until } from './test-utils/load.js';
import { startServerProcess, type ServerProcess } from './test-utils/server-process.js';

/**
 * Graceful shutdown of the real process (src/server/main.ts, run by tsx; test-utils/server-process.ts): SIGTERM stops new connections, lets the
 * requests in flight finish, and exits 0; past HUSH_SHUTDOWN_TIMEOUT their connections are closed.
 */

const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function start(dataDir: string, env: Record<string, string> = {}) {
  const server = await startServerProcess(
    { HUSH_RATE_LIMIT: 'false', HUSH_UPLOAD_RESTRICTION: 'false', HUSH_LOG_LEVEL: 'info', ...env },
    { dataDir },
  );
  servers.push(server);
  return server;
}

async function api(
  server: ServerProcess,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}/api/v1${url}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * A request sent in two halves over a raw socket: the head and `first`, then (on `finish()`) the rest. Its answer
 * is the status and the JSON body.
 */
function halfSent(port: number, head: string, first: Buffer, rest: Buffer) {
  const socket = net.connect(port, '127.0.0.1');
  let raw = '';
  const answer = new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    socket.on('data', (data: Buffer) => (raw += data.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headLines = '', body = ''] = raw.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headLines)?.[1] ?? 0);
      try {
        resolve({ status, body: JSON.parse(body) as Record<string, unknown> });
      } catch {
        reject(new Error(`not an answer: ${raw.slice(0, 300)}`));
      }
    });
  });
  const sent = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write(head);
      socket.write(first, () => resolve());
    }),
  );
  return { sent, answer, finish: () => socket.write(rest) };
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(!!socket.destroy() && false));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('on SIGTERM', () => {
  it('finishes an in-flight read and an in-flight part upload, refuses new connections, and exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-shutdown-'));
    try {
      const server = await start(dataDir);
      const secret = await api(server, 'POST', '/secret', { text: 'hush1.c2VjcmV0', ttl: 3600 });
      const content = fakeCiphertext(100_000);
      const withFile = await api(server, 'POST', '/secret', {
        text: 'hush1.c2VjcmV0',
        ttl: 3600,
        files: [{ meta: META, size: content.length, partSize: 64 * 1024 }],
      });
      expect(withFile.status).toBe(201);
      const ticket = withFile.body.upload as { token: string; files: { id: string; size: number; partSize: number }[] };
      const file = ticket.files[0]!;
      const part = slice(content, file, 1);

      const read = halfSent(
        server.port,
        `POST /api/v1/secret/${secret.body.id} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n`,
        Buffer.from('{'),
        Buffer.from('}'),
      );
      const upload = halfSent(
        server.port,
        `PUT /api/v1/secret/${withFile.body.id}/files/${file.id}/parts/1 HTTP/1.1\r\nHost: x\r\n` +
          `Content-Type: application/octet-stream\r\n${UPLOAD_TOKEN_HEADER}: ${ticket.token}\r\n` +
          `Content-Length: ${part.length}\r\n\r\n`,
        part.subarray(0, 30_000),
        part.subarray(30_000),
      );
      await Promise.all([read.sent, upload.sent]);
      await new Promise((resolve) => setTimeout(resolve, 200));

      server.signal('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await refused(server.port)).toBe(true);
      expect(await Promise.race([server.exited, Promise.resolve('running')])).toBe('running');
      read.finish();
      upload.finish();

      const [readAnswer, uploadAnswer] = await Promise.all([read.answer, upload.answer]);
      expect(readAnswer).toMatchObject({ status: 200, body: { text: 'hush1.c2VjcmV0' } });
      expect(uploadAnswer).toMatchObject({ status: 200, body: { fileId: file.id, part: 1, size: part.length } });
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
      expect(server.output()).not.toContain('closing their connections');

      // What they did is stored: the one-view secret is gone, the part is there.
      const again = await start(dataDir);
      expect((await api(again, 'POST', `/secret/${secret.body.id}`, {})).status).toBe(404);
      const status = await api(again, 'GET', `/secret/${withFile.body.id}/upload`, undefined, {
        [UPLOAD_TOKEN_HEADER]: ticket.token,
      });
      expect(status.body).toMatchObject({ files: [{ id: file.id, received: [1] }] });
      again.signal('SIGTERM');
      expect((await again.exited).code).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('closes connections still busy after HUSH_SHUTDOWN_TIMEOUT, and exits all the same', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-shutdown-'));
    try {
      const server = await start(dataDir, { HUSH_SHUTDOWN_TIMEOUT: '1' });
      const stuck = halfSent(
        server.port,
        'POST /api/v1/secret HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
        Buffer.from('{"text":'),
        Buffer.alloc(0),
      );
      // It never sends the rest: its connection is closed, with no answer.
      const cut = stuck.answer.then(
        () => false,
        () => true,
      );
      await stuck.sent;
      await new Promise((resolve) => setTimeout(resolve, 200));
      server.signal('SIGTERM');
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(exit.msAfterSignal).toBeGreaterThan(900);
      expect(exit.msAfterSignal).toBeLessThan(5000);
      expect(server.output()).toContain('requests still running after 1 s: closing their connections');
      expect(await cut).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('on SIGTERM under load from kept-alive connections', () => {
  it('answers every request that reached it, those it will not serve with 503 server.unavailable and Connection: close, and resets none', async () => {
    const server = await start(fs.mkdtempSync(path.join(os.tmpdir(), 'hush-shutdown-')));
    const load = startLoad({ url: server.url, clients: 8 });
    try {
      await until('the load is under way', () => load.counts().acknowledged >= 300);
      server.signal('SIGTERM');
      const exit = await server.exited;
      // Clients go on a moment: a server that is gone refuses connections, which is no request lost.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const counts = await load.stop();
      expect(exit.code).toBe(0);
      expect({ answers: counts.answers, socketErrors: counts.socketErrors }).toEqual({
        answers: counts.answers['503 server.unavailable'] ? { '503 server.unavailable': expect.any(Number) } : {},
        socketErrors: {},
      });
    } finally {
      await load.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
