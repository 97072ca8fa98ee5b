import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { concatBytes } from '../../../../shared/crypto/bytes';
import { deriveKeys } from '../../../../shared/crypto/envelope';
import { openFileMeta } from '../../../../shared/crypto/file-meta';
import { decryptFileBytes } from '../../../../shared/crypto/file-transform';
import { openResponseKey, unwrapPrivateKey } from '../../../../shared/crypto/request-keys';
import { partCount } from '../../../../shared/rules/files';
import { installInProcessCryptoWorker } from '../../../test-utils/in-process-worker';
import type { NewResponse } from '../api/requests.types';
import { formOf, inDays, makeRequest, type MadeRequest } from '../requests.test-utils';
import { sendResponse } from './send-response';

let request: MadeRequest;
beforeAll(async () => {
  request = await makeRequest();
});
/** The tab's storage, watched: a response's upload must not be left there for the create page to resume. */
let tabStorage: Map<string, string>;
beforeEach(() => {
  installInProcessCryptoWorker();
  tabStorage = new Map();
  vi.stubGlobal('sessionStorage', {
    getItem: (name: string) => tabStorage.get(name) ?? null,
    setItem: (name: string, value: string) => void tabStorage.set(name, value),
    removeItem: (name: string) => void tabStorage.delete(name),
  });
});
afterEach(() => vi.unstubAllGlobals());

const RESPONSE_ID = 'ResponseResponseRespon';
const FILE_ID = 'FileFileFileFileFileFi';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** The respond route and the secrets' upload routes for one response with one file, keeping what arrives. */
function serveResponseWithFile() {
  const sent: { body?: NewResponse; parts: Map<number, Uint8Array>; complete: boolean } = {
    parts: new Map(),
    complete: false,
  };
  let file = { id: FILE_ID, size: 0, partSize: 0, parts: 0 };
  const status = () => ({
    id: RESPONSE_ID,
    complete: sent.complete,
    files: [{ ...file, received: [...sent.parts.keys()].sort((a, b) => a - b) }],
  });
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method === 'POST' && url.endsWith(`/requests/${request.id}/responses`)) {
      sent.body = JSON.parse(String(init.body)) as NewResponse;
      const [manifest] = sent.body.files as { size: number; partSize: number }[];
      file = { id: FILE_ID, ...manifest!, parts: partCount(manifest!.size, manifest!.partSize) };
      const upload = { token: 'upload-token', expiresAt: inDays(1), files: [status().files[0]!] };
      return json(201, {
        id: RESPONSE_ID,
        deleteToken: 'd'.repeat(43),
        expiresAt: inDays(7),
        receiptPath: `/receipt/${RESPONSE_ID}#${'d'.repeat(43)}`,
        upload,
      });
    }
    if (url.endsWith(`/secret/${RESPONSE_ID}/upload`)) return json(200, status());
    const part = /\/files\/[^/]+\/parts\/(\d+)$/.exec(url);
    if (method === 'PUT' && part) {
      const bytes = new Uint8Array(init.body as Uint8Array);
      sent.parts.set(Number(part[1]), bytes);
      return json(200, { fileId: FILE_ID, part: Number(part[1]), size: bytes.length });
    }
    if (method === 'POST' && url.endsWith('/upload/complete')) {
      sent.complete = true;
      return json(200, status());
    }
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

describe('sending a response with files', () => {
  it('seals the file under the response’s key, uploads it on the secrets’ path, and keeps nothing for a reload', async () => {
    const sent = serveResponseWithFile();
    const plain = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 7) & 255);
    const file = new File([plain], 'report ‮fdp.exe', { type: 'application/pdf', lastModified: 1 });
    const phases: string[] = [];
    const onPending = vi.fn();
    const created = await sendResponse(formOf(request, { allowFiles: true }), '', [file], (p) => phases.push(p), {
      signal: new AbortController().signal,
      onPending,
    });

    expect(created).toMatchObject({ id: RESPONSE_ID });
    expect(phases).toEqual(['encrypting', 'sending', 'uploading']);
    expect(sent.complete).toBe(true);
    expect(onPending).toHaveBeenCalledOnce();
    expect(tabStorage.size).toBe(0);

    const privateKey = await unwrapPrivateKey(request.sealed.wrappedKey, request.inboxKey, request.id);
    const key = await openResponseKey(privateKey, request.sealed.publicKey, sent.body!.ephemeralKey, request.id);
    const keys = await deriveKeys(key);
    const [manifest] = sent.body!.files as { meta: string }[];
    expect(await openFileMeta(keys, 0, manifest!.meta)).toEqual({
      name: 'report ‮fdp.exe',
      type: 'application/pdf',
      size: plain.length,
    });
    const stream = concatBytes(...[...sent.parts.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => bytes));
    expect(await decryptFileBytes(keys, stream, { fileIndex: 0 })).toEqual(plain);
  });
});
