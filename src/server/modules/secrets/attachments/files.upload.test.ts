import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { UPLOAD_TOKEN_HEADER } from '../../../../shared/api/files.contract.js';
import { createTestApp, createTestClock, type TestApp } from '../../../test-utils/app.js';
import { describeEachDialect } from '../../../test-utils/database.js';
import {
  anonymousFiles,
  fakeCiphertext,
  filesApi,
  filesUnder,
  rawRequest,
  slice,
  type Created,
} from '../../../test-utils/files.js';
import { expectError } from '../../../test-utils/expect-error.js';

/** Every way an upload can go wrong answers a clear 4xx, leaves no partial file behind, and serves nothing. */

describeEachDialect('file uploads: bad input', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof filesApi>;
  let content: Buffer;
  let created: Created;
  let file: NonNullable<Created['upload']>['files'][number];
  let token: string;
  const stored = () => filesUnder(join(t.config.dataDir, 'files'));
  const part = (n: number) => slice(content, file, n);

  beforeEach(async () => {
    t = await createTestApp({ dialect, clock: createTestClock(), config: anonymousFiles() });
    api = filesApi(t);
    content = fakeCiphertext(150_000); // 3 parts of 64 KiB: 65536, 65536, the rest
    created = await api.createFor([content]);
    file = created.upload!.files[0]!;
    token = created.upload!.token;
  });
  afterEach(() => t.close());

  it('completing with parts missing answers 409 files.incomplete with the missing parts, and the secret stays hidden', async () => {
    expect((await api.putPart(created.id, file.id, 2, token, part(2))).statusCode).toBe(200);
    const response = await api.complete(created.id, token);
    expectError(response, 409, 'files.incomplete');
    expect(response.json()).toMatchObject({ missing: [{ fileId: file.id, parts: [1, 3] }] });
    expectError(await api.read(created.id), 404, 'secret.not_found');
  });

  it('a part sent twice is stored once: the second replaces the first', async () => {
    expect((await api.putPart(created.id, file.id, 1, token, part(1))).statusCode).toBe(200);
    const other = Buffer.concat([part(1).subarray(0, 28), randomBytes(65536 - 28)]);
    expect((await api.putPart(created.id, file.id, 1, token, other)).statusCode).toBe(200);
    expect((await api.status(created.id, token)).json().files[0].received).toEqual([1]);
    expect((await stored()).filter((path) => path.endsWith('/parts/1'))).toHaveLength(1);
  });

  it('part numbers outside the file: 400 files.part_invalid; not a number: 400 validation.part', async () => {
    for (const n of [0, 4, 999_999]) {
      expectError(await api.putPart(created.id, file.id, n, token, part(1)), 400, 'files.part_invalid');
    }
    for (const n of ['x', '-1', '1.5', '1e2']) {
      expectError(await api.putPart(created.id, file.id, n, token, part(1)), 400, 'validation.part');
    }
    expect(await stored()).toEqual([]);
  });

  it('a body of another length than the part’s: 400 files.part_size (shorter) or 413 files.part_too_large (longer)', async () => {
    const short = await api.putPart(created.id, file.id, 2, token, part(2).subarray(1));
    expectError(short, 400, 'files.part_size');
    expect(short.json()).toMatchObject({ expected: 65536, received: 65535 });
    expectError(
      await api.putPart(created.id, file.id, 2, token, Buffer.concat([part(2), Buffer.from('x')])),
      413,
      'files.part_too_large',
    );
    // The last part is shorter than the others, and must be exactly that.
    expectError(await api.putPart(created.id, file.id, 3, token, part(2)), 413, 'files.part_too_large');
    expect((await api.putPart(created.id, file.id, 3, token, part(3))).statusCode).toBe(200);
    expect((await api.status(created.id, token)).json().files[0].received).toEqual([3]);
  });

  it('part 1 must start with a v1 file header with 1 MiB chunks: 400 files.header_invalid, nothing stored', async () => {
    const wrongVersion = Buffer.from(part(1));
    wrongVersion[0] = 2;
    const wrongChunks = Buffer.from(part(1));
    wrongChunks.writeUInt32BE(64 * 1024, 1);
    for (const body of [wrongVersion, wrongChunks]) {
      expectError(await api.putPart(created.id, file.id, 1, token, body), 400, 'files.header_invalid');
    }
    expect(await stored()).toEqual([]);
  });

  it('a wrong or missing upload token: 403 files.upload_forbidden on every upload route', async () => {
    for (const wrong of [undefined, 'x', 'A'.repeat(43)]) {
      expectError(await api.putPart(created.id, file.id, 1, wrong, part(1)), 403, 'files.upload_forbidden');
      expectError(await api.status(created.id, wrong), 403, 'files.upload_forbidden');
      expectError(await api.complete(created.id, wrong), 403, 'files.upload_forbidden');
    }
    // Another secret's token does not open this one, nor does this token another secret's file.
    const other = await api.createFor([fakeCiphertext(1000)]);
    expectError(await api.putPart(created.id, file.id, 1, other.upload!.token, part(1)), 403, 'files.upload_forbidden');
    expectError(
      await api.putPart(created.id, other.upload!.files[0]!.id, 1, token, part(1)),
      404,
      'files.upload_not_found',
    );
    expectError(await api.status('AAAAAAAAAAAAAAAAAAAAAA', token), 404, 'files.upload_not_found');
    expect(await stored()).toEqual([]);
  });

  it('a body that is not application/octet-stream: 415 files.media_type; no Content-Length: 411', async () => {
    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      expectError(
        await api.putPart(created.id, file.id, 1, token, part(1), { 'content-type': type }),
        415,
        'files.media_type',
      );
    }
    const withoutLength = await api.inject({
      method: 'PUT',
      url: `/secret/${created.id}/files/${file.id}/parts/1`,
      headers: { 'content-type': 'application/octet-stream', [UPLOAD_TOKEN_HEADER]: token },
    });
    expectError(withoutLength, 411, 'files.length_required');
    expect(await stored()).toEqual([]);
  });

  it('after completion the parts are fixed: 409 files.upload_complete; status and completion still answer', async () => {
    await api.uploadAll(created, [content]);
    expect((await api.complete(created.id, token)).statusCode).toBe(200);
    expectError(await api.putPart(created.id, file.id, 1, token, part(1)), 409, 'files.upload_complete');
    expect((await api.status(created.id, token)).json()).toMatchObject({ complete: true });
  });

  it('downloads: an unknown key and a key for another secret answer the same 404 (expiry: files.lifecycle.test.ts)', async () => {
    await api.uploadAll(created, [content]);
    await api.complete(created.id, token);
    const other = await api.inject({ method: 'POST', url: '/secret', payload: { text: 'hush1.eA', ttl: 3600 } });
    const [{ downloadKey }] = (await api.read(created.id)).json().files;
    const answers = [
      await api.download('A'.repeat(43), created.id),
      await api.download(downloadKey, other.json().id),
      await api.download(downloadKey, 'AAAAAAAAAAAAAAAAAAAAAA'),
    ];
    for (const answer of answers) expectError(answer, 404, 'files.download_not_found');
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expectError(
      await api.inject({ method: 'POST', url: '/download', payload: { key: '', secretId: created.id } }),
      400,
      'validation.key',
    );
    expectError(
      await api.inject({ method: 'POST', url: '/download', payload: { key: 'x' } }),
      400,
      'validation.secretId',
    );
    expect((await api.download(downloadKey, created.id)).statusCode).toBe(200);
  });

  it('over a real socket: a Content-Length over the part’s, or over any part’s, is refused with 413 before a byte of body is sent', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const head = (n: number, length: string) =>
      `PUT /api/v1/secret/${created.id}/files/${file.id}/parts/${n} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Content-Type: application/octet-stream\r\n${UPLOAD_TOKEN_HEADER}: ${token}\r\nContent-Length: ${length}\r\n\r\n`;
    // One byte over this part's length, and 1 TiB: the server answers from the headers, and closes the connection.
    for (const length of [String(65536 + 1), String(2 ** 40)]) {
      const { response, ms, closed } = await rawRequest(port, head(1, length));
      expect(response).toMatch(/^HTTP\/1\.1 413 /);
      expect(response).toContain('"code":"files.part_too_large"');
      expect(response).toMatch(/connection: close/i);
      expect(closed).toBe(true);
      expect(ms).toBeLessThan(2000);
    }
    // Chunked, without a length: 411 at once.
    const chunked = await rawRequest(port, head(1, '0').replace('Content-Length: 0', 'Transfer-Encoding: chunked'));
    expect(chunked.response).toMatch(/^HTTP\/1\.1 411 /);
    // A client that sends less than it announced and gives up: nothing is stored, the part is still missing.
    const cut = await rawRequest(port, head(1, '65536'), { body: part(1).subarray(0, 30_000), end: true });
    expect(cut.response === '' || /^HTTP\/1\.1 4\d\d /.test(cut.response)).toBe(true);
    // The part that follows, whole, is stored.
    const whole = await rawRequest(port, head(2, '65536'), { body: part(2) });
    expect(whole.response).toMatch(/^HTTP\/1\.1 200 /);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await api.status(created.id, token)).json().files[0].received).toEqual([2]);
    expect((await stored()).map((path) => path.slice(path.indexOf('/files/')))).toEqual([`/files/${file.id}/parts/2`]);
  });
});
