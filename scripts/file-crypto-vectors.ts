// Writes src/shared/crypto/file-vectors.json: fixed inputs (key, password, salt, nonce prefix, plaintext) and the
// file streams and file-detail envelopes that file format v1 makes of them. Once committed, they pin the format:
// src/shared/crypto/file-stream.test.ts must reproduce them. Run: npx tsx scripts/file-crypto-vectors.ts
import fs from 'node:fs';
import { fromBase64Url, toBase64Url } from '../src/shared/crypto/bytes.js';
import { deriveKeys } from '../src/shared/crypto/envelope.js';
import { sealFileMeta, type FileMeta } from '../src/shared/crypto/file-meta.js';
import { encryptFileBytes } from '../src/shared/crypto/file-transform.js';

/** The plaintext of the large vector: byte i is i mod 251, so no chunk repeats another. */
const pattern = (length: number) => Uint8Array.from({ length }, (_, i) => i % 251);

const sha256 = async (bytes: Uint8Array<ArrayBuffer>) =>
  toBase64Url(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes)));

const queue = (...parts: string[]) => {
  const left = parts.map((part) => fromBase64Url(part));
  return (length: number) => {
    const next = left.shift();
    if (!next || next.length !== length) throw new Error('the vector random source is out of step');
    return next;
  };
};

interface StreamInput {
  key: string;
  password: string | null;
  fileIndex: number;
  chunkSize: number;
  salt: string;
  noncePrefix: string;
  plaintext: string;
}

const KEY_A = 'A'.repeat(43);
const KEY_B = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmE';
const SALT_0 = toBase64Url(new Uint8Array(16));
const SALT_1 = toBase64Url(Uint8Array.from({ length: 16 }, (_, i) => i + 1));
const PREFIX_0 = toBase64Url(new Uint8Array(7));
const PREFIX_1 = toBase64Url(Uint8Array.from({ length: 7 }, (_, i) => 0xf0 + i));
const text = (value: string) => toBase64Url(new TextEncoder().encode(value));

const streams: (StreamInput & { note: string })[] = [
  {
    note: 'empty file: one empty last chunk',
    key: KEY_A,
    password: null,
    fileIndex: 0,
    chunkSize: 16,
    salt: SALT_0,
    noncePrefix: PREFIX_0,
    plaintext: '',
  },
  {
    note: 'shorter than a chunk',
    key: KEY_A,
    password: null,
    fileIndex: 0,
    chunkSize: 16,
    salt: SALT_0,
    noncePrefix: PREFIX_0,
    plaintext: text('hello'),
  },
  {
    note: 'two full chunks and a part',
    key: KEY_A,
    password: null,
    fileIndex: 1,
    chunkSize: 16,
    salt: SALT_1,
    noncePrefix: PREFIX_1,
    plaintext: text('The quick brown fox jumps over the lazy dog'),
  },
  {
    note: 'a multiple of the chunk size: ends with an empty chunk',
    key: KEY_B,
    password: null,
    fileIndex: 2,
    chunkSize: 16,
    salt: SALT_1,
    noncePrefix: PREFIX_0,
    plaintext: text('0123456789abcdef0123456789ABCDEF'),
  },
  {
    note: 'password-derived key material (v1 argon2id cost)',
    key: KEY_B,
    password: 'hunter2',
    fileIndex: 0,
    chunkSize: 32,
    salt: SALT_0,
    noncePrefix: PREFIX_1,
    plaintext: text('attack at dawn, bring snacks and a spare key'),
  },
];

const large = {
  note: 'default 1 MiB chunks: two full chunks and 5 bytes; plaintext byte i = i mod 251',
  key: KEY_A,
  password: null,
  fileIndex: 7,
  chunkSize: 1024 * 1024,
  salt: SALT_1,
  noncePrefix: PREFIX_1,
  plaintextLength: 2 * 1024 * 1024 + 5,
};

const metas: { key: string; password: string | null; fileIndex: number; meta: FileMeta; iv: string }[] = [
  {
    key: KEY_A,
    password: null,
    fileIndex: 0,
    meta: { name: 'report.pdf', type: 'application/pdf', size: 48213 },
    iv: 'AAAAAAAAAAAAAAAA',
  },
  {
    key: KEY_B,
    password: 'hunter2',
    fileIndex: 3,
    meta: { name: 'ünïcödé 🔑.txt', type: '', size: 0 },
    iv: 'AQIDBAUGBwgJCgsM',
  },
];

const output = { streams: [] as unknown[], large: {} as unknown, metas: [] as unknown[] };
for (const input of streams) {
  const keys = await deriveKeys(input.key, input.password);
  const stream = await encryptFileBytes(keys, fromBase64Url(input.plaintext), {
    fileIndex: input.fileIndex,
    chunkSize: input.chunkSize,
    random: queue(input.salt, input.noncePrefix),
  });
  output.streams.push({ ...input, stream: toBase64Url(stream) });
}
{
  const keys = await deriveKeys(large.key, large.password);
  const stream = await encryptFileBytes(keys, pattern(large.plaintextLength), {
    fileIndex: large.fileIndex,
    chunkSize: large.chunkSize,
    random: queue(large.salt, large.noncePrefix),
  });
  output.large = { ...large, streamLength: stream.length, streamSha256: await sha256(stream) };
}
for (const input of metas) {
  const keys = await deriveKeys(input.key, input.password);
  output.metas.push({
    ...input,
    envelope: await sealFileMeta(keys, input.fileIndex, input.meta, fromBase64Url(input.iv)),
  });
}
fs.writeFileSync(
  new URL('../src/shared/crypto/file-vectors.json', import.meta.url),
  JSON.stringify(output, null, 2) + '\n',
);
console.log(`wrote ${output.streams.length} stream vectors, 1 large vector and ${output.metas.length} meta vectors`);
