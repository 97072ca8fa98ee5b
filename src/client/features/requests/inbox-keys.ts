import { parseInboxLink } from '../../../shared/rules/requests';

/**
 * Where this browser keeps the inbox keys of its user's requests (REQUESTS.md): a map of request id to inbox key in
 * localStorage, so the inbox decrypts titles and responses without the inbox link. The key opens nothing without the
 * account's session (the server hands the wrapped key to its owner only); deleting a request forgets its key.
 *
 * An inbox link opened here (another device, or after a sign-in) leaves its key in the tab's session storage first:
 * the inbox page keeps it only once it has opened the request's private key with it, so a damaged link never
 * replaces a key that works.
 */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const INBOX_KEYS = 'hush.requestInboxKeys';
const LINK_KEY = 'hush.requestInboxLinkKey';

const browserStorage = (): Store | null => (typeof localStorage === 'undefined' ? null : localStorage);
const tabStorage = (): Store | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

function readJson(store: Store | null, name: string): unknown {
  try {
    return JSON.parse(store?.getItem(name) ?? 'null');
  } catch {
    return null;
  }
}

function readKeys(store: Store | null): Record<string, string> {
  const value = readJson(store, INBOX_KEYS);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function writeKeys(keys: Record<string, string>, store: Store | null): void {
  try {
    store?.setItem(INBOX_KEYS, JSON.stringify(keys));
  } catch {
    // Storage full or disabled: the inbox link still opens the request, on each visit.
  }
}

export const inboxKeyFor = (id: string, store = browserStorage()): string | null => readKeys(store)[id] ?? null;

export function saveInboxKey(id: string, key: string, store = browserStorage()): void {
  writeKeys({ ...readKeys(store), [id]: key }, store);
}

export function forgetInboxKey(id: string, store = browserStorage()): void {
  const { [id]: _gone, ...rest } = readKeys(store);
  writeKeys(rest, store);
}

/** The key of an inbox link opened in this tab and not tried yet, when it is for request `id`. */
export function linkKeyFor(id: string, store = tabStorage()): string | null {
  const value = readJson(store, LINK_KEY) as { id?: unknown; key?: unknown } | null;
  return value?.id === id && typeof value.key === 'string' ? value.key : null;
}

export function noteLinkKey(id: string, key: string, store = tabStorage()): void {
  try {
    store?.setItem(LINK_KEY, JSON.stringify({ id, key }));
  } catch {
    // Without storage the key goes no further than this page: the link must be opened again.
  }
}

export const dropLinkKey = (store = tabStorage()): void => store?.removeItem(LINK_KEY);

/**
 * At start-up, before any page (and before the account area sends a signed-out visitor to /signin, which would lose
 * the fragment): an inbox link's key is noted and taken out of the address bar, history and bookmarks.
 */
export function takeInboxLinkFromAddress(location: Location = window.location, history: History = window.history) {
  const link = parseInboxLink(location.pathname + location.hash);
  if (!link?.inboxKey) return;
  noteLinkKey(link.id, link.inboxKey);
  history.replaceState(history.state, '', location.pathname + location.search);
}
