import { describe, expect, it } from 'vitest';
import { readReceiptLink } from './links.js';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const TOKEN = '-t'.repeat(21) + 't';

describe('a receipt link', () => {
  it('gives its id, delete token and server, below a path too', () => {
    expect(readReceiptLink(`https://hush.example.com/receipt/${ID}#${TOKEN}`)).toEqual({
      id: ID,
      deleteToken: TOKEN,
      server: 'https://hush.example.com',
    });
    expect(readReceiptLink(`https://example.com/tools/hush/receipt/${ID}#${TOKEN}`).server).toBe(
      'https://example.com/tools/hush',
    );
  });

  it('a secret link, a cut token, a path alone or no link: usage errors that say which', () => {
    expect(() => readReceiptLink(`https://hush.example.com/secret/${ID}#encryption_key=${TOKEN}`)).toThrow(
      'This is the secret link',
    );
    expect(() => readReceiptLink(`https://hush.example.com/receipt/${ID}#${TOKEN.slice(1)}`)).toThrow(
      'The receipt link is incomplete or damaged',
    );
    expect(() => readReceiptLink(`/receipt/${ID}#${TOKEN}`)).toThrow('is not a link');
    expect(() => readReceiptLink(`https://hush.example.com/receipt/x#${TOKEN}`)).toThrow('is not a Hush receipt link');
    expect(() => readReceiptLink(`ftp://hush.example.com/receipt/${ID}#${TOKEN}`)).toThrow(
      'must be an http:// or https:// address',
    );
  });
});
