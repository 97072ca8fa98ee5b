import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from '../../../test-utils/app.js';
import { anonymousFiles, fakeCiphertext, filesApi, objectKeys, sha256Hex } from '../../../test-utils/files.js';
import { startS3, type TestS3 } from '../../../test-utils/s3.js';
import { DiskBlobStorage } from '../../../storage/index.js';
import { S3BlobStorage } from '../../../storage/s3-storage.js';

/** The storage createApp builds from the configuration, and /readyz. */

describe('file storage in the app', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.stop());

  it('/readyz checks the database and the file storage', async () => {
    const t = await createTestApp();
    try {
      const ready = await t.app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ok',
        version: expect.any(String),
        checks: { database: 'up', storage: 'up' },
      });
    } finally {
      await t.close();
    }
  });

  it('/readyz answers 503 naming the storage when it cannot be written (a folder that is a file, a missing bucket)', async () => {
    const notAFolder = join(tmpdir(), `hush-not-a-folder-${process.pid}`);
    await writeFile(notAFolder, 'x');
    onTestFinished(() => rm(notAFolder, { force: true }));
    const broken = [new DiskBlobStorage(notAFolder), new S3BlobStorage({ ...s3.options, bucket: 'no-such-bucket' })];
    for (const storage of broken) {
      const t = await createTestApp({ storage });
      try {
        const response = await t.app.inject('/readyz');
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          code: 'server.unavailable',
          checks: { database: 'up', storage: 'down' },
        });
      } finally {
        await t.close();
        await storage.close();
      }
    }
  });

  it('with HUSH_S3_* set, the app stores files in the bucket (and closes its client with the app)', async () => {
    const t = await createTestApp({ config: { ...s3.config, ...anonymousFiles() } });
    const api = filesApi(t);
    const content = fakeCiphertext(100_000);
    const created = await api.createFor([content]);
    await api.uploadAll(created, [content]);
    expect((await api.complete(created.id, created.upload!.token)).statusCode).toBe(200);
    const [file] = (await api.read(created.id)).json().files;
    expect(sha256Hex((await api.download(file.downloadKey, created.id)).rawPayload)).toBe(sha256Hex(content));
    const lister = new S3BlobStorage(s3.options);
    try {
      const keys = await objectKeys(lister, `files/${file.id}/`);
      expect(keys).toContain(`files/${file.id}/complete.json`);
      expect(keys.filter((key) => key.includes('/parts/'))).toHaveLength(2);
    } finally {
      await lister.close();
      await t.close();
    }
    expect(t.services.storage).toBeInstanceOf(S3BlobStorage);
  });
});
