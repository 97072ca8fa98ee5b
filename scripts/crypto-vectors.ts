// Writes src/shared/crypto/vectors.json: fixed inputs and the envelopes, verifiers and proofs that envelope v1
// makes of them. Once committed, they pin the format: tests in Node and in the browser must reproduce them.
import fs from 'node:fs';
import { fromBase64Url } from '../src/shared/crypto/bytes.js';
import { deriveKeys, encryptBytes, encryptText, type EnvelopeField } from '../src/shared/crypto/envelope.js';

// A text is a plaintext string (UTF-8), or bytes that are no UTF-8 (plaintextBase64: a binary content).
type Input = { key: string; password: string | null; field: EnvelopeField; iv: string } & (
  { plaintext: string } | { plaintextBase64: string }
);

const inputs: Input[] = [
  {
    key: 'A'.repeat(43),
    password: null,
    field: 'text',
    plaintext: 'correct horse battery staple',
    iv: 'AAAAAAAAAAAAAAAA',
  },
  {
    key: 'hushhushhushhushhushhushhushhushhushhushhus',
    password: null,
    field: 'title',
    plaintext: 'Database',
    iv: 'AQIDBAUGBwgJCgsM',
  },
  {
    key: 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmE',
    password: 'hunter2',
    field: 'text',
    plaintext: 'API key: sk-123',
    iv: 'DAsKCQgHBgUEAwIB',
  },
  {
    key: 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmE',
    password: 'ﬁlm ünïcödé 🔑',
    field: 'text',
    plaintext: 'שלום 世界 🌍',
    iv: '____________' + 'AAAA',
  },
  {
    key: 'hushhushhushhushhushhushhushhushhushhushhus',
    password: null,
    field: 'text',
    // A JPEG's first bytes, NUL bytes, a cut two-byte sequence and an encoded surrogate: no UTF-8.
    plaintextBase64: '_9j_4AAQSkZJRgABAQAAAQABAADDKO2ggAA',
    iv: 'AAECAwQFBgcICQoL',
  },
];

const vectors = [];
for (const input of inputs) {
  const keys = await deriveKeys(input.key, input.password);
  vectors.push({
    ...input,
    envelope:
      'plaintext' in input
        ? await encryptText(keys, input.field, input.plaintext, fromBase64Url(input.iv))
        : await encryptBytes(keys, input.field, fromBase64Url(input.plaintextBase64), fromBase64Url(input.iv)),
    keyProof: keys.keyProof,
    passwordVerifier: keys.passwordVerifier,
  });
}
fs.writeFileSync(
  new URL('../src/shared/crypto/vectors.json', import.meta.url),
  JSON.stringify(vectors, null, 2) + '\n',
);
console.log(`wrote ${vectors.length} vectors`);
