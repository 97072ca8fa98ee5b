// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  dropLinkKey,
  forgetInboxKey,
  inboxKeyFor,
  linkKeyFor,
  noteLinkKey,
  saveInboxKey,
  takeInboxLinkFromAddress,
} from './inbox-keys';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const KEY = 'k'.repeat(42) + 'A';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('the inbox keys this browser keeps', () => {
  it('keeps one key per request in localStorage, and forgets it on its own', () => {
    saveInboxKey(ID, KEY);
    saveInboxKey('OtherOtherOtherOtherOt', 'o'.repeat(43));
    expect(JSON.parse(localStorage.getItem('hush.requestInboxKeys')!)).toEqual({
      [ID]: KEY,
      OtherOtherOtherOtherOt: 'o'.repeat(43),
    });
    forgetInboxKey(ID);
    expect(inboxKeyFor(ID)).toBeNull();
    expect(inboxKeyFor('OtherOtherOtherOtherOt')).toBe('o'.repeat(43));
  });

  it('reads damaged storage as no keys at all', () => {
    localStorage.setItem('hush.requestInboxKeys', '{not json');
    expect(inboxKeyFor(ID)).toBeNull();
    localStorage.setItem('hush.requestInboxKeys', JSON.stringify({ [ID]: 42 }));
    expect(inboxKeyFor(ID)).toBeNull();
  });

  it('notes an inbox link’s key for its request only, in the tab, until it is tried', () => {
    noteLinkKey(ID, KEY);
    expect(linkKeyFor(ID)).toBe(KEY);
    expect(linkKeyFor('OtherOtherOtherOtherOt')).toBeNull();
    expect(localStorage.length).toBe(0);
    dropLinkKey();
    expect(linkKeyFor(ID)).toBeNull();
  });

  it('takes an inbox link’s key out of the address bar at start-up, keeping the page', () => {
    history.replaceState({ idx: 0 }, '', `/account/requests/${ID}?x=1#inbox=${KEY}`);
    takeInboxLinkFromAddress();
    expect(location.pathname + location.search + location.hash).toBe(`/account/requests/${ID}?x=1`);
    expect(history.state).toEqual({ idx: 0 });
    expect(linkKeyFor(ID)).toBe(KEY);
  });

  it('leaves any other address alone', () => {
    history.replaceState(null, '', `/secret/${ID}#encryption_key=${KEY}`);
    takeInboxLinkFromAddress();
    expect(location.hash).toBe(`#encryption_key=${KEY}`);
    expect(sessionStorage.length).toBe(0);
  });
});
