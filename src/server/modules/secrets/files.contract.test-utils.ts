import { expect } from 'vitest';
import {
  bodyFailures,
  crossSite,
  json,
  rateLimited,
  unknownToken,
  type RouteName,
  type Scenario,
} from '../../test-utils/contract-api.js';
import {
  complete,
  CONTENT,
  MANIFEST,
  malformedId,
  part,
  PART_SIZE,
  partRateLimited,
  putPart,
  startUpload,
  status,
  storageFull,
  UNKNOWN_ID,
  UNKNOWN_UPLOAD,
  uploadedAndRead,
  uploadForbidden,
  uploadNotFound,
  withFiles,
} from '../../test-utils/contract-files.js';

/**
 * The contract test's scenarios for the file routes (and the create and read answers with files): one per status
 * each declares, or more.
 */

type FileRoute = Extract<RouteName, 'uploadStatus' | 'uploadPart' | 'completeUpload' | 'download'>;

export {
  CONTENT,
  FILES_CONFIG,
  MANIFEST,
  putPart,
  startUpload,
  uploadedAndRead,
} from '../../test-utils/contract-files.js';

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
    storageFull('a part that finds the file storage full', [], (upload) => putPart(upload, 1)),
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
    withFiles({
      status: 200,
      why: 'a completion sent again while the first is at work (a retry after a lost answer)',
      run: async (api) => {
        const upload = await startUpload(api, [1, 2]);
        const [first, again] = await Promise.all([api.inject(complete(upload)), api.inject(complete(upload))]);
        expect(first.statusCode).toBe(200);
        return again;
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
    storageFull('a completion that finds the file storage full', [1, 2], complete),
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
