import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deriveKeys, generateKey, type SecretKeys } from '../../../../shared/crypto/envelope';
import { encryptFileBytes } from '../../../../shared/crypto/file-transform';
import { ApiError } from '../../../lib/api-client';
import { fetchAndDecrypt } from './download-file';

const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const plain = Uint8Array.from({ length: 2.5 * 1024 * 1024 + 7 }, (_, i) => (i * 29 + 1) & 255);
let keys: SecretKeys;
let stream: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  keys = await deriveKeys(generateKey());
  stream = await encryptFileBytes(keys, plain, { fileIndex: 1 });
});
afterEach(() => vi.unstubAllGlobals());

/** A server that answers /download with `body`, delivered in pieces of 100 KiB as a network would. */
function serve(body: Uint8Array) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
    const pieces = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += 100 * 1024) controller.enqueue(body.slice(at, at + 100 * 1024));
        controller.close();
      },
    });
    return new Response(pieces, { headers: { 'content-type': 'application/octet-stream' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const download = (onProgress?: (received: number) => void) =>
  fetchAndDecrypt({
    secretId: SECRET,
    downloadKey: 'dl-key',
    fileIndex: 1,
    fileKeys: keys.fileKeyMaterial,
    onProgress,
  });

describe('downloading a file', () => {
  it('posts the key and secret id, decrypts the stream as it arrives, and gives an octet-stream blob', async () => {
    const fetch = serve(stream);
    const progress: number[] = [];
    const blob = await download((received) => progress.push(received));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/download');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ key: 'dl-key', secretId: SECRET });
    expect(blob.type).toBe('application/octet-stream');
    const back = new Uint8Array(await blob.arrayBuffer());
    expect(back.length === plain.length && back.every((byte, i) => byte === plain[i])).toBe(true);
    expect(progress.length).toBeGreaterThan(20);
    expect(progress.at(-1)).toBe(stream.length);
  });

  it('refuses a changed, cut or foreign stream, so nothing is saved', async () => {
    const changed = stream.slice();
    changed[2 * 1024 * 1024] = changed[2 * 1024 * 1024]! ^ 1;
    serve(changed);
    await expect(download()).rejects.toMatchObject({ name: 'FileStreamError', reason: 'tampered_or_wrong_key' });
    serve(stream.slice(0, 28 + 2 * (1024 * 1024 + 16)));
    await expect(download()).rejects.toMatchObject({ name: 'FileStreamError', reason: 'truncated' });
    serve(await encryptFileBytes(keys, plain, { fileIndex: 0 }));
    await expect(download()).rejects.toMatchObject({ name: 'FileStreamError' });
  });

  it('passes on the server’s refusal of an expired key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'files.download_not_found' }), { status: 404 })),
    );
    const error = await download().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('files.download_not_found');
  });
});
