import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './bytes.js';
import { decryptText, deriveKeys, encryptText, generateKey } from './envelope.js';
import { decryptFileBytes, encryptFileBytes } from './file-transform.js';
import {
  checkPinnedKey,
  createRequestKeyPair,
  deriveDetailsKey,
  generateInboxKey,
  openResponseKey,
  publicKeyFingerprint,
  sealResponseKey,
  unwrapPrivateKey,
  wrapPrivateKey,
} from './request-keys.js';
import vectors from './request-vectors.json' with { type: 'json' };

const hex = (text: string) => Uint8Array.from(text.match(/../g)!.map((byte) => parseInt(byte, 16)));
/** An X25519 private key from its 32 raw bytes (PKCS #8 is the one import format WebCrypto takes for it). */
const importPrivate = (rawHex: string) =>
  crypto.subtle.importKey('pkcs8', hex(`302e020100300506032b656e04220420${rawHex}`), { name: 'X25519' }, true, [
    'deriveBits',
  ]);
const publicOf = async (key: Awaited<ReturnType<typeof importPrivate>>) =>
  (await crypto.subtle.exportKey('jwk', key)).x!;
const REQUEST = 'RqAbCdEfGhIjKlMnOpQrSt';

/** A requester with a request, and a responder's sealed text: the whole exchange of REQUESTS.md. */
async function exchange(text: string, requestId = REQUEST) {
  const requester = await createRequestKeyPair();
  const inboxKey = generateInboxKey();
  const wrapped = await wrapPrivateKey(requester.privateKey, inboxKey, requestId);
  const sealed = await sealResponseKey(requester.publicKey, requestId);
  const envelope = await encryptText(await deriveKeys(sealed.key), 'text', text);
  return { requester, inboxKey, wrapped, sealed, envelope };
}

describe('request crypto: the vectors', () => {
  it('X25519 is RFC 7748: the test keys give the RFC’s public keys and shared secret', async () => {
    const requester = await importPrivate(vectors.requesterPrivateHex);
    const ephemeral = await importPrivate(vectors.ephemeralPrivateHex);
    expect(await publicOf(requester)).toBe(vectors.requesterPublic);
    expect(await publicOf(ephemeral)).toBe(vectors.ephemeralPublic);
    const peer = await crypto.subtle.importKey(
      'raw',
      fromBase64Url(vectors.ephemeralPublic),
      { name: 'X25519' },
      false,
      [],
    );
    const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'X25519', public: peer }, requester, 256));
    expect(shared).toEqual(hex(vectors.sharedSecretHex));
  });

  it('reproduces the fingerprint, the response key and the text envelope byte for byte', async () => {
    expect(await publicKeyFingerprint(vectors.requesterPublic)).toBe(vectors.fingerprint);
    const ephemeral = {
      privateKey: await importPrivate(vectors.ephemeralPrivateHex),
      publicKey: vectors.ephemeralPublic,
    };
    const sealed = await sealResponseKey(vectors.requesterPublic, vectors.requestId, ephemeral);
    expect(sealed).toEqual({ key: vectors.responseKey, ephemeralPublic: vectors.ephemeralPublic });
    const opened = await openResponseKey(
      await importPrivate(vectors.requesterPrivateHex),
      vectors.requesterPublic,
      vectors.ephemeralPublic,
      vectors.requestId,
    );
    expect(opened).toBe(vectors.responseKey);
    const keys = await deriveKeys(vectors.responseKey);
    expect(keys.keyProof).toBe(vectors.responseKeyProof);
    expect(await encryptText(keys, 'text', vectors.text, hex(vectors.textIvHex))).toBe(vectors.textEnvelope);
    expect(await decryptText(keys, 'text', vectors.textEnvelope)).toBe(vectors.text);
  });

  it('derives the details key from the inbox key (HKDF-SHA256, checked against node:crypto’s own HKDF)', async () => {
    expect(await deriveDetailsKey(vectors.inboxKey, vectors.requestId)).toBe(vectors.detailsKey);
    expect(await deriveDetailsKey(vectors.inboxKey, 'another-request-id-000')).not.toBe(vectors.detailsKey);
  });
});

describe('request crypto: properties', () => {
  it('any text round-trips: responder seals, requester unwraps its key with the inbox key and opens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (text) => {
        const { requester, inboxKey, wrapped, sealed, envelope } = await exchange(text);
        const privateKey = await unwrapPrivateKey(wrapped, inboxKey, REQUEST);
        const key = await openResponseKey(privateKey, requester.publicKey, sealed.ephemeralPublic, REQUEST);
        expect(key).toBe(sealed.key);
        expect(await decryptText(await deriveKeys(key), 'text', envelope)).toBe(text);
      }),
      { numRuns: 25 },
    );
  });

  it('files use the response key as any secret’s: the chunked stream round-trips', async () => {
    const { requester, inboxKey, wrapped, sealed } = await exchange('');
    const bytes = crypto.getRandomValues(new Uint8Array(3000));
    const stream = await encryptFileBytes(await deriveKeys(sealed.key), bytes, { fileIndex: 0, chunkSize: 1024 });
    const privateKey = await unwrapPrivateKey(wrapped, inboxKey, REQUEST);
    const key = await openResponseKey(privateKey, requester.publicKey, sealed.ephemeralPublic, REQUEST);
    expect(await decryptFileBytes(await deriveKeys(key), stream, { fileIndex: 0 })).toEqual(bytes);
  });

  it('a response moved to another request, or under a swapped ephemeral key, opens nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 60 }), async (text) => {
        const { requester, sealed, envelope } = await exchange(text);
        const elsewhere = await openResponseKey(
          requester.privateKey,
          requester.publicKey,
          sealed.ephemeralPublic,
          'another-request-id',
        );
        await expect(decryptText(await deriveKeys(elsewhere), 'text', envelope)).rejects.toThrow();
        const other = await createRequestKeyPair();
        const swapped = await openResponseKey(requester.privateKey, requester.publicKey, other.publicKey, REQUEST);
        await expect(decryptText(await deriveKeys(swapped), 'text', envelope)).rejects.toThrow();
      }),
      { numRuns: 10 },
    );
  });

  it('any changed byte of the response envelope is refused', async () => {
    const { sealed, envelope } = await exchange('do not change me');
    const keys = await deriveKeys(sealed.key);
    const body = fromBase64Url(envelope.slice('hush1.'.length));
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: body.length - 1 }), fc.integer({ min: 1, max: 255 }), async (at, flip) => {
        const changed = body.slice();
        changed[at]! ^= flip;
        await expect(decryptText(keys, 'text', `hush1.${toBase64Url(changed)}`)).rejects.toThrow();
      }),
      { numRuns: 50 },
    );
  });

  it('a wrong inbox key, another request’s id or a changed byte cannot unwrap the private key', async () => {
    const { wrapped, inboxKey } = await exchange('x');
    await expect(unwrapPrivateKey(wrapped, generateKey(), REQUEST)).rejects.toMatchObject({
      reason: 'wrong_inbox_key',
    });
    await expect(unwrapPrivateKey(wrapped, inboxKey, 'another-request-id')).rejects.toMatchObject({
      reason: 'wrong_inbox_key',
    });
    const bytes = fromBase64Url(wrapped.slice('hushrk1.'.length));
    bytes[20]! ^= 1;
    await expect(unwrapPrivateKey(`hushrk1.${toBase64Url(bytes)}`, inboxKey, REQUEST)).rejects.toMatchObject({
      reason: 'wrong_inbox_key',
    });
    await expect(unwrapPrivateKey('hushrk1.@@', inboxKey, REQUEST)).rejects.toMatchObject({ reason: 'malformed' });
    // Unwrapped, the key cannot be exported again: only used.
    const key = await unwrapPrivateKey(wrapped, inboxKey, REQUEST);
    expect(key.extractable).toBe(false);
  });

  it('the pinned fingerprint refuses a swapped public key; a malformed or low-order key is refused', async () => {
    const real = await createRequestKeyPair();
    const fake = await createRequestKeyPair();
    const pin = await publicKeyFingerprint(real.publicKey);
    await expect(checkPinnedKey(real.publicKey, pin)).resolves.toBeUndefined();
    await expect(checkPinnedKey(fake.publicKey, pin)).rejects.toMatchObject({ reason: 'key_mismatch' });
    await expect(sealResponseKey('short', REQUEST)).rejects.toMatchObject({ reason: 'invalid_public_key' });
    // The all-zero point gives an all-zero shared secret, which X25519 in WebCrypto refuses.
    await expect(sealResponseKey(toBase64Url(new Uint8Array(32)), REQUEST)).rejects.toMatchObject({
      reason: 'invalid_public_key',
    });
  });
});
