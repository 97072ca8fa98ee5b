import { describe, expect, it } from 'vitest';
import { FileChangedError, type PendingUpload } from '../model';
import { clearPending, loadPending, matchFiles, notePartDigest, savePending } from './pending-upload';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    size: () => map.size,
  };
}

const NOW = Date.parse('2030-01-01T12:00:00Z');
const pending = (): PendingUpload => ({
  version: 1,
  secret: {
    id: 'AbCdEfGhIjKlMnOpQrStUv',
    key: 'k'.repeat(43),
    deleteToken: 'd'.repeat(43),
    expiresAt: '2030-01-02T12:00:00Z',
    isPublic: false,
    maxViews: 1,
    preventBurn: false,
    files: [{ name: 'a.txt', size: 10 }],
  },
  password: null,
  token: 'upload-token',
  expiresAt: '2030-01-01T13:00:00Z',
  files: [
    { fileId: 'f'.repeat(22), name: 'a.txt', type: 'text/plain', size: 10, lastModified: 5, header: 'h', sent: {} },
    { fileId: 'g'.repeat(22), name: 'a.txt', type: 'text/plain', size: 10, lastModified: 6, header: 'h', sent: {} },
  ],
});

describe('the pending upload in the tab’s storage', () => {
  it('is saved, found again, and removed', () => {
    const store = memoryStore();
    savePending(pending(), store);
    expect(loadPending(NOW, store)).toEqual(pending());
    clearPending(store);
    expect(loadPending(NOW, store)).toBeNull();
  });

  it('is dropped once the server would have deleted it, or when it cannot be read', () => {
    const store = memoryStore();
    savePending(pending(), store);
    expect(loadPending(Date.parse('2030-01-01T13:00:01Z'), store)).toBeNull();
    expect(store.size()).toBe(0);
    store.setItem('hush.pendingUpload', '{not json');
    expect(loadPending(NOW, store)).toBeNull();
    store.setItem('hush.pendingUpload', JSON.stringify({ ...pending(), version: 2 }));
    expect(loadPending(NOW, store)).toBeNull();
    expect(store.size()).toBe(0);
  });

  it('keeps working without storage (disabled or full)', () => {
    const failing = {
      ...memoryStore(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => savePending(pending(), failing)).not.toThrow();
    expect(() => savePending(pending(), null)).not.toThrow();
    expect(loadPending(NOW, null)).toBeNull();
  });
});

describe('part digests', () => {
  it('are noted when a part begins to be sent, and the same part may be sent again', () => {
    const store = memoryStore();
    const upload = pending();
    notePartDigest(upload, 1, 3, 'digest-3', store);
    notePartDigest(upload, 1, 3, 'digest-3', store);
    expect(loadPending(NOW, store)?.files[1]?.sent).toEqual({ 3: 'digest-3' });
  });

  it('refuse other bytes for a part begun before: the file changed, and nonces must not be reused', () => {
    const store = memoryStore();
    const upload = pending();
    notePartDigest(upload, 0, 1, 'before', store);
    expect(() => notePartDigest(upload, 0, 1, 'after', store)).toThrow(FileChangedError);
    expect(upload.files[0]?.sent[1]).toBe('before');
    expect(loadPending(NOW, store)?.files[0]?.sent[1]).toBe('before');
  });
});

describe('finding the files again', () => {
  it('matches by name, size and last-modified time, in the upload’s order', () => {
    const file = (name: string, size: number, lastModified: number) => ({ name, size, lastModified });
    const chosen = [file('a.txt', 10, 6), file('a.txt', 11, 5), file('b.txt', 10, 5)];
    expect(matchFiles(pending(), chosen)).toEqual([null, chosen[0]]);
    expect(matchFiles(pending(), [...chosen, file('a.txt', 10, 5)])).toEqual([file('a.txt', 10, 5), chosen[0]]);
  });
});
