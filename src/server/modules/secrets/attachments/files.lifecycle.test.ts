import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveKeys, generateKey } from '../../../../shared/crypto/envelope.js';
import { openFileMeta, sealFileMeta } from '../../../../shared/crypto/file-meta.js';
import { decryptFileBytes, encryptFileBytes } from '../../../../shared/crypto/file-transform.js';
import { purgeOnce } from '../../../jobs/purge.js';
import { createTestApp, createTestClock, type TestApp } from '../../../test-utils/app.js';
import { describeEachDialect } from '../../../test-utils/database.js';
import { anonymousFiles, fakeCiphertext, filesApi, sha256Hex, slice, storageFor } from '../../../test-utils/files.js';

/** A file's whole life through the API: create, upload, complete, read, download, last view, deletion. */

const MINUTE = 60_000;

describeEachDialect('file attachments: the lifecycle', (dialect) => {
  let t: TestApp;
  let clock: ReturnType<typeof createTestClock>;
  const fileRows = () => t.database.db.selectFrom('files').select('id').execute();

  describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
    const store = storageFor(kind);
    const stored = () => store.blobs(t);
    beforeEach(async () => {
      clock = createTestClock();
      const storage = store.open();
      t = await createTestApp({ dialect, clock, config: anonymousFiles(), ...(storage && { storage }) });
    });
    afterEach(async () => {
      await t.close();
      await store.close();
    });

    it('create → parts out of order, one sent twice → status → complete → read → download the same bytes → last view → gone after the key window', async () => {
      const api = filesApi(t);
      // A real encrypted file (the browser's format), and a second file of other bytes.
      const keys = await deriveKeys(generateKey());
      const plain = randomBytes(300_000);
      const first = Buffer.from(await encryptFileBytes(keys, plain, { fileIndex: 0 }));
      const second = fakeCiphertext(70_000);
      const meta = await sealFileMeta(keys, 0, { name: 'report.pdf', type: 'application/pdf', size: plain.length });
      const response = await api.create([
        { meta, size: first.length, partSize: 64 * 1024 },
        { meta: 'hush1.c2Vjb25k', size: second.length, partSize: 64 * 1024 },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json();
      const { id, upload } = created;
      expect(Object.keys(created).sort()).toEqual(['deleteToken', 'expiresAt', 'id', 'receiptPath', 'upload']);
      expect(upload.files).toEqual([
        { id: expect.any(String), size: first.length, partSize: 65536, parts: 5, received: [] },
        { id: expect.any(String), size: second.length, partSize: 65536, parts: 2, received: [] },
      ]);
      expect(new Date(upload.expiresAt).getTime()).toBe(clock() + 60 * MINUTE);
      const [a, b] = upload.files;

      // Not readable while uploading: the same 404 as an unknown secret.
      const unknown = await api.inject({ url: '/secret/AAAAAAAAAAAAAAAAAAAAAA/exist' });
      for (const early of [await api.inject({ url: `/secret/${id}/exist` }), await api.read(id)]) {
        expect(early.statusCode).toBe(404);
        expect(early.body).toBe(unknown.body);
      }

      // Parts in any order; part 3 is sent twice, the first time with other bytes (the second replaces it).
      const put = (file: typeof a, content: Buffer, part: number, body = slice(content, file, part)) =>
        api.putPart(id, file.id, part, upload.token, body);
      expect((await put(a, first, 3, randomBytes(65536))).statusCode).toBe(200);
      for (const part of [5, 1, 4]) {
        const stored = await put(a, first, part);
        expect(stored.statusCode, stored.body).toBe(200);
        expect(stored.json()).toEqual({ fileId: a.id, part, size: slice(first, a, part).length });
      }
      expect((await put(b, second, 2)).statusCode).toBe(200);
      const status = await api.status(id, upload.token);
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({
        id,
        complete: false,
        files: [
          { ...a, received: [1, 3, 4, 5] },
          { ...b, received: [2] },
        ],
      });
      expect((await api.complete(id, upload.token)).json()).toMatchObject({
        code: 'files.incomplete',
        missing: [
          { fileId: a.id, parts: [2] },
          { fileId: b.id, parts: [1] },
        ],
      });
      expect((await put(a, first, 3)).statusCode).toBe(200);
      expect((await put(a, first, 2)).statusCode).toBe(200);
      expect((await put(b, second, 1)).statusCode).toBe(200);

      const completed = await api.complete(id, upload.token);
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json()).toEqual({
        id,
        complete: true,
        files: [
          { ...a, received: [1, 2, 3, 4, 5] },
          { ...b, received: [1, 2] },
        ],
      });
      // Completing again (a retried request) answers the same.
      expect((await api.complete(id, upload.token)).json()).toEqual(completed.json());

      // Now it exists; reading it gives each file's details and a download key.
      expect((await api.inject({ url: `/secret/${id}/exist` })).json()).toMatchObject({ id, viewsLeft: 1 });
      const read = await api.read(id);
      expect(read.statusCode, read.body).toBe(200);
      const files = read.json().files;
      expect(files).toEqual([
        { id: a.id, meta, size: first.length, downloadKey: expect.any(String), downloadExpiresAt: expect.any(String) },
        {
          id: b.id,
          meta: 'hush1.c2Vjb25k',
          size: second.length,
          downloadKey: expect.any(String),
          downloadExpiresAt: expect.any(String),
        },
      ]);
      expect(new Date(files[0].downloadExpiresAt).getTime()).toBe(clock() + 15 * MINUTE);
      // That was the last view: the secret is gone …
      expect((await api.inject({ url: `/secret/${id}/exist` })).statusCode).toBe(404);

      // … but within the key window its files can still be downloaded, byte for byte, and decrypted.
      clock.advance(14 * MINUTE);
      await purgeOnce(t.services.secrets, t.database, t.services.analytics, t.services.sweep);
      const download = await api.download(files[0].downloadKey, id);
      expect(download.statusCode, download.body).toBe(200);
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="${a.id}.hush"`);
      expect(download.headers['content-length']).toBe(String(first.length));
      expect(download.headers['cache-control']).toBe('no-store');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(sha256Hex(download.rawPayload)).toBe(sha256Hex(first));
      expect(Buffer.from(await decryptFileBytes(keys, download.rawPayload, { fileIndex: 0 }))).toEqual(plain);
      expect(await openFileMeta(keys, 0, files[0].meta)).toEqual({
        name: 'report.pdf',
        type: 'application/pdf',
        size: plain.length,
      });
      const again = await api.download(files[1].downloadKey, id);
      expect(sha256Hex(again.rawPayload)).toBe(sha256Hex(second));
      expect((await stored()).length).toBeGreaterThanOrEqual(2); // disk: a blob each; S3: parts and a manifest

      // After the window: the key no longer opens anything, and the sweeper has removed blobs and rows.
      clock.advance(MINUTE);
      expect((await api.download(files[0].downloadKey, id)).json()).toMatchObject({ code: 'files.download_not_found' });
      await purgeOnce(t.services.secrets, t.database, t.services.analytics, t.services.sweep);
      expect(await stored()).toEqual([]);
      expect(await fileRows()).toEqual([]);
      expect(await t.database.db.selectFrom('download_keys').select('key_hash').execute()).toEqual([]);
    });
  });

  describe('disk storage', () => {
    beforeEach(async () => {
      clock = createTestClock();
      t = await createTestApp({ dialect, clock, config: anonymousFiles() });
    });
    afterEach(() => t.close());

    it('a secret with views left keeps its files; each read issues new keys; the same bytes under /api too', async () => {
      const api = filesApi(t, { prefix: '/api' });
      const content = fakeCiphertext(100_000);
      const created = await api.createFor([content], 64 * 1024, { maxViews: 2 });
      await api.uploadAll(created, [content]);
      expect((await api.complete(created.id, created.upload!.token)).statusCode).toBe(200);
      const first = (await api.read(created.id)).json().files[0];
      const second = (await api.read(created.id)).json().files[0];
      expect(first.downloadKey).not.toBe(second.downloadKey);
      for (const key of [first.downloadKey, second.downloadKey]) {
        expect(sha256Hex((await api.download(key, created.id)).rawPayload)).toBe(sha256Hex(content));
      }
    });

    it('small files inline in the create ({meta, content}) are stored at once and the secret is readable at once', async () => {
      const api = filesApi(t);
      const content = fakeCiphertext(2_000);
      const response = await api.create([{ meta: 'hush1.aW5saW5l', content: content.toString('base64url') }]);
      expect(response.statusCode, response.body).toBe(201);
      expect(Object.keys(response.json()).sort()).toEqual(['deleteToken', 'expiresAt', 'id', 'receiptPath']);
      const read = await api.read(response.json().id);
      const [file] = read.json().files;
      expect(file).toMatchObject({ meta: 'hush1.aW5saW5l', size: content.length });
      expect(sha256Hex((await api.download(file.downloadKey, response.json().id)).rawPayload)).toBe(sha256Hex(content));
    });

    it('a secret without files reads as before, with an empty list and no key', async () => {
      const api = filesApi(t);
      const response = await api.inject({ method: 'POST', url: '/secret', payload: { text: 'hush1.eA', ttl: 3600 } });
      expect((await api.read(response.json().id)).json().files).toEqual([]);
      expect(await t.database.db.selectFrom('download_keys').select('key_hash').execute()).toEqual([]);
    });

    it('of concurrent reads of a last view, one gets the file and its key; the others’ keys are dropped', async () => {
      const api = filesApi(t);
      const content = fakeCiphertext(1000);
      const created = await api.createFor([content]);
      await api.uploadAll(created, [content]);
      await api.complete(created.id, created.upload!.token);
      const answers = await Promise.all(Array.from({ length: 8 }, () => api.read(created.id)));
      const won = answers.filter((answer) => answer.statusCode === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(7);
      const keys = await t.database.db.selectFrom('download_keys').select('key_hash').execute();
      expect(keys).toHaveLength(1);
      const [file] = won[0]!.json().files;
      expect((await api.download(file.downloadKey, created.id)).statusCode).toBe(200);
    });
  });
});
