import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { filesApi, META, sha256Hex } from '../files.js';
import { type Step, HOUR, ids, blob, secretRow } from './world.js';

/** Data as migration 0005-files left it, and how the latest app still reads it. */
export const stepFiles: Step = {
  async seed(db, { now, dataDir }) {
    await db
      .insertInto('secrets')
      .values({ ...secretRow(now, ids.withFile), file_count: 1 })
      .execute();
    await db
      .insertInto('files')
      .values({
        id: ids.file,
        secret_id: ids.withFile,
        owner_id: null,
        position: 0,
        meta: META,
        size: blob.length,
        plain_size: 200_000,
        part_size: 1024 * 1024,
        part_count: 1,
        created_at: now - HOUR,
      })
      .execute();
    await mkdir(join(dataDir, 'files', ids.file), { recursive: true });
    await writeFile(join(dataDir, 'files', ids.file, 'blob'), blob);
  },
  async check(t) {
    const api = filesApi(t);
    const read = await api.read(ids.withFile);
    expect(read.statusCode, read.body).toBe(200);
    const [file] = read.json<{ files: { id: string; meta: string; downloadKey: string }[] }>().files;
    expect(file).toMatchObject({ id: ids.file, meta: META });
    const download = await api.download(file!.downloadKey, ids.withFile);
    expect(sha256Hex(download.rawPayload)).toBe(sha256Hex(blob));
  },
};
