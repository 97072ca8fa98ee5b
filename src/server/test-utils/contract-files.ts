import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { UPLOAD_TOKEN_HEADER } from '../../shared/api/files.contract.js';
import { cipherSize, DEFAULT_CHUNK_SIZE, encodeFileHeader } from '../../shared/crypto/file-format.js';
import type { Config } from '../config.js';
import { RATE_LIMIT, type Api, type ApiRequest, type Scenario } from './contract-api.js';
import { mountTmpfs, tmpfsUnavailable } from './tmpfs.js';

/** The fixtures and request builders of the file routes' contract scenarios (modules/secrets/files.contract.test-utils.ts). */

/** Anonymous callers may attach files (the default takes files from signed-in users only). */
export const FILES_CONFIG = { uploadRestriction: false } satisfies Partial<Config>;
export const PART_SIZE = 65536;
/** The same bytes every run (fixed salt and nonce prefix, a fixed pattern): both prefixes must serve them alike. */
export const CONTENT = (() => {
  const bytes = Buffer.alloc(cipherSize(70_000));
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
  Buffer.from(encodeFileHeader(DEFAULT_CHUNK_SIZE, new Uint8Array(16).fill(3), new Uint8Array(7).fill(5))).copy(bytes);
  return bytes;
})();
/** Part `n` (1-based) of CONTENT: 65,536 bytes, then the rest. */
export const part = (n: number) => CONTENT.subarray((n - 1) * PART_SIZE, n * PART_SIZE);
export const MANIFEST = { meta: 'hush1.bWV0YQ', size: CONTENT.length, partSize: PART_SIZE };
export const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
export const OCTETS = 'application/octet-stream';

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

export const tokenHeader = (token: string) => ({ [UPLOAD_TOKEN_HEADER]: token });
export const putPart = (upload: Upload, n: number, body: Buffer = part(n), headers = {}): ApiRequest => ({
  method: 'PUT',
  url: `/secret/${upload.id}/files/${upload.fileId}/parts/${n}`,
  payload: body,
  headers: { 'content-type': OCTETS, ...tokenHeader(upload.token), ...headers },
});
export const status = (upload: Upload): ApiRequest => ({
  url: `/secret/${upload.id}/upload`,
  headers: tokenHeader(upload.token),
});
export const complete = (upload: Upload): ApiRequest => ({
  method: 'POST',
  url: `/secret/${upload.id}/upload/complete`,
  headers: tokenHeader(upload.token),
});
export const UNKNOWN_UPLOAD: Upload = { id: UNKNOWN_ID, token: 'T'.repeat(43), fileId: UNKNOWN_ID };

/** With files: each scenario gets an app where anonymous callers may attach them. */
export const withFiles = (scenario: Scenario): Scenario => ({
  ...scenario,
  config: { ...FILES_CONFIG, ...scenario.config },
});

/** Part uploads have a larger allowance (100 times the others'): the request after it is the 429. */
export const partRateLimited: Scenario = {
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

export const uploadForbidden = (request: (upload: Upload) => ApiRequest, parts: number[] = []): Scenario =>
  withFiles({
    status: 403,
    code: 'files.upload_forbidden',
    why: 'a wrong upload token',
    run: async (api) => api.inject(request({ ...(await startUpload(api, parts)), token: 'W'.repeat(43) })),
  });
export const uploadNotFound = (request: (upload: Upload) => ApiRequest): Scenario => ({
  status: 404,
  code: 'files.upload_not_found',
  why: 'an unknown secret',
  run: (api) => api.inject(request(UNKNOWN_UPLOAD)),
});
export const malformedId = (request: (upload: Upload) => ApiRequest): Scenario => ({
  status: 400,
  code: 'validation.id',
  why: 'an id longer than 64 characters',
  run: (api) => api.inject(request({ ...UNKNOWN_UPLOAD, id: 'A'.repeat(65) })),
});

/** The data folder of the full-storage scenarios: its files/ folder is a tmpfs while they run. */
const FULL_DATA_DIR = join(tmpdir(), `hush-contract-full-${process.pid}`);

/**
 * The request `send` makes (parts `parts` stored first) finds the file storage full: a real tmpfs, filled, mounted
 * on the app's files/ folder for the request (as root: CI is).
 */
export const storageFull = (why: string, parts: number[], send: (upload: Upload) => ApiRequest): Scenario => ({
  status: 507,
  code: 'storage.full',
  why,
  config: { ...FILES_CONFIG, dataDir: FULL_DATA_DIR },
  unplayable: tmpfsUnavailable,
  async run(api) {
    const disk = mountTmpfs(join(FULL_DATA_DIR, 'files'), 1024 * 1024);
    try {
      const upload = await startUpload(api, parts);
      await disk.fill(0);
      return await api.inject(send(upload));
    } finally {
      disk.unmount();
      await rm(FULL_DATA_DIR, { recursive: true, force: true });
    }
  },
});
