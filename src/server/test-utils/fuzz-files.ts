import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RouteContract } from '../../shared/api/contract.js';
import { UPLOAD_TOKEN_HEADER } from '../../shared/api/files.contract.js';
import type { TestApp } from './app.js';
import { CONTENT, MANIFEST } from '../modules/secrets/files.contract.test-utils.js';

/**
 * The files side of the fuzz test (src/server/fuzz.test.ts): seeded uploads (none, some and all parts sent),
 * download keys of a completed one, and the requests that succeed on the file routes.
 */

export interface FileSeeds {
  uploads: { id: string; token: string; fileId: string }[];
  downloads: { key: string; secretId: string }[];
}

/** A request aimed at one route: its path (after the prefix), headers and body. */
export interface FileTarget {
  segment: string;
  path?: string;
  headers?: Record<string, string>;
  body: { payload?: string | Buffer; contentType?: string };
}

const PART_SIZE = MANIFEST.partSize;
const part = (n: number) => CONTENT.subarray((n - 1) * PART_SIZE, n * PART_SIZE);

export async function seedFuzzFiles(t: TestApp, cookie: string): Promise<FileSeeds> {
  const inject = async (request: InjectOptions) => {
    const response = await t.app.inject(request);
    if (response.statusCode >= 300) throw new Error(`seeding files failed: ${response.statusCode} ${response.body}`);
    return response;
  };
  const uploads: FileSeeds['uploads'] = [];
  for (const parts of [[], [1, 2], [1, 2]] as number[][]) {
    const created = await inject({
      method: 'POST',
      url: '/api/v1/secret',
      headers: { cookie },
      payload: { text: 'hush1.eA', ttl: 86400, maxViews: 999, files: [MANIFEST] },
    });
    const { id, upload } = created.json();
    const seeded = { id, token: upload.token as string, fileId: upload.files[0].id as string };
    for (const n of parts) {
      await inject({
        method: 'PUT',
        url: `/api/v1/secret/${id}/files/${seeded.fileId}/parts/${n}`,
        headers: { 'content-type': 'application/octet-stream', [UPLOAD_TOKEN_HEADER]: seeded.token },
        payload: part(n),
      });
    }
    uploads.push(seeded);
  }
  const done = uploads[2]!;
  await inject({
    method: 'POST',
    url: `/api/v1/secret/${done.id}/upload/complete`,
    headers: { [UPLOAD_TOKEN_HEADER]: done.token },
  });
  const downloads: FileSeeds['downloads'] = [];
  for (let read = 0; read < 3; read++) {
    const response = await inject({ method: 'POST', url: `/api/v1/secret/${done.id}` });
    downloads.push({ key: response.json().files[0].downloadKey, secretId: done.id });
  }
  return { uploads, downloads };
}

/** Binary bodies for the part route: the right bytes, other lengths, nothing, and not octet-stream at all. */
export const binaryBodyArb: fc.Arbitrary<FileTarget['body']> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(1, 2).map((n) => ({ payload: part(n), contentType: 'application/octet-stream' })),
  },
  {
    weight: 3,
    arbitrary: fc
      .uint8Array({ maxLength: 300 })
      .map((bytes) => ({ payload: Buffer.from(bytes), contentType: 'application/octet-stream' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('application/octet-stream; charset=x', 'Application/Octet-Stream', 'application/json', '')
      .map((contentType) => ({ payload: part(2), contentType })),
  },
  { weight: 1, arbitrary: fc.constant({ contentType: 'application/octet-stream' }) },
);

/** The request that succeeds on a file route (given the seeds), or null for the other routes. */
export function targetedFileArb(route: RouteContract, seeds: FileSeeds): fc.Arbitrary<FileTarget> | null {
  if (route.tag !== 'files') return null;
  const upload = fc.constantFrom(...seeds.uploads);
  const token = (seed: { token: string }) => ({ [UPLOAD_TOKEN_HEADER]: seed.token });
  switch (`${route.method} ${route.path}`) {
    case 'GET /secret/{id}/upload':
      return upload.map((seed) => ({ segment: '', path: `/secret/${seed.id}/upload`, headers: token(seed), body: {} }));
    case 'POST /secret/{id}/upload/complete':
      return upload.map((seed) => ({
        segment: '',
        path: `/secret/${seed.id}/upload/complete`,
        headers: token(seed),
        body: {},
      }));
    case 'PUT /secret/{id}/files/{fileId}/parts/{part}':
      return fc.tuple(upload, fc.constantFrom(1, 2)).map(([seed, n]) => ({
        segment: '',
        path: `/secret/${seed.id}/files/${seed.fileId}/parts/${n}`,
        headers: token(seed),
        body: { payload: part(n), contentType: 'application/octet-stream' },
      }));
    case 'POST /download':
      return fc.constantFrom(...seeds.downloads).map((download) => ({
        segment: '',
        body: { payload: JSON.stringify(download), contentType: 'application/json' },
      }));
    default:
      return null;
  }
}
