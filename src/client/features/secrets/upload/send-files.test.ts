import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { burnSecret } from '../api/secrets.api';
import { partDigest } from '../../../../shared/crypto/file-parts';
import { unlockUpload, type UploadCrypto } from '../crypto/crypto-client';
import { createFakeUploadServer } from './fake-upload-server.test-utils';
import { FileChangedError, type PendingUpload } from '../model';
import { discardUpload, resumeUpload } from './send-files';

vi.mock('../crypto/crypto-client', () => ({ unlockUpload: vi.fn() }));
vi.mock('../api/secrets.api', () => ({ burnSecret: vi.fn() }));

const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const PART = 64 * 1024;
const FILE_ID = 'f'.repeat(22);
const original = Uint8Array.from({ length: 3 * PART - 100 }, (_, i) => (i * 11) & 255);

/** A worker stand-in whose "ciphertext" is the file itself: enough to see which bytes are sent. */
function fakeCrypto(): UploadCrypto & { released: boolean } {
  let file: Blob | null = null;
  const crypto = {
    released: false,
    openFile: async (_index: number, blob: Blob) => void (file = blob),
    encryptPart: async (_index: number, part: number, partSize: number) => {
      const bytes = new Uint8Array(await file!.slice((part - 1) * partSize, part * partSize).arrayBuffer());
      return { bytes, digest: await partDigest(bytes) };
    },
    release: () => void (crypto.released = true),
  };
  return crypto;
}

async function pendingUpload(): Promise<PendingUpload> {
  return {
    version: 1,
    secret: {
      id: SECRET,
      key: 'k'.repeat(43),
      deleteToken: 'd'.repeat(43),
      expiresAt: '2030-01-02T00:00:00Z',
      isPublic: false,
      maxViews: 1,
      preventBurn: false,
      files: [{ name: 'a.bin', size: original.length }],
    },
    password: 'pw',
    token: 'upload-token',
    expiresAt: '2030-01-01T00:00:00Z',
    files: [
      {
        fileId: FILE_ID,
        name: 'a.bin',
        type: '',
        size: original.length,
        lastModified: 1,
        header: 'AQAQAAA',
        // Part 1 arrived; part 2 was on its way when the page was reloaded.
        sent: { 1: await partDigest(original.slice(0, PART)), 2: await partDigest(original.slice(PART, 2 * PART)) },
      },
    ],
  };
}

let server: ReturnType<typeof createFakeUploadServer>;
let crypto: ReturnType<typeof fakeCrypto>;
const run = () => ({ signal: new AbortController().signal, wait: async () => undefined });

beforeEach(() => {
  server = createFakeUploadServer(SECRET, 'upload-token', [{ id: FILE_ID, size: original.length, partSize: PART }]);
  server.hold(0, 1, original.slice(0, PART));
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
  crypto = fakeCrypto();
  vi.mocked(unlockUpload).mockResolvedValue(crypto);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('resuming an upload', () => {
  it('derives the keys again from the key and password, sends the missing parts and completes', async () => {
    const pending = await pendingUpload();
    const secret = await resumeUpload(pending, [new Blob([original])], run());
    expect(unlockUpload).toHaveBeenCalledWith('k'.repeat(43), 'pw');
    expect(server.state.puts).toEqual(['0:2', '0:3']);
    expect(server.stored(0)).toEqual(original);
    expect(server.isComplete()).toBe(true);
    // The result shows the password again with the link.
    expect(secret).toEqual({ ...pending.secret, password: 'pw' });
    expect(crypto.released).toBe(true);
  });

  it('shows the parts going out from what the server held, never below it, until all is stored', async () => {
    const sent: number[] = [];
    await resumeUpload(await pendingUpload(), [new Blob([original])], {
      ...run(),
      concurrency: 1,
      onProgress: (counts) => sent.push(counts.sent[0]!),
    });
    const last = original.length - 2 * PART;
    expect(sent).toEqual([
      PART,
      PART + PART / 2,
      2 * PART,
      2 * PART,
      2 * PART + Math.floor(last / 2),
      original.length,
      original.length,
    ]);
  });

  it('stops before sending a part begun earlier when the chosen file now gives other bytes', async () => {
    const changed = original.slice();
    changed[PART + 5] = (changed[PART + 5]! + 1) & 255;
    const error = await resumeUpload(await pendingUpload(), [new Blob([changed])], run()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileChangedError);
    expect(server.state.puts).not.toContain('0:2');
    expect(server.isComplete()).toBe(false);
    expect(crypto.released).toBe(true);
  });

  it('after a cancel, a part that finishes encrypting late is neither noted for a resume nor sent', async () => {
    const pending = await pendingUpload();
    const controller = new AbortController();
    const encrypt = crypto.encryptPart;
    crypto.encryptPart = async (...args) => {
      const made = await encrypt(...args);
      controller.abort(); // the user cancelled while the worker was busy
      return made;
    };
    const upload = resumeUpload(pending, [new Blob([original])], { signal: controller.signal, wait: async () => {} });
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(Object.keys(pending.files[0]!.sent)).toEqual(['1', '2']);
    expect(server.state.puts).toEqual([]);
  });
});

describe('discarding an upload', () => {
  it('burns the secret with its delete token, and a failed burn is left to the server’s sweep', async () => {
    vi.mocked(burnSecret).mockRejectedValueOnce(new Error('offline'));
    await expect(discardUpload(await pendingUpload())).resolves.toBeUndefined();
    expect(burnSecret).toHaveBeenCalledWith(SECRET, { deleteToken: 'd'.repeat(43) });
  });
});
