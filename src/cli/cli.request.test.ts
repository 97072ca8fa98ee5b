import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { generateKey } from '../shared/crypto/envelope.js';
import { createRequestKeyPair } from '../shared/crypto/request-keys.js';
import { makeResponse } from '../server/test-utils/requests.js';
import { cliWorld, node20, secretRows } from './cli.test-utils.js';

const world = cliWorld({
  uploadRestriction: false,
  anonymousMaxFileBytes: 8 * 1024 * 1024,
  maxFileBytes: 512 * 1024 * 1024,
});
const FILL = /^http:\/\/127\.0\.0\.1:\d+\/request\/[\w-]{22}#key=[\w-]{43}&pk=[\w-]{43}$/;
const INBOX = /^http:\/\/127\.0\.0\.1:\d+\/account\/requests\/[\w-]{22}#inbox=[\w-]{43}$/;

interface Created {
  id: string;
  fillLink: string;
  inboxLink: string;
  expiresAt: string;
}

let token: string;
const asker = () => ({ HUSH_TOKEN: token });

/** A request made with `hush request create --json`, with these options. */
async function createRequest(...options: string[]): Promise<Created> {
  const run = await world.run(['request', 'create', '--title', 'Database password', ...options, '--json'], {
    env: asker(),
  });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.out) as Created;
}

/** The responses (secrets) stored for a request. */
const responsesOf = async (id: string) => (await secretRows(world.t)).filter((row) => row.request_id === id);

let folders = 0;
const folder = () => {
  const path = join(world.dir, `request-${++folders}`);
  mkdirSync(path);
  return path;
};

beforeAll(async () => {
  token = await world.token('asker');
});

describe('hush request create', () => {
  it('prints the fill link to send and the inbox link to keep, each labelled; the rules reach the server', async () => {
    const run = await world.run(
      [
        'request',
        'create',
        '--title',
        'VPN credentials',
        '--text',
        'The ones for the office',
        '--responses',
        '3',
        '--ttl',
        '36h',
        '--response-ttl',
        '14d',
        '--views',
        '2',
        '--files',
        '--ip',
        '10.0.0.0/8',
      ],
      { env: asker() },
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = run.out.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('Fill link, to send to whoever should answer:');
    expect(lines[1]).toMatch(FILL);
    expect(lines[2]).toMatch(/^Inbox link, to keep to yourself: the only way to open the responses/);
    expect(lines[3]).toMatch(INBOX);
    expect(run.stderr).toMatch(
      /^The fill link takes 3 responses until \S+Z\. Hush cannot recover a lost inbox link\.\n$/,
    );
    const id = /\/request\/([\w-]{22})#/.exec(lines[1]!)![1]!;
    const row = await world.t.database.db
      .selectFrom('requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      max_responses: 3,
      response_ttl: 14 * 86400,
      response_views: 2,
      allow_files: 1,
      allowed_ip: '10.0.0.0/8',
    });
    expect(row.expires_at - row.created_at).toBe(36 * 3600 * 1000);
    // Title and instructions are stored sealed: the server holds no plain text of them.
    expect(row.title).toMatch(/^hush1\./);
    expect(row.text).toMatch(/^hush1\./);
    expect(JSON.stringify(row)).not.toContain('VPN');
  });

  it('--json prints the id, both links and when the fill link expires', async () => {
    const created = await createRequest('--text', 'instructions');
    expect(created).toEqual({
      id: expect.stringMatching(/^[\w-]{22}$/),
      fillLink: expect.stringMatching(FILL),
      inboxLink: expect.stringMatching(INBOX),
      expiresAt: expect.any(String),
    });
    expect(created.fillLink).toContain(`/request/${created.id}#`);
    // The default validity is 7 days.
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(7 * 86400_000 - 60_000);
  });

  it('needs an API token, a title and values in range: usage errors (exit 2), nothing sent', async () => {
    const usage = async (args: string[], message: RegExp, env: Record<string, string> = asker()) => {
      const run = await world.run(['request', 'create', ...args], { env });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(message);
    };
    await usage(['--title', 'x'], /needs an API token/, {});
    await usage([], /needs a title/);
    await usage(['--title', 'x', '--ttl', '30m'], /--ttl "30m": give a duration from 1h to 30d/);
    await usage(['--title', 'x', '--ttl', '31d'], /--ttl "31d": give a duration from 1h to 30d/);
    await usage(['--title', 'x', '--response-ttl', '2h'], /--response-ttl "2h" is not a lifetime Hush offers/);
    await usage(['--title', 'x', '--responses', '101'], /--responses "101": give a whole number from 1 to 100/);
    await usage(['--title', 'x', '--text', 'a', '--text-stdin'], /Choose one of --text and --text-stdin/);
    await usage(['--title', 'x', '--wat'], /Unknown option '--wat' \(see: hush help request\)/);
    expect(await world.run(['request'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('create, respond or open'),
    });
    expect((await world.run(['help', 'request'])).out).toContain("hush request respond 'FILL_LINK'");
    expect(await world.run(['request', 'open', '--help'])).toMatchObject({
      code: 0,
      out: expect.stringContaining('--response-ttl LIFETIME'),
    });
  });
});

describe('hush request respond and hush request open', () => {
  it('a text and a file answer; open prints both and saves the file; a second open finds them gone', async () => {
    const create = await world.run(
      ['request', 'create', '--title', 'Database password', '--text-stdin', '--responses', '2', '--files', '--json'],
      { env: asker(), input: 'The one for prod.\nPaste it here.\n' },
    );
    const created = JSON.parse(create.out) as Created;
    const text = await world.run(['request', 'respond', created.fillLink], { input: 'hunter2 🔑' });
    expect(text.code, text.stderr).toBe(0);
    expect(text.out).toMatch(/^Sent: only asker can open your answer, until \S+Z\.\n$/);
    // Who asks, the title and the instructions, on standard error: standard output stays the result.
    expect(text.stderr).toMatch(
      /^asker asks: Database password\n {2}The one for prod\.\n {2}Paste it here\.\nOnly asker can open your answer, once, within 7d\. Files may be attached/,
    );
    expect(text.stderr).toMatch(/hush burn [\w-]{22} --token=[\w-]{43} --server http/);

    const inputs = folder();
    const bytes = randomBytes(300_000);
    writeFileSync(join(inputs, 'dump.bin'), bytes);
    const withFile = await world.run(
      ['request', 'respond', created.fillLink, '--file', join(inputs, 'dump.bin'), '--json'],
      {
        input: 'and the dump',
      },
    );
    expect(withFile.code, withFile.stderr).toBe(0);
    expect(withFile.stderr).toBe('');
    const sent = JSON.parse(withFile.out) as { id: string };
    expect(sent).toEqual({
      id: expect.stringMatching(/^[\w-]{22}$/),
      expiresAt: expect.any(String),
      deleteToken: expect.stringMatching(/^[\w-]{43}$/),
      files: [{ name: 'dump.bin', size: bytes.length }],
    });
    // Stored sealed: the server holds neither text in the clear.
    const rows = await responsesOf(created.id);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('hunter2');

    const out = folder();
    const opened = await world.run(['request', 'open', created.inboxLink, '--out', out], { env: asker() });
    expect(opened.code, opened.stderr).toBe(0);
    expect(opened.out).toContain('Request: Database password (2 of 2 answered, answered)\n');
    // Newest first: the answer with the file, then the text.
    expect(opened.out).toMatch(
      new RegExp(
        `--- Response 1 of 2 \\(${sent.id}, received \\S+, 0 views left\\) ---\\nand the dump\\nSaved ${out}/dump\\.bin \\(293 KiB\\)\\n` +
          `--- Response 2 of 2 \\([\\w-]{22}, received \\S+, 0 views left\\) ---\\nhunter2 🔑\\n$`,
      ),
    );
    expect(readFileSync(join(out, 'dump.bin')).equals(bytes)).toBe(true);

    // One view each: both are gone now, and the inbox says so (exit 0).
    const again = await world.run(['request', 'open', created.inboxLink, '--out', out, '--json'], { env: asker() });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.out)).toEqual({
      request: { id: created.id, title: 'Database password', state: 'answered', answered: 2, maxResponses: 2 },
      responses: [],
    });
    const text2 = await world.run(['request', 'open', created.inboxLink], { env: asker() });
    expect(text2).toMatchObject({ code: 0, out: expect.stringContaining('No responses to open') });
    expect(readdirSync(out)).toEqual(['dump.bin']);
  });

  it('open --json gives each response with its text, files and views left', async () => {
    const created = await createRequest('--views', '2');
    expect((await world.run(['request', 'respond', created.fillLink], { input: 'twice' })).code).toBe(0);
    const opened = await world.run(['request', 'open', created.inboxLink, '--json'], { env: asker() });
    expect(opened.code, opened.stderr).toBe(0);
    expect(JSON.parse(opened.out)).toEqual({
      request: { id: created.id, title: 'Database password', state: 'answered', answered: 1, maxResponses: 1 },
      responses: [
        {
          id: expect.stringMatching(/^[\w-]{22}$/),
          text: 'twice',
          files: [],
          createdAt: expect.any(String),
          expiresAt: expect.any(String),
          viewsLeft: 1,
        },
      ],
    });
  });

  it('a used-up or revoked request is refused: exit 3 with plain words, nothing stored', async () => {
    const used = await createRequest();
    expect((await world.run(['request', 'respond', used.fillLink], { input: 'first' })).code).toBe(0);
    const late = await world.run(['request', 'respond', used.fillLink], { input: 'second' });
    expect(late.code).toBe(3);
    expect(late.stderr).toBe(
      'hush: This request takes no responses (any more): it expired, has all its answers or was revoked, or the link is wrong\n',
    );
    expect(await responsesOf(used.id)).toHaveLength(1);

    const revoked = await createRequest();
    const revoke = await world.t.app.inject({
      method: 'POST',
      url: `/api/v1/requests/${revoked.id}/revoke`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const refused = await world.run(['request', 'respond', revoked.fillLink, '--json'], { input: 'too late' });
    expect(refused.code).toBe(3);
    expect(JSON.parse(refused.stderr)).toEqual({
      error: {
        code: 'secret_request.not_found',
        message: expect.stringContaining('This request takes no responses'),
        exitCode: 3,
      },
    });
    expect(await responsesOf(revoked.id)).toHaveLength(0);
  });

  it('files to a request that takes none are refused before anything is sent (exit 4)', async () => {
    const created = await createRequest();
    const file = join(folder(), 'x.txt');
    writeFileSync(file, 'x');
    const run = await world.run(['request', 'respond', created.fillLink, '--file', file], { input: 'text' });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('hush: This request takes no files (1 given with --file): nothing was sent');
    expect(await responsesOf(created.id)).toHaveLength(0);
  });

  it('an answer that is no UTF-8 text goes as the response’s content, to a request without files, and opens as those bytes', async () => {
    const created = await createRequest('--views', '2');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0x00]), randomBytes(4096)]);
    const sent = await world.run(['request', 'respond', created.fillLink], { input: bytes });
    expect(sent.code, sent.stderr).toBe(0);
    const [response] = await responsesOf(created.id);
    const json = await world.run(['request', 'open', created.inboxLink, '--json'], { env: asker() });
    expect(json.code, json.stderr).toBe(0);
    const opened = JSON.parse(json.out) as { responses: { text: string | null; textBase64?: string }[] };
    expect(opened.responses).toMatchObject([{ text: null, files: [] }]);
    expect(Buffer.from(opened.responses[0]!.textBase64!, 'base64').equals(bytes)).toBe(true);
    // In words, it is saved as a file the listing names: bytes that are no text have no place among its lines.
    const out = folder();
    const words = await world.run(['request', 'open', created.inboxLink, '--out', out], { env: asker() });
    expect(words.code, words.stderr).toBe(0);
    const path = join(out, `${response!.id}.bin`);
    expect(words.out).toContain(`Saved ${path} (4.0 KiB; its content, not text)\n`);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('a server that swaps the public key is caught by the link’s fingerprint: exit 4, nothing sent', async () => {
    const created = await createRequest();
    const swapped = (await createRequestKeyPair()).publicKey;
    const seen: string[] = [];
    // A stand-in for a dishonest server: the real one behind it, but the form names a key of its own.
    const proxy = createServer((request, response) => {
      void forward(request).then(async ({ status, type, body }) => {
        seen.push(`${request.method} ${request.url}`);
        let payload = body;
        if (/\/requests\/[\w-]+\/form$/.test(request.url ?? '')) {
          payload = Buffer.from(JSON.stringify({ ...(JSON.parse(body.toString()) as object), publicKey: swapped }));
        }
        response.writeHead(status, { 'content-type': type }).end(payload);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => void proxy.close());
    const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const link = created.fillLink.replace(world.url, origin);
    const run = await world.run(['request', 'respond', link], { input: 'for the requester only' });
    expect(run.code).toBe(4);
    expect(run.stderr).toBe(
      'hush: The server gave a different key for this request than the link names: nothing was sent\n',
    );
    expect(run.out).toBe('');
    expect(seen).toEqual([`GET /api/v1/requests/${created.id}/form`]);
    expect(await responsesOf(created.id)).toHaveLength(0);
  });

  it('an inbox link with a wrong key is refused (exit 4) and spends no view', async () => {
    const created = await createRequest();
    expect((await world.run(['request', 'respond', created.fillLink], { input: 'kept' })).code).toBe(0);
    const wrong = `${created.inboxLink.split('#')[0]}#inbox=${generateKey()}`;
    const run = await world.run(['request', 'open', wrong], { env: asker() });
    expect(run.code).toBe(4);
    expect(run.stderr).toBe(
      'hush: This inbox link does not open this request: its key is wrong or the link is damaged\n',
    );
    const right = await world.run(['request', 'open', created.inboxLink], { env: asker() });
    expect(right).toMatchObject({ code: 0, out: expect.stringContaining('\nkept\n') });
  });

  it('a response sealed wrongly is reported and the others still open; the exit code is its (4)', async () => {
    const created = await createRequest('--responses', '2', '--text', 'instructions');
    expect((await world.run(['request', 'respond', created.fillLink], { input: 'good' })).code).toBe(0);
    // A responder (or anyone holding the fill link) sends a key proof that is not of the key its exchange gives.
    const form = await world.t.app.inject({ url: `/api/v1/requests/${created.id}/form` });
    const publicKey = form.json<{ publicKey: string }>().publicKey;
    const bad = await makeResponse(created.id, publicKey, 'bad');
    const other = await makeResponse(created.id, publicKey, 'other');
    const sent = await world.t.app.inject({
      method: 'POST',
      url: `/api/v1/requests/${created.id}/responses`,
      payload: { ...bad.body, keyProof: other.body.keyProof },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const opened = await world.run(['request', 'open', created.inboxLink, '--json'], { env: asker() });
    expect(opened.code).toBe(4);
    expect(JSON.parse(opened.out)).toMatchObject({
      responses: [
        { id: sent.json<{ id: string }>().id, text: null, error: { code: 'secret.key_invalid', exitCode: 4 } },
        { text: 'good', viewsLeft: 0 },
      ],
    });
    expect(JSON.parse(opened.stderr)).toEqual({
      error: {
        code: 'secret.key_invalid',
        message: expect.stringContaining('1 of 2 responses failed (see above); the first: The key it was sealed with'),
        exitCode: 4,
      },
    });
  });

  it('Ctrl-C while a response uploads stops with 130, deletes the half-sent response and gives its place back', async () => {
    const created = await createRequest('--files');
    const input = join(folder(), 'slow.bin');
    writeFileSync(input, randomBytes(256 * 1024 * 1024));
    const child = spawn(process.execPath, [world.cli, 'request', 'respond', created.fillLink, '--file', input], {
      env: { PATH: process.env.PATH ?? '', HUSH_CONFIG: join(world.dir, 'none.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Once the response exists, its parts are on their way: interrupt then.
    for (let waited = 0; (await responsesOf(created.id)).length === 0; waited += 20) {
      if (waited > 20_000) throw new Error(`the upload never started: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('hush: Stopped');
    expect(await responsesOf(created.id)).toHaveLength(0);
    // The place is free again: the one response this request takes can still be sent.
    expect((await world.run(['request', 'respond', created.fillLink], { input: 'after all' })).code).toBe(0);
  });

  it('links in the wrong place, incomplete, or an inbox without the requester’s token: clear refusals', async () => {
    const created = await createRequest();
    const usage = async (args: string[], message: RegExp, env: Record<string, string> = {}) => {
      const run = await world.run(['request', ...args], { env, input: 'x' });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(message);
    };
    await usage(['respond', created.inboxLink], /This is an inbox link/);
    await usage(['open', created.fillLink], /This is a fill link, for answering/, asker());
    await usage(['respond', created.fillLink.split('&')[0]!], /The request link is incomplete or damaged/);
    await usage(['open', created.inboxLink.split('#')[0]!], /The inbox link is incomplete or damaged/, asker());
    await usage(['open', created.inboxLink], /needs the API token of the account that made the request/);
    // Another user's token finds no such request: exit 3.
    const other = await world.token('someone-else');
    const foreign = await world.run(['request', 'open', created.inboxLink], { env: { HUSH_TOKEN: other } });
    expect(foreign.code).toBe(3);
    expect(foreign.stderr).toContain('No request of yours has this id');
  });
});

const NODE_20 = node20();
if (!NODE_20) console.warn('skipped: hush request on Node 20 (no Node 20 at /usr/bin/node or /usr/local/bin/node)');

describe.skipIf(!NODE_20)('hush request on Node 20, the oldest the one-file CLI supports (X25519 in WebCrypto)', () => {
  it('creates, answers with text and a file, and opens both back', async () => {
    const node = NODE_20!;
    const create = await world.run(['request', 'create', '--title', 'on node 20', '--files', '--json'], {
      env: asker(),
      node,
    });
    expect(create.code, create.stderr).toBe(0);
    const created = JSON.parse(create.out) as Created;
    const file = join(folder(), 'key.bin');
    const bytes = randomBytes(100_000);
    writeFileSync(file, bytes);
    const sent = await world.run(['request', 'respond', created.fillLink, '--file', file], { input: 'from 20', node });
    expect(sent.code, sent.stderr).toBe(0);
    const out = folder();
    const opened = await world.run(['request', 'open', created.inboxLink, '--out', out, '--json'], {
      env: asker(),
      node,
    });
    expect(opened.code, opened.stderr).toBe(0);
    expect(JSON.parse(opened.out)).toMatchObject({
      request: { title: 'on node 20' },
      responses: [{ text: 'from 20', files: [{ name: 'key.bin', size: bytes.length }] }],
    });
    expect(readFileSync(join(out, 'key.bin')).equals(bytes)).toBe(true);
  });
});

/** The request passed on to the real server, its answer read whole. */
async function forward(request: IncomingMessage): Promise<{ status: number; type: string; body: Buffer }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'authorization', 'x-upload-token']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await fetch(`${world.url}${request.url}`, {
    method: request.method,
    headers,
    ...(chunks.length > 0 && { body: Buffer.concat(chunks) }),
  });
  return {
    status: answer.status,
    type: answer.headers.get('content-type') ?? 'application/json',
    body: Buffer.from(await answer.arrayBuffer()),
  };
}
