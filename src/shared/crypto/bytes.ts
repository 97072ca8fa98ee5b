const encoder = new TextEncoder();
// ignoreBOM: a text that begins with U+FEFF keeps it, so what was sealed is what opens, byte for byte.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);
export const fromUtf8 = (bytes: Uint8Array): string => decoder.decode(bytes);

export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// Every 12-bit value as its two base64url characters: three bytes become two table lookups.
const PAIRS = Array.from({ length: 4096 }, (_, n) => ALPHABET[n >> 6]! + ALPHABET[n & 63]!);

/** base64url without padding; the same in the browser and Node, and fast for a 1 MiB secret. */
export function toBase64Url(bytes: Uint8Array): string {
  const parts: string[] = [];
  const whole = bytes.length - (bytes.length % 3);
  for (let start = 0; start < whole; start += 3 * 4096) {
    let chunk = '';
    const end = Math.min(whole, start + 3 * 4096);
    for (let i = start; i < end; i += 3) {
      const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
      chunk += PAIRS[n >> 12]! + PAIRS[n & 4095]!;
    }
    parts.push(chunk);
  }
  const left = bytes.length - whole;
  if (left > 0) {
    const n = (bytes[whole]! << 16) | ((left === 2 ? bytes[whole + 1]! : 0) << 8);
    parts.push((PAIRS[n >> 12]! + PAIRS[n & 4095]!).slice(0, left + 1));
  }
  return parts.join('');
}

/** Strict base64url decoding: any other character, an impossible length or a non-canonical ending throws. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('invalid base64url character');
  const rest = text.length % 4;
  if (rest === 1) throw new Error('invalid base64url length');
  // Leftover bits must be zero: otherwise two texts would decode to the same bytes and a change could go unseen.
  if (rest > 0) {
    const last = ALPHABET.indexOf(text[text.length - 1]!);
    if ((last & (rest === 2 ? 0x0f : 0x03)) !== 0) throw new Error('non-canonical base64url');
  }
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - rest) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}
