import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from '../cli/cli.test-utils.js';
import { createTestApp, type TestApp } from '../server/test-utils/app.js';
import {
  burn,
  createRequest,
  createSecret,
  HushError,
  openInbox,
  openSecret,
  readRequest,
  respond,
  status,
} from './index.js';

/* The SDK against a real server (SQLite, files on disk, 127.0.0.1), over HTTP as any program would call it. */

let t: TestApp;
let server: string;

beforeAll(async () => {
  t = await createTestApp({ config: { uploadRestriction: false, anonymousMaxFileBytes: 8 * 1024 * 1024 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('it should have failed'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(HushError);
      return error as HushError;
    },
  );

/** A file's bytes that are no text, larger than one encryption chunk and one part. */
const photo = new Uint8Array(300_000).map((_, index) => (index * 7919) % 256);

describe('private secrets', () => {
  it('a secret with a text, a file and a password opens with them, spends its views, then is gone', async () => {
    const created = await createSecret({
      server,
      text: 'db password: hunter2',
      title: 'prod',
      files: [{ name: 'photo.jpg', type: 'image/jpeg', data: photo }],
      password: 'correct horse',
      ttl: 3600,
      views: 2,
    });
    expect(created.link).toBe(`${server}/secret/${created.id}#encryption_key=${created.link.split('=')[1]}`);
    expect(created.receiptLink).toBe(`${server}/receipt/${created.id}#${created.deleteToken}`);
    const rows = await t.database.db.selectFrom('secrets').select(['text', 'title']).execute();
    expect(JSON.stringify(rows)).not.toMatch(/hunter2|prod/);

    expect((await failure(openSecret(created.link))).code).toBe('secret.password_required');
    const wrong = await failure(openSecret(created.link, { password: 'wrong' }));
    expect([wrong.code, wrong.status, wrong.details.attemptsLeft]).toEqual(['secret.password_invalid', 401, 4]);

    const opened = await openSecret(created.link, { password: 'correct horse' });
    expect([opened.text, opened.title, opened.bytes, opened.viewsLeft]).toEqual([
      'db password: hunter2',
      'prod',
      null,
      1,
    ]);
    expect(opened.files.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
      { name: 'photo.jpg', type: 'image/jpeg', size: photo.length },
    ]);
    expect(await opened.files[0]!.bytes()).toEqual(photo);

    const receipt = await status(created.receiptLink);
    expect(receipt).toMatchObject({ id: created.id, state: 'open', viewsUsed: 1, maxViews: 2, fileCount: 1 });
    expect(receipt.failedAttempts).toHaveLength(1);

    const again = await openSecret(created.link, { password: 'correct horse' });
    expect(again.viewsLeft).toBe(0);
    const streamed = await new Response(await again.files[0]!.stream()).arrayBuffer();
    expect(new Uint8Array(streamed)).toEqual(photo);
    expect((await failure(openSecret(created.link, { password: 'correct horse' }))).code).toBe('secret.not_found');
    expect(await status(created.receiptLink)).toMatchObject({ state: 'ended', endReason: 'last_view', viewsUsed: 2 });
    // Each password is stretched with argon2id, here and on the server: slow on a busy machine.
  }, 120_000);

  it('content that is no UTF-8 opens as its bytes', async () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0x80]);
    const { link } = await createSecret({ server, text: bytes, ttl: 300 });
    const opened = await openSecret(link);
    expect([opened.text, opened.bytes]).toEqual([null, bytes]);
  });

  it('a receipt link burns its secret without reading it, and so does the secret link', async () => {
    const first = await createSecret({ server, text: 'burn me', ttl: 300, views: 3 });
    expect(await burn(first.receiptLink)).toEqual({ id: first.id, burned: true });
    expect((await failure(openSecret(first.link))).code).toBe('secret.not_found');
    expect(await status(first.receiptLink)).toMatchObject({
      state: 'ended',
      endReason: 'burned_by_creator',
      viewsUsed: 0,
    });

    const second = await createSecret({ server, text: 'burn me too', ttl: 300 });
    await burn(second.link);
    expect((await failure(openSecret(second.link))).code).toBe('secret.not_found');
    const third = await createSecret({ server, text: 'by id', ttl: 300 });
    await burn(third.id, { server, deleteToken: third.deleteToken });
    expect((await failure(openSecret(third.link))).code).toBe('secret.not_found');
  });

  it('sends the key, the password and the fragment nowhere: every request it makes is recorded', async () => {
    const sent: { text: string; body: string }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      const body = request.body ? Buffer.from(await request.clone().arrayBuffer()).toString('latin1') : '';
      // A part's body is ciphertext: any one byte (a '#') turns up in it by chance, so only texts are searched for it.
      const binary = request.headers.get('content-type') === 'application/octet-stream';
      sent.push({ text: [request.url, JSON.stringify([...request.headers]), binary ? '' : body].join('\n'), body });
      return realFetch(request);
    };
    try {
      const created = await createSecret({
        server,
        text: 'the plaintext',
        files: [{ name: 'notes.txt', data: new TextEncoder().encode('file plaintext') }],
        password: 'pass phrase 9',
        ttl: 300,
      });
      const opened = await openSecret(created.link, { password: 'pass phrase 9' });
      expect(await opened.files[0]!.bytes()).toEqual(new TextEncoder().encode('file plaintext'));
      const key = created.link.split('#encryption_key=')[1]!;
      expect(sent.length).toBeGreaterThan(3);
      for (const { text, body } of sent) {
        for (const forbidden of [key, 'pass phrase 9', 'the plaintext', 'file plaintext', 'notes.txt']) {
          expect((text + body).includes(forbidden), `${forbidden} in ${text.slice(0, 200)}`).toBe(false);
        }
        expect(text.includes('#'), `# in ${text.slice(0, 200)}`).toBe(false);
      }
    } finally {
      globalThis.fetch = realFetch;
    }
  }, 120_000);

  it('sends an API token only to the server it belongs to', async () => {
    const token = await apiToken(t, 'token-owner', 'sdk');
    const { link, receiptLink } = await createSecret({ server, text: 'x', ttl: 300 });
    const elsewhere = 'http://127.0.0.1:9';
    for (const call of [
      openSecret(link, { token, server: elsewhere }),
      burn(receiptLink, { token, server: elsewhere }),
      openInbox(`${server}/account/requests/${'A'.repeat(22)}#inbox=${'A'.repeat(43)}`, { token, server: elsewhere }),
    ]) {
      expect((await failure(call)).code).toBe('client.token_origin');
    }
    expect((await failure(openSecret(link, { token }))).code).toBe('client.usage');
    expect((await openSecret(link, { token, server: `${server}/` })).text).toBe('x');
  });

  it('takes a pasted link with spaces around it, and never repeats a key or token in an error', async () => {
    const { link } = await createSecret({ server, text: 'pasted', ttl: 300 });
    expect((await openSecret(`  ${link}\n`)).text).toBe('pasted');
    const key = 'K'.repeat(43);
    for (const wrong of [`${server}/secrets/x#encryption_key=${key}`, `not a link #encryption_key=${key}`]) {
      const error = await failure(openSecret(wrong));
      expect(error.code).toBe('client.link');
      expect(error.message).not.toContain(key);
    }
    expect((await failure(status(`${server}/receipts/x#${key}`))).message).not.toContain(key);
  });

  it('a link without its key, or with a wrong one, spends no view', async () => {
    const { link } = await createSecret({ server, text: 'x', ttl: 300 });
    const bare = link.split('#')[0]!;
    expect((await failure(openSecret(bare))).code).toBe('client.no_key');
    expect((await failure(openSecret(bare, { key: 'A'.repeat(43) }))).code).toBe('secret.key_invalid');
    expect((await openSecret(link)).text).toBe('x');
  });

  it('a server of another shape fails with one clear line, and so does no server at all', async () => {
    const odd = createServer((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 42 }));
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const oddServer = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
      const unexpected = await failure(createSecret({ server: oddServer, text: 'x', ttl: 300 }));
      expect([unexpected.code, unexpected.message]).toEqual([
        'client.unexpected_answer',
        "The server's answer (201) is not what this version of hush expects",
      ]);
    } finally {
      odd.close();
    }
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await failure(createSecret({ server: gone, text: 'x', ttl: 300 }));
    expect([unreachable.code, unreachable.status]).toEqual(['client.network', 0]);
    expect(unreachable.message).toBe(
      `Cannot reach ${gone}: the connection was refused (is the server running, and is the address right?)`,
    );
  });
});

describe('requests', () => {
  it('a request is answered with a text and a file, and only its inbox link opens the response', async () => {
    const token = await apiToken(t, 'requester', 'sdk');
    const request = await createRequest({
      server,
      token,
      title: 'The staging API key',
      text: 'Paste it, please',
      allowFiles: true,
      views: 2,
    });
    expect(request.fillLink).toMatch(new RegExp(`^${server}/request/${request.id}#key=[\\w-]{43}&pk=[\\w-]{43}$`));
    expect(request.inboxLink).toMatch(new RegExp(`^${server}/account/requests/${request.id}#inbox=[\\w-]{43}$`));

    const form = await readRequest(request.fillLink);
    expect([form.username, form.title, form.text, form.allowFiles]).toEqual([
      'requester',
      'The staging API key',
      'Paste it, please',
      true,
    ]);
    const sent = await respond(form, { text: 'sk_live_42', files: [{ name: 'key.pem', data: photo }] });

    const inbox = await openInbox(request.inboxLink, { token, server });
    expect(inbox.request).toMatchObject({ id: request.id, title: 'The staging API key', answered: 1, maxResponses: 1 });
    expect(inbox.responses.map((response) => response.id)).toEqual([sent.id]);
    const opened = await inbox.responses[0]!.open();
    expect([opened.text, opened.viewsLeft, opened.files[0]!.name]).toEqual(['sk_live_42', 1, 'key.pem']);
    expect(await opened.files[0]!.bytes()).toEqual(photo);

    // The fill link takes no more responses; a tampered fill link's key is refused before anything is sealed.
    expect((await failure(respond(request.fillLink, { text: 'again' }))).code).toBe('secret_request.not_found');
    const wrongInbox = request.inboxLink.replace(/inbox=[\w-]+/, `inbox=${'A'.repeat(43)}`);
    expect((await failure(openInbox(wrongInbox, { token, server }))).code).toBe('client.wrong_inbox_key');
  });

  it('a fill link whose pinned key is not the request’s is refused before anything is sent', async () => {
    const token = await apiToken(t, 'pinner', 'sdk');
    const request = await createRequest({ server, token, title: 'x' });
    const forged = request.fillLink.replace(/pk=[\w-]+/, `pk=${'A'.repeat(43)}`);
    expect((await failure(readRequest(forged))).code).toBe('client.key_mismatch');
  });
});
