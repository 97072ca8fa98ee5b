import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** MAIL FROM. */
  from: string;
  /** RCPT TO, every accepted one. */
  to: string[];
  /** The message as it came over DATA (RFC 822). */
  raw: string;
}

/**
 * A real SMTP server for email tests, on 127.0.0.1 (random port), plain (no STARTTLS offered), any client accepted
 * without AUTH. `rcpt` decides each RCPT TO: null accepts, an error code refuses with that code (550, say).
 */
export async function startSmtpSink(
  rcpt: (address: string, count: number) => number | null = () => null,
  /** A port of the test's own (an end-to-end spec's); default: any free one. */
  listenPort = 0,
) {
  const received: ReceivedMail[] = [];
  let rcpts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    hideSTARTTLS: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = rcpt(address.address, ++rcpts);
      if (code === null) return callback();
      const error = Object.assign(new Error(`${address.address}: mailbox unavailable`), { responseCode: code });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((entry) => entry.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts connections and never says a word (no SMTP greeting): a hung mail server. */
export async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const waiting: (() => void)[] = [];
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    for (const wake of waiting.splice(0)) wake();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    /** Resolves once the server has had `count` connections. */
    connected(count: number): Promise<void> {
      if (connections >= count) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const check = () => (connections >= count ? resolve() : waiting.push(check));
        waiting.push(check);
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ParsedMail {
  /** Header names in lower case; values unfolded, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  text: string | null;
  html: string | null;
}

const splitHeadersAndBody = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  const separator = raw.slice(at).match(/^\r?\n\r?\n/)![0];
  return { head: raw.slice(0, at), body: raw.slice(at + separator.length) };
};

/** RFC 2047 encoded words (=?charset?Q|B?…?=); adjacent ones joined before decoding, as the RFC says. */
export function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  return joined.replace(/(?:=\?[^?]+\?[QqBb]\?[^?]*\?=)+/g, (run) => {
    const bytes: Buffer[] = [];
    for (const [, , encoding, text] of run.matchAll(word)) {
      if (encoding!.toUpperCase() === 'B') bytes.push(Buffer.from(text!, 'base64'));
      else bytes.push(quotedPrintable(text!.replace(/_/g, ' ')));
    }
    return Buffer.concat(bytes).toString('utf8');
  });
}

function quotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

const parameter = (value: string, name: string) =>
  value
    .match(new RegExp(`;\\s*${name}=(?:"([^"]*)"|([^;\\s]*))`, 'i'))
    ?.slice(1)
    .find((v) => v !== undefined) ?? null;

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return quotedPrintable(body).toString('utf8');
    default:
      return body;
  }
}

/** Just enough RFC 822 / MIME to check a notification: headers, subject, and its text/plain and text/html parts. */
export function parseMail(raw: string): ParsedMail {
  const parsed: ParsedMail = { headers: {}, subject: '', text: null, html: null };
  const walk = (part: string, top: boolean) => {
    const { head, body } = splitHeadersAndBody(part);
    const headers = parseHeaders(head);
    if (top) parsed.headers = headers;
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = parameter(type, 'boundary');
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const pieces = body.split(
        new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`),
      );
      for (const piece of pieces.slice(1)) if (piece.trim()) walk(piece, false);
      return;
    }
    const content = decodeBody(body, headers['content-transfer-encoding']);
    if (type.toLowerCase().startsWith('text/html')) parsed.html = content;
    else if (type.toLowerCase().startsWith('text/plain')) parsed.text = content;
  };
  walk(raw, true);
  parsed.subject = parsed.headers.subject ?? '';
  return parsed;
}
