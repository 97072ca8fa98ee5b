import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { purgeOnce } from '../../../jobs/purge.js';
import { createTestApp, createTestClock, type TestApp } from '../../../test-utils/app.js';
import { describeEachDialect } from '../../../test-utils/database.js';
import {
  anonymousFiles,
  fakeCiphertext,
  filesApi,
  signedIn,
  slice,
  storageFor,
  type Created,
  type Headers,
} from '../../../test-utils/files.js';

/**
 * Deletion is real: whatever ends a secret, no byte of its files is left on disk (the files folder walked) or in the
 * bucket (ListObjectsV2), and no row of them in the database.
 */

const MINUTE = 60_000;
const PASSWORD = 'correct horse';

describeEachDialect('file deletion', (dialect) => {
  for (const kind of ['disk', 's3'] as const) {
    describe(`${kind} storage`, () => {
      const store = storageFor(kind);
      let t: TestApp;
      let clock: ReturnType<typeof createTestClock>;

      beforeEach(async () => {
        clock = createTestClock();
        const storage = store.open();
        t = await createTestApp({ dialect, clock, config: anonymousFiles(), ...(storage && { storage }) });
      });
      afterEach(async () => {
        await t.close();
        await store.close();
      });

      /** What is still stored: blobs or parts, file rows, download keys. */
      async function leftovers() {
        const blobs = await store.blobs(t);
        const rows = await t.database.db.selectFrom('files').select('id').execute();
        const keys = await t.database.db.selectFrom('download_keys').select('key_hash').execute();
        return { blobs: blobs.length, rows: rows.length, keys: keys.length };
      }
      const nothing = { blobs: 0, rows: 0, keys: 0 };
      const sweep = () => purgeOnce(t.services.secrets, t.database, t.services.analytics, t.services.sweep);

      /**
       * A complete secret with a file (maxViews 2, read once: its key is live) and a secret still uploading (one
       * part of two stored), both by the caller.
       */
      async function twoSecrets(headers: Headers = {}, body: Record<string, unknown> = {}) {
        const api = filesApi(t, { headers });
        const content = fakeCiphertext(100_000);
        const complete = await api.createFor([content], 64 * 1024, { maxViews: 2, ...body });
        await api.uploadAll(complete, [content]);
        expect((await api.complete(complete.id, complete.upload!.token)).statusCode).toBe(200);
        expect((await api.read(complete.id, body.password ? { password: body.password } : {})).statusCode).toBe(200);
        const uploading: Created = await api.createFor([content], 64 * 1024, body);
        const file = uploading.upload!.files[0]!;
        const put = await api.putPart(uploading.id, file.id, 1, uploading.upload!.token, slice(content, file, 1));
        expect(put.statusCode).toBe(200);
        expect(await leftovers()).toMatchObject({ rows: 2, keys: 1 });
        expect((await leftovers()).blobs).toBeGreaterThan(0);
        return { api, complete, uploading };
      }

      it('a burn deletes the files at once, live download keys and unfinished uploads included', async () => {
        const { api, complete, uploading } = await twoSecrets();
        for (const secret of [complete, uploading]) {
          const burn = await api.inject({
            method: 'POST',
            url: `/secret/${secret.id}/burn`,
            payload: { deleteToken: secret.deleteToken },
          });
          expect(burn.statusCode, burn.body).toBe(200);
        }
        expect(await leftovers()).toEqual(nothing);
      });

      it('the last wrong password burns the secret and its files at once', async () => {
        const { api, complete, uploading } = await twoSecrets({}, { password: 'right' });
        for (let attempt = 0; attempt < 5; attempt++) {
          expect((await api.read(complete.id, { password: 'wrong' })).statusCode).toBe(401);
        }
        await api.inject({
          method: 'POST',
          url: `/secret/${uploading.id}/burn`,
          payload: { deleteToken: uploading.deleteToken },
        });
        expect(await leftovers()).toEqual(nothing);
      });

      it('expiry: the purge after the lifetime deletes every file (a download key only delays it to its own end)', async () => {
        const { api, complete } = await twoSecrets({}, { maxViews: 3 });
        clock.advance(55 * MINUTE);
        expect((await api.read(complete.id)).statusCode).toBe(200); // a key valid until 70 minutes
        clock.advance(5 * MINUTE); // the lifetime (1 hour) is over
        await sweep();
        expect((await api.inject({ url: `/secret/${complete.id}/exist` })).statusCode).toBe(404);
        expect(await t.database.db.selectFrom('secrets').select('id').execute()).toEqual([]);
        // The reader's live key keeps that file for its own last 10 minutes; the unfinished upload is gone.
        expect(await leftovers()).toMatchObject({ rows: 1, keys: 1 });
        clock.advance(10 * MINUTE);
        await sweep();
        expect(await leftovers()).toEqual(nothing);
      });

      it('deleting one’s own account deletes every file of it at once', async () => {
        const { headers } = await signedIn(t, 'alice');
        const { api } = await twoSecrets(headers);
        const deleted = await api.inject({
          method: 'POST',
          url: '/account/delete',
          payload: { currentPassword: PASSWORD },
        });
        expect(deleted.statusCode, deleted.body).toBe(200);
        expect(await leftovers()).toEqual(nothing);
      });

      it('an admin deleting a user deletes every file of theirs at once, and nobody else’s', async () => {
        const admin = filesApi(t, { headers: (await signedIn(t, 'root', 'admin')).headers });
        await twoSecrets((await signedIn(t, 'alice')).headers);
        const bystander = fakeCiphertext(1000);
        const kept = await filesApi(t).createFor([bystander]);
        const deleted = await admin.inject({ method: 'DELETE', url: '/admin/users', payload: { username: 'alice' } });
        expect(deleted.statusCode, deleted.body).toBe(200);
        expect(await leftovers()).toMatchObject({ rows: 1, keys: 0 });
        await filesApi(t).uploadAll(kept, [bystander]);
        expect((await filesApi(t).complete(kept.id, kept.upload!.token)).statusCode).toBe(200);
      });

      it('an upload not completed within HUSH_UPLOAD_ABANDON_MINUTES is deleted with its parts', async () => {
        const { uploading, api } = await twoSecrets({}, { ttl: 86400 });
        clock.advance(59 * MINUTE);
        await sweep();
        expect((await api.status(uploading.id, uploading.upload!.token)).statusCode).toBe(200);
        clock.advance(MINUTE);
        await sweep();
        expect((await api.status(uploading.id, uploading.upload!.token)).statusCode).toBe(404);
        // The complete secret and its file are untouched (the reader's key has expired, and was swept).
        expect(await leftovers()).toMatchObject({ rows: 1, keys: 0 });
        expect((await leftovers()).blobs).toBeGreaterThan(0);
      });

      it('the sweeper is idempotent and safe run several times at once', async () => {
        const { api, complete } = await twoSecrets();
        expect((await api.read(complete.id)).statusCode).toBe(200); // the last view: its keys decide now
        clock.advance(75 * MINUTE);
        const rounds = await Promise.all([t.services.sweep(), t.services.sweep(), t.services.sweep()]);
        expect(rounds.reduce((sum, round) => sum + round.files, 0)).toBeGreaterThanOrEqual(2);
        await t.services.sweep();
        expect(await leftovers()).toEqual(nothing);
      });
    });
  }
});
