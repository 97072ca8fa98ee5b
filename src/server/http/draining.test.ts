import type { InjectOptions } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { UPLOAD_TOKEN_HEADER } from '../../shared/rules/files.js';
import { createSecret, createTestApp, type TestApp } from '../test-utils/app.js';
import { describeEachDialect } from '../test-utils/database.js';
import { signedIn } from '../test-utils/files.js';
import { seedFuzzFiles } from '../test-utils/fuzz-files.js';
import { storedFiles, tables } from '../test-utils/snapshot.js';

/*
 * A stopping server refuses what still arrives with 503 server.unavailable before doing anything of it: no row and
 * no stored file changes, whatever the route and however valid the request. docs/nginx.conf relies on it to send
 * such a request, a POST too, to another instance (issue 29, point 11).
 */

const KEY_PROOF = 'a'.repeat(43);
const PASSWORD = 'correct horse';

describeEachDialect('a draining app', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers every route 503 server.unavailable with Connection: close, and changes no row and no file', async () => {
    t = await createTestApp({ dialect, config: { uploadRestriction: false } });
    const { user, headers: admin } = await signedIn(t, 'root', 'admin');
    const secret = await createSecret(t.app, { keyProof: KEY_PROOF, password: PASSWORD });
    const files = await seedFuzzFiles(t, admin.cookie);
    const upload = files.uploads[0]!;
    const download = files.downloads[0]!;
    const headers = { ...admin, 'sec-fetch-site': 'same-origin', [UPLOAD_TOKEN_HEADER]: upload.token };
    const json = (method: InjectOptions['method'], url: string, payload: unknown): InjectOptions => ({
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    // Requests that would each change something on a server that is not stopping.
    const valid: InjectOptions[] = [
      json('POST', '/api/v1/secret', { text: 'hush1.c2VjcmV0', ttl: 3600 }),
      json('POST', `/api/v1/secret/${secret.id}`, { keyProof: KEY_PROOF, password: PASSWORD }),
      json('POST', `/api/v1/secret/${secret.id}/burn`, { deleteToken: secret.deleteToken }),
      json('POST', '/api/v1/authentication/signin', { username: user.username, password: 'wrong' }),
      json('POST', '/api/v1/download', download),
      json('POST', `/api/v1/secret/${upload.id}/upload/complete`, {}),
      {
        method: 'PUT',
        url: `/api/v1/secret/${upload.id}/files/${upload.fileId}/parts/1`,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(10),
      },
    ];
    // And every route of the app with its own method.
    const values: Record<string, string> = {
      id: secret.id,
      fileId: upload.fileId,
      part: '1',
      username: user.username,
      key: download.key,
    };
    const everyRoute: InjectOptions[] = t.routes.map(({ method, url }) => ({
      ...json(
        method as InjectOptions['method'],
        url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? 'x'),
        {},
      ),
      ...(['GET', 'HEAD'].includes(method) && { payload: undefined }),
    }));

    await t.services.stats.flush();
    const before = { tables: await tables(t), files: await storedFiles(t.config.dataDir) };
    t.drain();
    const answers = new Set<string>();
    for (const request of [...valid, ...everyRoute]) {
      const response = await t.app.inject(request);
      // A HEAD answer has the headers of the GET's, and no body.
      const code = request.method === 'HEAD' ? 'server.unavailable' : response.json<{ code?: string }>().code;
      answers.add(`${response.statusCode} ${code} ${response.headers.connection}`);
    }
    await t.services.stats.flush();
    expect([...answers]).toEqual(['503 server.unavailable close']);
    expect({ tables: await tables(t), files: await storedFiles(t.config.dataDir) }).toEqual(before);
  });
});
