import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './bytes.js';
import { sealSecretWithKeys, unsealSecret } from './seal.js';
import {
  decryptContent,
  decryptText,
  deriveKeys,
  encryptBytes,
  encryptText,
  EnvelopeError,
  envelopeNeedsPassword,
  generateKey,
  parseEnvelope,
  type EnvelopeField,
  type KdfParams,
} from './envelope.js';
import vectors from './vectors.json' with { type: 'json' };

// Property runs use a cheap argon2id cost; the header records it, and the vectors below use the real v1 cost.
const LIGHT: KdfParams = { memoryKiB: 64, iterations: 1, parallelism: 1 };

describe('envelope v1 test vectors', () => {
  it.each(vectors)('reproduces the committed $field vector (password: $password)', async (vector) => {
    const keys = await deriveKeys(vector.key, vector.password);
    const field = vector.field as EnvelopeField;
    const iv = fromBase64Url(vector.iv);
    expect(keys.keyProof).toBe(vector.keyProof);
    expect(keys.passwordVerifier).toBe(vector.passwordVerifier);
    if (vector.plaintextBase64 !== undefined) {
      // A text that is no UTF-8: bytes in, the same bytes out (no text).
      const bytes = fromBase64Url(vector.plaintextBase64);
      expect(await encryptBytes(keys, field, bytes, iv)).toBe(vector.envelope);
      expect(await decryptContent(keys, field, vector.envelope)).toEqual({ text: null, bytes });
      return;
    }
    expect(await encryptText(keys, field, vector.plaintext, iv)).toBe(vector.envelope);
    expect(await decryptText(keys, field, vector.envelope)).toBe(vector.plaintext);
  });

  it('NFKC-normalises passwords: a ligature and its letters open the same secret', async () => {
    const vector = vectors[3]!;
    const keys = await deriveKeys(vector.key, vector.password!.replace('ﬁ', 'fi'));
    expect(await decryptText(keys, 'text', vector.envelope)).toBe(vector.plaintext);
  });
});

describe('a text that is not UTF-8 (binary content)', () => {
  it('opens as its bytes; a UTF-8 text opens as its text, a byte-order mark and final line break kept', async () => {
    const keys = await deriveKeys(generateKey());
    const bytes = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x00]);
    expect(await decryptContent(keys, 'text', await encryptBytes(keys, 'text', bytes))).toEqual({ text: null, bytes });
    const text = '\uFEFFline\r\n';
    expect(await decryptContent(keys, 'text', await encryptText(keys, 'text', text))).toEqual({ text });
  });

  it('a secret sealed from bytes unseals to those bytes, its title as text', async () => {
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xfe]);
    const { keys, fields } = await sealSecretWithKeys({ text: bytes, title: 'photo.png' });
    expect(await unsealSecret(keys, fields)).toEqual({ text: null, bytes, title: 'photo.png' });
  });
});

describe('envelope v1 properties', () => {
  it('round-trips any text with any password', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.option(fc.string({ minLength: 1 })),
        async (text, password) => {
          const key = generateKey();
          const envelope = await encryptText(await deriveKeys(key, password, LIGHT), 'text', text);
          expect(await decryptText(await deriveKeys(key, password, LIGHT), 'text', envelope)).toBe(text);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('detects any single changed character of an envelope', async () => {
    const key = generateKey();
    const keys = await deriveKeys(key, null);
    const envelope = await encryptText(keys, 'text', 'the launch codes');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    await fc.assert(
      fc.asyncProperty(fc.nat(envelope.length - 1), fc.constantFrom(...alphabet), async (at, replacement) => {
        fc.pre(envelope[at] !== replacement);
        const tampered = envelope.slice(0, at) + replacement + envelope.slice(at + 1);
        await expect(decryptText(keys, 'text', tampered)).rejects.toBeInstanceOf(EnvelopeError);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a wrong key, a wrong password and a swapped field', async () => {
    const key = generateKey();
    const keys = await deriveKeys(key, 'right', LIGHT);
    const envelope = await encryptText(keys, 'title', 'x');
    await expect(decryptText(await deriveKeys(generateKey(), 'right', LIGHT), 'title', envelope)).rejects.toThrow(
      /wrong key or password/,
    );
    await expect(decryptText(await deriveKeys(key, 'wrong', LIGHT), 'title', envelope)).rejects.toThrow(EnvelopeError);
    await expect(decryptText(keys, 'text', envelope)).rejects.toThrow(EnvelopeError);
  });
});

describe('envelope format', () => {
  it('names an unknown version clearly', () => {
    expect(() => parseEnvelope('hush2.AAAA')).toThrow(/version 2 is not supported/);
  });

  it('rejects text that is not an envelope, and truncated envelopes', async () => {
    expect(() => parseEnvelope('hello')).toThrow(/not a Hush envelope/);
    const envelope = await encryptText(await deriveKeys(generateKey()), 'text', 'abc');
    expect(() => parseEnvelope(envelope.slice(0, 20))).toThrow(EnvelopeError);
  });

  it('records whether a password is needed', async () => {
    const key = generateKey();
    expect(envelopeNeedsPassword(await encryptText(await deriveKeys(key), 'text', 'a'))).toBe(false);
    expect(envelopeNeedsPassword(await encryptText(await deriveKeys(key, 'pw', LIGHT), 'text', 'a'))).toBe(true);
  });

  it('the verifier and the key proof differ, and neither reveals the key', async () => {
    const key = generateKey();
    const keys = await deriveKeys(key, 'pw', LIGHT);
    expect(keys.keyProof).not.toBe(keys.passwordVerifier);
    expect([keys.keyProof, keys.passwordVerifier]).not.toContain(key);
    expect((await deriveKeys(key, null)).keyProof).toBe(keys.keyProof);
  });

  it('refuses a key of the wrong length', async () => {
    await expect(deriveKeys('abc')).rejects.toThrow(/not valid/);
  });
});

describe('base64url', () => {
  it('round-trips any bytes and matches Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(fromBase64Url(text)).toEqual(bytes);
      }),
    );
  });

  it('rejects foreign characters and non-canonical endings', () => {
    expect(() => fromBase64Url('ab+c')).toThrow();
    expect(() => fromBase64Url('AB')).toThrow(/non-canonical/);
  });
});
