import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { partLength, UPLOAD_TOKEN_HEADER } from '../../shared/api/files.contract.js';
import { cipherSize, DEFAULT_CHUNK_SIZE, encodeFileHeader } from '../../shared/crypto/file-format.js';
import { S3BlobStorage } from '../storage/s3-storage.js';
import type { TestApp } from './app.js';
import { startS3, type TestS3 } from './s3.js';

/** Test support for file attachments: ciphertext as the server sees it, and the upload steps through the API. */

/** A sealed-details envelope as the server sees it (it cannot open them). */
export const META = 'hush1.ZmlsZSBkZXRhaWxz';
export const MiB = 1024 * 1024;

const header = () => Buffer.from(encodeFileHeader(DEFAULT_CHUNK_SIZE, randomBytes(16), randomBytes(7)));

/**
 * The bytes of an encrypted file of `plainSize` plaintext bytes, as the server sees them: a valid v1 header with
 * 1 MiB chunks, then random bytes of exactly the length such a stream has. (The server holds no key, so it cannot
 * tell them from real chunks; files.lifecycle.test.ts also sends real ones.)
 */
export function fakeCiphertext(plainSize: number): Buffer {
  return Buffer.concat([header(), randomBytes(cipherSize(plainSize) - 28)]);
}

/** The same, made as it is read (64 KiB at a time) and fed to `hash`, so a test never holds a large file. */
export function generatedCiphertext(plainSize: number, hash: Hash): Readable {
  let left = cipherSize(plainSize);
  let first = true;
  return new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const chunk = first ? header() : randomBytes(Math.min(64 * 1024, left));
      first = false;
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
}

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface UploadTicket {
  token: string;
  expiresAt: string;
  files: { id: string; size: number; partSize: number; parts: number; received: number[] }[];
}
export interface Created {
  id: string;
  deleteToken: string;
  expiresAt: string;
  upload?: UploadTicket;
}

export type Headers = Record<string, string>;

/** The file steps of the API for one app, one prefix, one caller. */
export function filesApi(t: TestApp, options: { prefix?: string; headers?: Headers } = {}) {
  const prefix = options.prefix ?? '/api/v1';
  const own = options.headers ?? {};
  const inject = (request: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: unknown;
    headers?: Headers;
  }): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: request.method ?? 'GET',
      url: `${prefix}${request.url}`,
      headers: { ...own, ...request.headers },
      ...(request.payload !== undefined && { payload: request.payload as string }),
    });
  const tokenHeader = (token: string | undefined): Headers => (token ? { [UPLOAD_TOKEN_HEADER]: token } : {});

  const api = {
    inject,
    /** POST /secret with files; answers the raw response. */
    create: (files: unknown[], body: Record<string, unknown> = {}) =>
      inject({ method: 'POST', url: '/secret', payload: { text: 'hush1.c2VjcmV0', ttl: 3600, files, ...body } }),
    /** POST /secret with these contents declared as manifest files in parts of `partSize`; expects 201. */
    async createFor(contents: Buffer[], partSize = 64 * 1024, body: Record<string, unknown> = {}): Promise<Created> {
      const response = await api.create(
        contents.map((content) => ({ meta: META, size: content.length, partSize })),
        body,
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Created>();
    },
    putPart: (
      secretId: string,
      fileId: string,
      part: number | string,
      token: string | undefined,
      body: Buffer,
      headers: Headers = {},
    ) =>
      inject({
        method: 'PUT',
        url: `/secret/${secretId}/files/${fileId}/parts/${part}`,
        headers: { 'content-type': 'application/octet-stream', ...tokenHeader(token), ...headers },
        payload: body,
      }),
    status: (secretId: string, token: string | undefined) =>
      inject({ url: `/secret/${secretId}/upload`, headers: tokenHeader(token) }),
    complete: (secretId: string, token: string | undefined) =>
      inject({ method: 'POST', url: `/secret/${secretId}/upload/complete`, headers: tokenHeader(token) }),
    /** Uploads every part of every file (in order), expecting 200 each. */
    async uploadAll(created: Created, contents: Buffer[]): Promise<void> {
      const ticket = created.upload!;
      for (const [index, file] of ticket.files.entries()) {
        for (let part = 1; part <= file.parts; part++) {
          const response = await api.putPart(
            created.id,
            file.id,
            part,
            ticket.token,
            slice(contents[index]!, file, part),
          );
          expect(response.statusCode, response.body).toBe(200);
        }
      }
    },
    read: (secretId: string, payload: Record<string, unknown> = {}) =>
      inject({ method: 'POST', url: `/secret/${secretId}`, payload }),
    download: (key: string, secretId: string) =>
      inject({ method: 'POST', url: '/download', payload: { key, secretId } }),
  };
  return api;
}

/** Part `part` (1-based) of `content` as the ticket's file cuts it. */
export function slice(content: Buffer, file: { size: number; partSize: number }, part: number): Buffer {
  const start = (part - 1) * file.partSize;
  return content.subarray(start, start + partLength(file.size, file.partSize, part));
}

/** Every file under a folder (relative paths), for checking that nothing of a file was left on disk. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The configuration that lets anonymous callers attach files of up to `bytes` (tests without accounts). */
export const anonymousFiles = (bytes = 64 * MiB) => ({ uploadRestriction: false, anonymousMaxFileBytes: bytes });

/**
 * Writes `head` (request line and headers, with the blank line) and then `body`, if any, on a raw TCP connection and
 * resolves with what the server answered, how long the answer took, and whether the server closed the connection.
 * `end` closes our side after writing (a client that gives up mid-body).
 */
export function rawRequest(
  port: number,
  head: string,
  options: { body?: Buffer; end?: boolean; timeoutMs?: number } = {},
): Promise<{ response: string; ms: number; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ host: '127.0.0.1', port });
    let response = '';
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ response, ms: performance.now() - started, closed });
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 5000);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (response || error.code === 'ECONNRESET' || error.code === 'EPIPE') finish(true);
      else reject(error);
    });
    socket.on('data', (data: Buffer) => {
      response += data.toString('utf8');
      const [, body] = response.split('\r\n\r\n');
      // A whole JSON answer is in (our errors and part receipts are one small JSON object).
      if (body !== undefined && /}\s*$/.test(body)) setTimeout(() => finish(socket.readableEnded), 50);
    });
    socket.on('end', () => finish(true));
    socket.on('connect', () => {
      socket.write(head);
      if (options.body) socket.write(options.body);
      if (options.end) socket.end();
    });
  });
}

/** A signed-in browser's headers for a new account (`role` user by default). */
export async function signedIn(t: TestApp, username: string, role: 'user' | 'creator' | 'admin' = 'user') {
  const user = await t.services.auth.createUser(
    { username, email: `${username}@example.com`, password: 'correct horse' },
    role,
  );
  const session = await t.services.auth.startSession(user);
  return { user, headers: { cookie: `hush_session=${session.token}` } };
}

/** Every object key under `prefix` in the storage's bucket (ListObjectsV2, page by page). */
export async function objectKeys(storage: S3BlobStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

let storages = 0;

/**
 * For a suite run on both stores: registers the hooks that start s3rver (for 's3'), and gives each test a storage
 * of its own (an S3 prefix of its own; on disk the app's own folder) and the list of what it still holds.
 */
export function storageFor(kind: 'disk' | 's3') {
  let s3: TestS3 | undefined;
  let storage: S3BlobStorage | undefined;
  let prefix = '';
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
  });
  afterAll(() => s3?.stop());
  return {
    /** The storage for the next test's app (undefined: the app's own disk storage). */
    open(): S3BlobStorage | undefined {
      prefix = `files-${(storages += 1)}/`;
      storage = s3 && new S3BlobStorage({ ...s3.options, prefix });
      return storage;
    },
    close: async () => storage?.close(),
    /** Every file (disk) or object (S3) the test's storage holds. */
    blobs: (t: TestApp) => (storage ? objectKeys(storage, prefix) : filesUnder(join(t.config.dataDir, 'files'))),
  };
}
