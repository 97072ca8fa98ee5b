import type { InjectOptions } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { UPLOAD_TOKEN_HEADER } from '../../shared/rules/files.js';
import { createSecret, createTestApp, type TestApp } from '../test-utils/app.js';
import { describeEachDialect } from '../test-utils/database.js';
import { seedFuzzFiles } from '../test-utils/fuzz-files.js';
import { signedIn } from '../test-utils/files.js';
import { storedFiles, tables } from '../test-utils/snapshot.js';

/*
 * No method but a route's own can change anything: HEAD, OPTIONS and methods no route has are swept over every
 * registered route, with every credential a request could carry (the admin's cookie, the key proof, the password,
 * the upload token), and afterwards every table and every stored file is exactly as before. Fastify's automatic
 * HEAD routes ran the GET handler, so a link checker's HEAD on /api/v1/secret/{id} spent a view.
 */

const KEY_PROOF = 'a'.repeat(43);
const PASSWORD = 'correct horse';
const METHODS = ['HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND'] as const;

describeEachDialect('HEAD, OPTIONS and unknown methods on every route', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('HEAD on the compatibility GET of a one-view secret spends nothing: no route, and the secret still opens', async () => {
    t = await createTestApp({ dialect });
    const { id } = await createSecret(t.app, { keyProof: KEY_PROOF });
    for (const prefix of ['/api/v1', '/api']) {
      const head = await t.app.inject({ method: 'HEAD', url: `${prefix}/secret/${id}?keyProof=${KEY_PROOF}` });
      expect(head.statusCode).toBe(404);
    }
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/secret/${id}?keyProof=${KEY_PROOF}` });
    expect(read.statusCode).toBe(200);
  });

  it('health checks still answer HEAD', async () => {
    t = await createTestApp({ dialect });
    for (const url of ['/healthz', '/readyz'])
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
  });

  it('sweeping every route with HEAD, OPTIONS, PATCH, TRACE and PROPFIND changes no row and no file, and never answers 5xx', async () => {
    t = await createTestApp({ dialect });
    const { user, headers: admin } = await signedIn(t, 'root', 'admin');
    const secrets = [
      await createSecret(t.app, { keyProof: KEY_PROOF }),
      await createSecret(t.app, { keyProof: KEY_PROOF, password: PASSWORD, maxViews: 3 }),
      await createSecret(t.app, { isPublic: true, text: 'public', title: 'Public' }),
    ];
    const files = await seedFuzzFiles(t, admin.cookie);
    const upload = files.uploads[1]!;
    const download = files.downloads[0]!;
    const params: Record<string, string[]> = {
      id: [...secrets.map((s) => s.id), upload.id, download.secretId],
      fileId: [upload.fileId],
      part: ['1'],
      username: [user.username],
      key: [download.key],
    };
    const urls = new Set<string>();
    for (const route of t.routes) {
      let variants = [route.url.replace(/\*$/, 'admin')];
      for (const [name, values] of Object.entries(params)) {
        if (!variants[0]!.includes(`:${name}`)) continue;
        variants = variants.flatMap((url) => values.map((value) => url.replace(`:${name}`, value)));
      }
      for (const url of variants) urls.add(url);
    }
    expect(urls.size).toBeGreaterThan(40);
    const query = `?keyProof=${KEY_PROOF}&password=${encodeURIComponent(PASSWORD)}&deleteToken=${secrets[0]!.deleteToken}`;

    // Counters are written every 2 s: write those of the set-up now, so that a flush during the sweep is not
    // taken for a change, and write again before looking afterwards, so that a count the sweep made shows.
    await t.services.stats.flush();
    const before = { tables: await tables(t), files: await storedFiles(t.config.dataDir) };
    const answers: string[] = [];
    for (const url of urls) {
      for (const method of METHODS) {
        const request: InjectOptions = {
          method,
          url: `${url}${query}`,
          headers: {
            ...admin,
            'sec-fetch-site': 'same-origin',
            [UPLOAD_TOKEN_HEADER]: upload.token,
            'content-type': 'application/json',
          },
          ...(method !== 'HEAD' && method !== 'OPTIONS' && { payload: '{}' }),
        };
        const response = await t.app.inject(request);
        answers.push(`${method} ${url} ${response.statusCode}`);
      }
    }
    await t.services.stats.flush();
    const after = { tables: await tables(t), files: await storedFiles(t.config.dataDir) };
    expect(after).toEqual(before);
    expect(answers.filter((answer) => / 5\d\d$/.test(answer))).toEqual([]);
    // Only side-effect-free routes answer HEAD at all.
    const headOk = answers.filter((answer) => answer.startsWith('HEAD ') && / 2\d\d$/.test(answer));
    expect(headOk.map((answer) => answer.split(' ')[1])).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    expect(headOk.filter((answer) => answer.includes('/secret/'))).toEqual([]);
  });
});
