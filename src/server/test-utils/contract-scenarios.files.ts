import { expect } from 'vitest';
import { UPLOAD_TOKEN_HEADER } from '../../shared/api/files.contract.js';
import { cipherSize, DEFAULT_CHUNK_SIZE, encodeFileHeader } from '../../shared/crypto/file-format.js';
import type { Config } from '../config.js';
import {
  bodyFailures,
  crossSite,
  json,
  RATE_LIMIT,
  rateLimited,
  unknownToken,
  type Api,
  type ApiRequest,
  type RouteName,
  type Scenario,
} from './contract-api.js';

/**
 * The contract test's scenarios for the file routes (and the create and read answers with files): one per status
 * each declares, or more.
 */

type FileRoute = Extract<RouteName, 'uploadStatus' | 'uploadPart' | 'completeUpload' | 'download'>;

/** Anonymous callers may attach files (the default takes files from signed-in users only). */
export const FILES_CONFIG = { uploadRestriction: false } satisfies Partial<Config>;
const PART_SIZE = 65536;
/** The same bytes every run (fixed salt and nonce prefix, a fixed pattern): both prefixes must serve them alike. */
export const CONTENT = (() => {
  const bytes = Buffer.alloc(cipherSize(70_000));
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
  Buffer.from(encodeFileHeader(DEFAULT_CHUNK_SIZE, new Uint8Array(16).fill(3), new Uint8Array(7).fill(5))).copy(bytes);
  return bytes;
})();
/** Part `n` (1-based) of CONTENT: 65,536 bytes, then the rest. */
const part = (n: number) => CONTENT.subarray((n - 1) * PART_SIZE, n * PART_SIZE);
export const MANIFEST = { meta: 'hush1.bWV0YQ', size: CONTENT.length, partSize: PART_SIZE };
const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const OCTETS = 'application/octet-stream';

export interface Upload {
  id: string;
  token: string;
  fileId: string;
}

/** Creates a secret with CONTENT declared as its file, and sends the given parts. */
export async function startUpload(api: Api, parts: number[] = []): Promise<Upload> {
  const response = await api.inject({
    method: 'POST',
    url: '/secret',
    payload: { text: 'hush1.c2VjcmV0', ttl: 3600, files: [MANIFEST] },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id, upload } = response.json<{ id: string; upload: { token: string; files: { id: string }[] } }>();
  const started = { id, token: upload.token, fileId: upload.files[0]!.id };
  for (const n of parts) expect((await api.inject(putPart(started, n))).statusCode).toBe(200);
  return started;
}

/** Uploads CONTENT whole, completes it, reads the secret: its id and the file's download key. */
export async function uploadedAndRead(api: Api): Promise<{ id: string; key: string }> {
  const upload = await startUpload(api, [1, 2]);
  expect((await api.inject(complete(upload))).statusCode).toBe(200);
  const read = await api.inject({ method: 'POST', url: `/secret/${upload.id}` });
  return { id: upload.id, key: read.json<{ files: { downloadKey: string }[] }>().files[0]!.downloadKey };
}

const tokenHeader = (token: string) => ({ [UPLOAD_TOKEN_HEADER]: token });
export const putPart = (upload: Upload, n: number, body: Buffer = part(n), headers = {}): ApiRequest => ({
  method: 'PUT',
  url: `/secret/${upload.id}/files/${upload.fileId}/parts/${n}`,
  payload: body,
  headers: { 'content-type': OCTETS, ...tokenHeader(upload.token), ...headers },
});
const status = (upload: Upload): ApiRequest => ({
  url: `/secret/${upload.id}/upload`,
  headers: tokenHeader(upload.token),
});
const complete = (upload: Upload): ApiRequest => ({
  method: 'POST',
  url: `/secret/${upload.id}/upload/complete`,
  headers: tokenHeader(upload.token),
});
const UNKNOWN_UPLOAD: Upload = { id: UNKNOWN_ID, token: 'T'.repeat(43), fileId: UNKNOWN_ID };

/** With files: each scenario gets an app where anonymous callers may attach them. */
const withFiles = (scenario: Scenario): Scenario => ({ ...scenario, config: { ...FILES_CONFIG, ...scenario.config } });

/** Part uploads have a larger allowance (100 times the others'): the request after it is the 429. */
const partRateLimited: Scenario = {
  status: 429,
  code: 'rate_limited',
  why: 'the client is over the (larger) rate limit of part uploads',
  config: RATE_LIMIT,
  async run(api) {
    const request = putPart(UNKNOWN_UPLOAD, 1);
    for (let i = 0; i < RATE_LIMIT.rateLimitMax * 100; i++) {
      expect((await api.inject(request)).statusCode).not.toBe(429);
    }
    return api.inject(request);
  },
};

const uploadForbidden = (request: (upload: Upload) => ApiRequest, parts: number[] = []): Scenario =>
  withFiles({
    status: 403,
    code: 'files.upload_forbidden',
    why: 'a wrong upload token',
    run: async (api) => api.inject(request({ ...(await startUpload(api, parts)), token: 'W'.repeat(43) })),
  });
const uploadNotFound = (request: (upload: Upload) => ApiRequest): Scenario => ({
  status: 404,
  code: 'files.upload_not_found',
  why: 'an unknown secret',
  run: (api) => api.inject(request(UNKNOWN_UPLOAD)),
});
const malformedId = (request: (upload: Upload) => ApiRequest): Scenario => ({
  status: 400,
  code: 'validation.id',
  why: 'an id longer than 64 characters',
  run: (api) => api.inject(request({ ...UNKNOWN_UPLOAD, id: 'A'.repeat(65) })),
});

export const FILE_SCENARIOS: Record<FileRoute, Scenario[]> = {
  uploadStatus: [
    withFiles({
      status: 200,
      why: 'the creator’s upload token, one part received',
      run: async (api) => api.inject(status(await startUpload(api, [2]))),
    }),
    malformedId(status),
    unknownToken(status(UNKNOWN_UPLOAD)),
    uploadForbidden(status),
    uploadNotFound(status),
    rateLimited(status(UNKNOWN_UPLOAD)),
  ],
  uploadPart: [
    withFiles({
      status: 200,
      why: 'a part of the declared length',
      run: async (api) => api.inject(putPart(await startUpload(api), 2)),
    }),
    withFiles({
      status: 200,
      why: 'a part sent again (it replaces the first copy)',
      run: async (api) => api.inject(putPart(await startUpload(api, [1]), 1)),
    }),
    withFiles({
      status: 400,
      code: 'files.part_invalid',
      why: 'a part number past the file’s parts',
      run: async (api) => api.inject(putPart(await startUpload(api), 3, part(2))),
    }),
    withFiles({
      status: 400,
      code: 'files.part_size',
      why: 'a body shorter than the part',
      run: async (api) => api.inject(putPart(await startUpload(api), 1, part(1).subarray(1))),
    }),
    withFiles({
      status: 400,
      code: 'files.header_invalid',
      why: 'a first part without a file header',
      run: async (api) => api.inject(putPart(await startUpload(api), 1, Buffer.alloc(PART_SIZE))),
    }),
    {
      status: 400,
      code: 'validation.part',
      why: 'a part number that is not a number',
      run: (api) =>
        api.inject({ ...putPart(UNKNOWN_UPLOAD, 1), url: `/secret/${UNKNOWN_ID}/files/${UNKNOWN_ID}/parts/x` }),
    },
    unknownToken(putPart(UNKNOWN_UPLOAD, 1)),
    uploadForbidden((upload) => putPart(upload, 1)),
    crossSite(putPart(UNKNOWN_UPLOAD, 1)),
    uploadNotFound((upload) => putPart(upload, 1)),
    withFiles({
      status: 409,
      code: 'files.upload_complete',
      why: 'a part after completion',
      run: async (api) => {
        const upload = await startUpload(api, [1, 2]);
        expect((await api.inject(complete(upload))).statusCode).toBe(200);
        return api.inject(putPart(upload, 1));
      },
    }),
    {
      status: 411,
      code: 'files.length_required',
      why: 'no Content-Length (and no body)',
      run: (api) => api.inject({ ...putPart(UNKNOWN_UPLOAD, 1), payload: undefined }),
    },
    withFiles({
      status: 413,
      code: 'files.part_too_large',
      why: 'a Content-Length over the part’s',
      run: async (api) => api.inject(putPart(await startUpload(api), 2, part(1))),
    }),
    {
      status: 415,
      code: 'files.media_type',
      why: 'a JSON body',
      run: (api) => api.inject({ ...putPart(UNKNOWN_UPLOAD, 1), ...json('{"a":1}') }),
    },
    partRateLimited,
  ],
  completeUpload: [
    withFiles({
      status: 200,
      why: 'every part received',
      run: async (api) => api.inject(complete(await startUpload(api, [2, 1]))),
    }),
    withFiles({
      status: 200,
      why: 'a completion repeated',
      run: async (api) => {
        const upload = await startUpload(api, [1, 2]);
        expect((await api.inject(complete(upload))).statusCode).toBe(200);
        return api.inject(complete(upload));
      },
    }),
    malformedId(complete),
    unknownToken(complete(UNKNOWN_UPLOAD)),
    uploadForbidden(complete, [1, 2]),
    crossSite(complete(UNKNOWN_UPLOAD)),
    uploadNotFound(complete),
    withFiles({
      status: 409,
      code: 'files.incomplete',
      why: 'a part missing',
      run: async (api) => api.inject(complete(await startUpload(api, [1]))),
    }),
    ...bodyFailures('POST', `/secret/${UNKNOWN_ID}/upload/complete`),
    rateLimited(complete(UNKNOWN_UPLOAD)),
  ],
  download: [
    withFiles({
      status: 200,
      why: 'a live download key',
      run: async (api) => {
        const { id, key } = await uploadedAndRead(api);
        return api.inject({ method: 'POST', url: '/download', payload: { key, secretId: id } });
      },
    }),
    {
      status: 400,
      code: 'validation.key',
      why: 'no key',
      run: (api) => api.inject({ method: 'POST', url: '/download', payload: { secretId: UNKNOWN_ID } }),
    },
    unknownToken({ method: 'POST', url: '/download', payload: { key: 'k', secretId: UNKNOWN_ID } }),
    crossSite({ method: 'POST', url: '/download', payload: { key: 'k', secretId: UNKNOWN_ID } }),
    {
      status: 404,
      code: 'files.download_not_found',
      why: 'an unknown key',
      run: (api) =>
        api.inject({ method: 'POST', url: '/download', payload: { key: 'K'.repeat(43), secretId: UNKNOWN_ID } }),
    },
    withFiles({
      status: 404,
      code: 'files.download_not_found',
      why: 'a key for another secret',
      run: async (api) => {
        const { key } = await uploadedAndRead(api);
        return api.inject({ method: 'POST', url: '/download', payload: { key, secretId: UNKNOWN_ID } });
      },
    }),
    ...bodyFailures('POST', '/download'),
    rateLimited({ method: 'POST', url: '/download', payload: { key: 'k', secretId: UNKNOWN_ID } }),
  ],
};

/** Create and read with files: scenarios added to those of contract-scenarios.secrets.ts. */
export const FILE_CREATE_SCENARIOS: Scenario[] = [
  withFiles({
    status: 201,
    why: 'a file to upload in parts (the answer carries the upload ticket)',
    run: (api) => api.inject({ method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, files: [MANIFEST] } }),
  }),
  withFiles({
    status: 201,
    why: 'a small file inline',
    run: (api) =>
      api.inject({
        method: 'POST',
        url: '/secret',
        payload: { text: 'x', ttl: 3600, files: [{ meta: MANIFEST.meta, content: CONTENT.toString('base64url') }] },
      }),
  }),
  {
    status: 403,
    code: 'files.sign_in_required',
    why: 'an anonymous file under the upload restriction',
    run: (api) => api.inject({ method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, files: [MANIFEST] } }),
  },
  withFiles({
    status: 400,
    code: 'files.public_not_allowed',
    why: 'a public secret with a file',
    run: (api) =>
      api.inject({
        method: 'POST',
        url: '/secret',
        payload: { text: 'x', ttl: 3600, isPublic: true, files: [MANIFEST] },
      }),
  }),
  withFiles({
    status: 413,
    code: 'files.too_large',
    why: 'a file over the limit',
    config: { anonymousMaxFileBytes: 1000 },
    run: (api) => api.inject({ method: 'POST', url: '/secret', payload: { text: 'x', ttl: 3600, files: [MANIFEST] } }),
  }),
];

export const FILE_READ_SCENARIOS: Scenario[] = [
  withFiles({
    status: 200,
    why: 'a secret with a file (its download key in the answer)',
    run: async (api) => {
      const upload = await startUpload(api, [1, 2]);
      expect((await api.inject(complete(upload))).statusCode).toBe(200);
      return api.inject({ method: 'POST', url: `/secret/${upload.id}` });
    },
  }),
];
