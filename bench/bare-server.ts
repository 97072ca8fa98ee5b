// The baseline: a bare node:http JSON server doing comparable work to a Hush request
// (read the body, JSON.parse it, JSON.stringify a small answer). Run as its own process by bench/run.ts.
import http from 'node:http';

const port = Number(process.env.BARE_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('BARE_PORT must be a port number');

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let status = 200;
    let payload: unknown;
    try {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = (raw ? JSON.parse(raw) : {}) as { text?: unknown };
      payload = { ok: true, textLength: typeof body.text === 'string' ? body.text.length : 0 };
    } catch {
      status = 400;
      payload = { error: 'invalid JSON' };
    }
    const out = JSON.stringify(payload);
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(out),
    });
    response.end(out);
  });
});

server.listen(port, '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
process.once('SIGINT', () => server.close(() => process.exit(0)));
