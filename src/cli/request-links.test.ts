import { describe, expect, it } from 'vitest';
import { readFillLink, readInboxLink } from './request-links.js';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const KEY = 'k'.repeat(43);
const PK = '-p'.repeat(21) + 'p';

describe('the links of a request', () => {
  it('a fill link gives its id, keys and server, below a path too', () => {
    expect(readFillLink(`https://hush.example.com/request/${ID}#key=${KEY}&pk=${PK}`)).toEqual({
      id: ID,
      detailsKey: KEY,
      fingerprint: PK,
      server: 'https://hush.example.com',
    });
    expect(readFillLink(`https://example.com/tools/hush/request/${ID}#key=${KEY}&pk=${PK}`).server).toBe(
      'https://example.com/tools/hush',
    );
  });

  it('an inbox link gives its id, key and server', () => {
    expect(readInboxLink(`http://127.0.0.1:3000/account/requests/${ID}#inbox=${KEY}`)).toEqual({
      id: ID,
      inboxKey: KEY,
      server: 'http://127.0.0.1:3000',
    });
    expect(readInboxLink(`https://example.com/hush/account/requests/${ID}#inbox=${KEY}`).server).toBe(
      'https://example.com/hush',
    );
  });

  it('one link given for the other, a cut fragment, or no link: usage errors that say which', () => {
    const fill = `https://hush.example.com/request/${ID}#key=${KEY}&pk=${PK}`;
    const inbox = `https://hush.example.com/account/requests/${ID}#inbox=${KEY}`;
    expect(() => readFillLink(inbox)).toThrow('This is an inbox link');
    expect(() => readInboxLink(fill)).toThrow('This is a fill link');
    expect(() => readFillLink(fill.split('&')[0]!)).toThrow('The request link is incomplete or damaged');
    expect(() => readFillLink(fill.slice(0, -1))).toThrow('The request link is incomplete or damaged');
    expect(() => readInboxLink(inbox.split('#')[0]!)).toThrow('The inbox link is incomplete or damaged');
    expect(() => readFillLink('not a link')).toThrow('is not a link');
    expect(() => readFillLink(`https://hush.example.com/secret/${ID}#encryption_key=${KEY}`)).toThrow(
      'is not a Hush request link',
    );
    expect(() => readFillLink(`ftp://hush.example.com/request/${ID}#key=${KEY}&pk=${PK}`)).toThrow(
      'must be an http:// or https:// address',
    );
  });
});
