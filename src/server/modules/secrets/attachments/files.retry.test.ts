import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_TOKEN_HEADER } from '../../../../shared/api/files.contract.js';
import { DiskBlobStorage } from '../../../storage/disk-storage.js';
import { createTestApp, createTestClock, type TestApp } from '../../../test-utils/app.js';
import { pausable } from '../../../test-utils/blob-storage.js';
import { describeEachDialect } from '../../../test-utils/database.js';
import { expectError } from '../../../test-utils/expect-error.js';
import {
  anonymousFiles,
  fakeCiphertext,
  filesApi,
  sha256Hex,
  slice,
  storageFor,
  type Created,
} from '../../../test-utils/files.js';

/**
 * The web page and the CLI send a call again when its answer did not come (the network failed, the server cut the
 * connection, a 5xx): a completion or a part may then reach the server twice, the second while the first is still
 * at work. Issue 29: a completion sent again while the first stored the file answered 404 files.upload_not_found,
 * and the CLI gave up on a secret that was ready.
 */

describeEachDialect('upload calls sent again', (dialect) => {
  for (const kind of ['disk', 's3'] as const) {
    describe(`${kind} storage`, () => {
      const store = storageFor(kind);
      let t: TestApp;
      let dataDir: string;
      let paused: ReturnType<typeof pausable>;
      let api: ReturnType<typeof filesApi>;
      let content: Buffer;
      let created: Created;
      let token: string;

      beforeEach(async () => {
        dataDir = await mkdtemp(join(tmpdir(), 'hush-retry-'));
        paused = pausable(store.open() ?? new DiskBlobStorage(dataDir));
        t = await createTestApp({
          dialect,
          clock: createTestClock(),
          config: { ...anonymousFiles(), dataDir },
          storage: paused.storage,
        });
        api = filesApi(t);
        content = fakeCiphertext(3_000_000); // 46 parts of 64 KiB: storing the file takes a while
        created = await api.createFor([content], 64 * 1024, { maxViews: 2 });
        token = created.upload!.token;
      });
      afterEach(async () => {
        await t.close();
        await store.close();
        await rm(dataDir, { recursive: true, force: true });
      });

      const downloaded = async () => {
        const read = await api.read(created.id);
        expect(read.statusCode, read.body).toBe(200);
        const download = await api.download(read.json().files[0].downloadKey, created.id);
        expect(download.statusCode).toBe(200);
        return sha256Hex(download.rawPayload);
      };

      it('two completions at once (a retry that overtook the first) both answer 200 with the same body', async () => {
        await api.uploadAll(created, [content]);
        const answers = await Promise.all([api.complete(created.id, token), api.complete(created.id, token)]);
        expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual([
          [200, undefined],
          [200, undefined],
        ]);
        expect(answers[1]!.json()).toEqual(answers[0]!.json());
        expect(answers[0]!.json()).toMatchObject({ id: created.id, complete: true });
        // Once more afterwards, and the file is whole.
        expect((await api.complete(created.id, token)).json()).toEqual(answers[0]!.json());
        expect(await downloaded()).toBe(sha256Hex(content));
      });

      it('a completion that finds the parts gone, just made into the file by another one, answers 200, not 409 files.incomplete', async () => {
        await api.uploadAll(created, [content]);
        // The retry has seen no file yet and is about to list the parts; the first completion runs whole meanwhile.
        const gate = paused.pauseNext('parts');
        const retry = api.complete(created.id, token);
        await gate.reached;
        const first = await api.complete(created.id, token);
        expect(first.statusCode, first.body).toBe(200);
        gate.release();
        const answer = await retry;
        expect([answer.statusCode, answer.json().code]).toEqual([200, undefined]);
        expect(answer.json()).toEqual(first.json());
        expect(await downloaded()).toBe(sha256Hex(content));
      });

      it('a completion sent again changes nothing it may not: no part after it, no revived burn, nothing without the token', async () => {
        await api.uploadAll(created, [content]);
        expect((await api.complete(created.id, token)).statusCode).toBe(200);
        const file = created.upload!.files[0]!;
        // The parts are fixed: a late part is refused, also after a repeated completion.
        expect((await api.complete(created.id, token)).statusCode).toBe(200);
        expectError(
          await api.putPart(created.id, file.id, 2, token, slice(content, file, 1)),
          409,
          'files.upload_complete',
        );
        // Without the token, a completed upload answers as an unfinished one does: 403, and no status.
        for (const wrong of [undefined, 'A'.repeat(43), created.deleteToken]) {
          expectError(await api.complete(created.id, wrong), 403, 'files.upload_forbidden');
        }
        expect(await downloaded()).toBe(sha256Hex(content));
        // Burned: the same token finds nothing, and nothing comes back.
        const burn = await api.inject({
          method: 'POST',
          url: `/secret/${created.id}/burn`,
          payload: { deleteToken: created.deleteToken },
        });
        expect(burn.statusCode, burn.body).toBe(200);
        expectError(await api.complete(created.id, token), 404, 'files.upload_not_found');
        expectError(await api.read(created.id), 404, 'secret.not_found');
        expect(await store.blobs(t)).toEqual([]);
      });

      it('the same part sent twice at once (a retry while the first still streams) is stored once, whole', async () => {
        const file = created.upload!.files[0]!;
        for (let part = 1; part <= file.parts; part++) {
          const bytes = slice(content, file, part);
          const answers = await Promise.all([
            api.putPart(created.id, file.id, part, token, bytes),
            api.putPart(created.id, file.id, part, token, bytes),
          ]);
          expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        }
        expect((await api.status(created.id, token)).json().files[0].received).toHaveLength(file.parts);
        expect((await api.complete(created.id, token)).statusCode).toBe(200);
        expect(await downloaded()).toBe(sha256Hex(content));
      });
    });
  }

  it('over a real socket: a completion that takes longer than HUSH_REQUEST_TIMEOUT is answered, not cut off', async () => {
    // That timeout is for clients slow to send. Cutting the connection of a completion still storing a large file
    // (under load, a 1 GiB one took more than 30 s) only made the client send it again (issue 29).
    const dataDir = await mkdtemp(join(tmpdir(), 'hush-retry-'));
    const paused = pausable(new DiskBlobStorage(dataDir));
    const t = await createTestApp({
      dialect,
      config: { ...anonymousFiles(), dataDir, requestTimeoutSeconds: 1 },
      storage: paused.storage,
    });
    try {
      const api = filesApi(t);
      const content = fakeCiphertext(100_000);
      const created = await api.createFor([content]);
      await api.uploadAll(created, [content]);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const gate = paused.pauseNext('complete');
      const started = performance.now();
      const answer = fetch(`http://127.0.0.1:${port}/api/v1/secret/${created.id}/upload/complete`, {
        method: 'POST',
        headers: { [UPLOAD_TOKEN_HEADER]: created.upload!.token },
      });
      await gate.reached;
      // Storing the file takes 2.5 s, with nothing on the wire meanwhile.
      setTimeout(gate.release, 2500);
      const response = await answer.catch((error: Error) => {
        const cause = (error.cause as Error | undefined)?.message;
        throw new Error(`cut off after ${Math.round(performance.now() - started)} ms: ${cause}`);
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: created.id, complete: true });
      expect(performance.now() - started).toBeGreaterThan(2500);
    } finally {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
