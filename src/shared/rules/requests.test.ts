import { describe, expect, it } from 'vitest';
import { absoluteLink, fillPath, inboxPath, isNewRequestId, parseFillLink, parseInboxLink } from './requests.js';

const ID = 'xh72IxT184XCc1BI-pbn4g';
const KEY = 'nLVPr9FKeofhtu1myDE44gYHYkcl6Ooaa1U2vTEhoXQ';
const PIN = 'hEYH7DCpwVxt8madmqC0RjQdAJUcM00L7LMjxevoDuY';

describe('request links (REQUESTS.md)', () => {
  it('a fill link and an inbox link read back what they were built from, as paths and as absolute links', () => {
    expect(fillPath(ID, KEY, PIN)).toBe(`/request/${ID}#key=${KEY}&pk=${PIN}`);
    expect(parseFillLink(fillPath(ID, KEY, PIN))).toEqual({ id: ID, detailsKey: KEY, fingerprint: PIN });
    const absolute = absoluteLink('https://hush.example.com/', inboxPath(ID, KEY));
    expect(absolute).toBe(`https://hush.example.com/account/requests/${ID}#inbox=${KEY}`);
    expect(parseInboxLink(absolute)).toEqual({ id: ID, inboxKey: KEY });
    // Below a path prefix (a server behind /hush/), and with the fragment's parts in another order.
    expect(parseFillLink(`https://example.com/hush/request/${ID}#pk=${PIN}&key=${KEY}`)).toEqual({
      id: ID,
      detailsKey: KEY,
      fingerprint: PIN,
    });
  });

  it('a missing or malformed key is null, so the page can say the link is incomplete', () => {
    expect(parseFillLink(`/request/${ID}`)).toEqual({ id: ID, detailsKey: null, fingerprint: null });
    expect(parseFillLink(`/request/${ID}#key=${KEY.slice(1)}&pk=${PIN}`)).toEqual({
      id: ID,
      detailsKey: null,
      fingerprint: PIN,
    });
    expect(parseInboxLink(`/account/requests/${ID}#inbox=not-a-key`)).toEqual({ id: ID, inboxKey: null });
    expect(inboxPath(ID)).toBe(`/account/requests/${ID}`);
  });

  it('anything else is not a request link', () => {
    for (const link of [
      `/secret/${ID}#key=${KEY}`,
      `/request/${ID}/more#key=${KEY}`,
      '/request/too-short#key=x',
      '/account/requests/new',
      `/account/requests/${ID}x`,
      `/requests/${ID}#inbox=${KEY}`,
      'http://[bad',
      `/request/%E0%A4%A#key=${KEY}`,
    ]) {
      expect([link, parseFillLink(link) ?? parseInboxLink(link)]).toEqual([link, null]);
    }
    // Each kind reads only its own links.
    expect(parseInboxLink(fillPath(ID, KEY, PIN))).toBeNull();
    expect(parseFillLink(inboxPath(ID, KEY))).toBeNull();
  });
});

describe('a new request id (issue 29.7)', () => {
  it('is 16 bytes in canonical base64url that look drawn at random', () => {
    expect(isNewRequestId(ID)).toBe(true);
    for (const id of [
      'AAAAAAAAAAAAAAAAAAAAAA',
      '0000000000000000000001',
      'abcabcabcabcabcabcabcA',
      `${ID.slice(0, 21)}h`,
      ID.slice(0, 21),
      `${ID}A`,
      `${ID.slice(0, 21)}=`,
    ])
      expect(isNewRequestId(id), id).toBe(false);
  });
});
