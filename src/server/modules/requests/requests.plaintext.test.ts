import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deriveKeys, encryptText } from '../../../shared/crypto/envelope.js';
import { sealFileMeta } from '../../../shared/crypto/file-meta.js';
import { encryptFileBytes } from '../../../shared/crypto/file-transform.js';
import { sealResponseKey } from '../../../shared/crypto/request-keys.js';
import { sealSecretWithKeys } from '../../../shared/crypto/seal.js';
import { createTestApp, type TestApp } from '../../test-utils/app.js';
import { makeRequest, responseProof } from '../../test-utils/requests.js';

/*
 * Issue 14: "a scan of the database and storage after a response finds no plaintext". A request and a response with
 * a file go through the real API, sealed with the real crypto as a client does; then every byte the server wrote
 * (the SQLite database with its WAL, and the file storage) is searched for the plaintexts and for every key that
 * opens them.
 */

const TITLE = 'Quarterly VPN credentials for ACME';
const INSTRUCTIONS = 'Paste the VPN password and attach the client config, please.';
const ANSWER = 'vpn-password: correct-horse-battery-staple-9431';
const FILE_TEXT = 'client\nremote vpn.acme.example 1194\n# the marker: PLAINTEXT-FILE-MARKER-7f3a\n'.repeat(400);
const FILE_NAME = 'acme-vpn-config.ovpn';

async function everyFile(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

let t: TestApp;
let dir: string;
const sqliteFile = () => path.join(dir, 'hush.sqlite');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-request-scan-'));
  t = await createTestApp({ sqliteFile: sqliteFile(), config: { dataDir: path.join(dir, 'data') } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('after a request and a response with a file, no plaintext and no key is in the database or the storage', async () => {
  const user = await t.services.auth.createUser(
    { username: 'alice', email: 'alice@example.com', password: 'correct horse battery' },
    'user',
  );
  const cookie = `hush_session=${(await t.services.auth.startSession(user)).token}`;
  const made = await makeRequest({ title: TITLE, allowFiles: true });
  const keys = await deriveKeys(made.detailsKey);
  made.body.text = await encryptText(keys, 'text', INSTRUCTIONS);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/requests',
    headers: { cookie },
    payload: made.body,
  });
  expect(created.statusCode, created.body).toBe(201);

  // The responder: sealed to the request's public key, the file as the chunked stream, sent inline.
  const { key, ephemeralPublic } = await sealResponseKey(made.body.publicKey, made.id);
  const sealed = await sealSecretWithKeys({ text: ANSWER }, undefined, key);
  const plainFile = new TextEncoder().encode(FILE_TEXT);
  const stream = await encryptFileBytes(sealed.keys, plainFile, { fileIndex: 0 });
  const meta = await sealFileMeta(sealed.keys, 0, { name: FILE_NAME, type: 'text/plain', size: plainFile.length });
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/v1/requests/${made.id}/responses`,
    payload: {
      text: sealed.fields.text,
      ephemeralKey: ephemeralPublic,
      keyProof: sealed.fields.keyProof,
      files: [{ meta, content: Buffer.from(stream).toString('base64url') }],
    },
  });
  expect(sent.statusCode, sent.body).toBe(201);

  // The requester can open it (so what was stored is the real thing), with keys the server never saw.
  const detail = (await t.app.inject({ url: `/api/v1/requests/${made.id}`, headers: { cookie } })).json();
  const opened = await responseProof(made, detail, detail.responses[0].ephemeralKey);
  expect(opened.key).toBe(key);

  await t.services.stats.flush();
  const stored = [...(await everyFile(dir))];
  expect(
    stored.some((file) => file.includes(`${path.sep}data${path.sep}`)),
    'the file is in the storage',
  ).toBe(true);
  const bytes = Buffer.concat(await Promise.all(stored.map((file) => readFile(file))));
  const needles: Record<string, string> = {
    title: TITLE,
    instructions: INSTRUCTIONS,
    answer: ANSWER,
    'file content': 'PLAINTEXT-FILE-MARKER-7f3a',
    'file name': FILE_NAME,
    'inbox key': made.inboxKey,
    'details key': made.detailsKey,
    'response key': key,
    'response key proof (only its hash is kept)': sealed.fields.keyProof,
  };
  for (const [what, needle] of Object.entries(needles)) {
    expect(bytes.includes(Buffer.from(needle)), `${what} is stored in clear`).toBe(false);
  }
  // What the server does keep: the public keys and the envelopes (the scan reads the right bytes).
  expect(bytes.includes(Buffer.from(made.body.publicKey))).toBe(true);
  expect(bytes.includes(Buffer.from(sealed.fields.text))).toBe(true);
});
