// Runs in Chromium, bundled by esbuild with the project's own envelope code (see crypto-speed.ts): encrypts and
// decrypts one text, a number of times, and gives back the timings.
import { fromBase64Url, toBase64Url } from '../src/shared/crypto/bytes.js';
import { decryptText, deriveKeys, encryptText, generateKey, type SecretKeys } from '../src/shared/crypto/envelope.js';
import type { CryptoRun, CryptoRunOptions } from './crypto-speed.js';

/** Printable ASCII, so `bytes` characters are `bytes` bytes of UTF-8. */
function randomText(bytes: number): string {
  const data = new Uint8Array(bytes);
  for (let offset = 0; offset < bytes; offset += 65_536) {
    globalThis.crypto.getRandomValues(data.subarray(offset, Math.min(bytes, offset + 65_536)));
  }
  for (let i = 0; i < bytes; i++) data[i] = 32 + (data[i]! % 95);
  return new TextDecoder().decode(data);
}

async function once(text: string, password: string | null): Promise<CryptoRun> {
  const key = generateKey();
  const t0 = performance.now();
  const sealing = await deriveKeys(key, password);
  const t1 = performance.now();
  const envelope = await encryptText(sealing, 'text', text);
  const t2 = performance.now();
  const opening = await deriveKeys(key, password);
  const t3 = performance.now();
  const plain = await decryptText(opening, 'text', envelope);
  const t4 = performance.now();
  if (plain !== text) throw new Error('the decrypted text differs from the original');
  return {
    encryptMs: t2 - t0,
    decryptMs: t4 - t2,
    sealKdfMs: t1 - t0,
    openKdfMs: t3 - t2,
    envelopeChars: envelope.length,
    parts: await parts(sealing, text),
  };
}

/** The steps inside encryptText and decryptText, each timed alone (WebCrypto, and the envelope's own base64url). */
async function parts(keys: SecretKeys, text: string): Promise<CryptoRun['parts']> {
  const subtle = globalThis.crypto.subtle;
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const t0 = performance.now();
  const plaintext = new TextEncoder().encode(text);
  const t1 = performance.now();
  const ciphertext = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, keys.contentKey, plaintext));
  const t2 = performance.now();
  const encoded = toBase64Url(ciphertext);
  const t3 = performance.now();
  const decoded = fromBase64Url(encoded);
  const t4 = performance.now();
  await subtle.decrypt({ name: 'AES-GCM', iv }, keys.contentKey, decoded);
  const t5 = performance.now();
  return {
    utf8Ms: t1 - t0,
    aesEncryptMs: t2 - t1,
    base64EncodeMs: t3 - t2,
    base64DecodeMs: t4 - t3,
    aesDecryptMs: t5 - t4,
  };
}

async function run(options: CryptoRunOptions): Promise<CryptoRun[]> {
  const text = randomText(options.bytes);
  await once(text, options.password); // warm-up: WebAssembly compile, JIT
  const runs: CryptoRun[] = [];
  for (let i = 0; i < options.runs; i++) runs.push(await once(text, options.password));
  return runs;
}

(globalThis as { hushCryptoBench?: typeof run }).hushCryptoBench = run;
