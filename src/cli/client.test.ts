import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../server/test-utils/app.js';
import { createSecret, openSecret } from './client.js';

let t: TestApp;
let server: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

it('a secret created by the CLI opens once with its link, and the server holds only ciphertext', async () => {
  const { link } = await createSecret({ server, text: 'db password: hunter2', title: 'prod', ttl: 3600, maxViews: 1 });
  expect(link).toMatch(/\/secret\/[\w-]{22}#encryption_key=[\w-]{43}$/);
  const rows = await t.database.db.selectFrom('secrets').select(['text', 'title']).execute();
  expect(JSON.stringify(rows)).not.toContain('hunter2');
  expect(JSON.stringify(rows)).not.toContain('prod');
  expect(await openSecret(link)).toEqual({ text: 'db password: hunter2', title: 'prod' });
  await expect(openSecret(link)).rejects.toThrow('This secret does not exist');
});

it('a password-protected secret needs its password, and a wrong one costs an attempt', async () => {
  const { link } = await createSecret({ server, text: 'ünïcode 🔑', password: 'correct horse', ttl: 300, maxViews: 2 });
  await expect(openSecret(link)).rejects.toThrow(/password/i);
  await expect(openSecret(link, { password: 'wrong' })).rejects.toThrow(/4 attempts left/);
  expect((await openSecret(link, { password: 'correct horse' })).text).toBe('ünïcode 🔑');
});

it('a link without its key is refused before anything is sent, and a wrong key spends no view', async () => {
  const { link } = await createSecret({ server, text: 'x', ttl: 300, maxViews: 1 });
  const bare = link.split('#')[0]!;
  await expect(openSecret(bare)).rejects.toThrow(/no key/);
  await expect(openSecret(bare, { key: 'A'.repeat(43) })).rejects.toThrow(/does not match/);
  expect((await openSecret(link)).text).toBe('x');
});

it('checks each answer against the contract: a server of another shape fails with one clear line', async () => {
  const { createServer } = await import('node:http');
  const odd = createServer((_request, response) => {
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 42 }));
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  const oddServer = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
  try {
    await expect(createSecret({ server: oddServer, text: 'x', ttl: 300, maxViews: 1 })).rejects.toThrow(
      "The server's answer (201) is not what this version of hush expects",
    );
  } finally {
    odd.close();
  }
  await expect(createSecret({ server: 'http://127.0.0.1:9', text: 'x', ttl: 300, maxViews: 1 })).rejects.toThrow(
    /^Cannot reach http:\/\/127\.0\.0\.1:9/,
  );
});
