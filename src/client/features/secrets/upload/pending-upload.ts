import { FileChangedError, type PendingUpload } from '../model';

/** The tab's pending upload (model.ts), kept in sessionStorage until it completes or is given up. */

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
/** Where a pending upload is kept; null keeps it nowhere (an upload that is not to be resumed after a reload). */
export type PendingStore = Store | null;

const STORAGE_KEY = 'hush.pendingUpload';
const tabStorage = (): Store | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

export function savePending(pending: PendingUpload, store = tabStorage()): void {
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Storage full or disabled: the upload goes on, it just cannot be resumed after a reload.
  }
}

export function clearPending(store = tabStorage()): void {
  store?.removeItem(STORAGE_KEY);
}

/** The pending upload of this tab, or null (none, unreadable, or past its expiry: then it is removed). */
export function loadPending(now = Date.now(), store = tabStorage()): PendingUpload | null {
  let value: unknown;
  try {
    value = JSON.parse(store?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    value = null;
  }
  const pending = value as PendingUpload | null;
  const usable =
    pending?.version === 1 &&
    typeof pending.secret?.key === 'string' &&
    typeof pending.token === 'string' &&
    Array.isArray(pending.files) &&
    Date.parse(pending.expiresAt) > now;
  if (usable) return pending;
  if (value !== null) clearPending(store);
  return null;
}

/**
 * Notes the digest of a part about to be sent; throws FileChangedError when the part was begun before with other
 * bytes, so that nothing different is ever sent under the same nonces.
 */
export function notePartDigest(
  pending: PendingUpload,
  fileIndex: number,
  part: number,
  digest: string,
  store = tabStorage(),
): void {
  const file = pending.files[fileIndex];
  if (!file) throw new RangeError(`No file ${fileIndex + 1} in this upload`);
  const before = file.sent[part];
  if (before === digest) return;
  if (before !== undefined) throw new FileChangedError(fileIndex);
  file.sent[part] = digest;
  savePending(pending, store);
}

interface Fingerprinted {
  name: string;
  size: number;
  lastModified: number;
}

const sameFile = (a: Fingerprinted, b: Fingerprinted) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** The chosen files in the upload's order, where they match one of its files (name, size, last modified). */
export function matchFiles<T extends Fingerprinted>(pending: PendingUpload, chosen: readonly T[]): (T | null)[] {
  return pending.files.map((file) => chosen.find((candidate) => sameFile(candidate, file)) ?? null);
}
