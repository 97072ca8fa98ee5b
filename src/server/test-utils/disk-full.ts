import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { UPLOAD_TOKEN_HEADER } from '../../shared/api/files.contract.js';
import { fakeCiphertext, filesUnder, META, MiB, sha256Hex, slice, type Created } from './files.js';
import { loopbackClient } from './loopback-client.js';
import { startPostgresCluster } from './services.js';
import { mountTmpfs, type Tmpfs } from './tmpfs.js';

/**
 * The full-disk scenarios (issue 29, point 10), against a running server at `url` (a process of test-utils/
 * server-process.ts, or any Hush) whose file storage, or whole data folder, is the tmpfs `disk`. Each answers what
 * it saw, to be compared with what it should have seen (the EXPECTED beside it): the Vitest test and the fault
 * runner both use them.
 */

export interface Refusal {
  status: number;
  code: unknown;
}

const TEXT = 'hush1.c2VjcmV0';
/** 2 MiB of ciphertext in parts of 1 MiB: 1 MiB, 1 MiB and the rest. */
const PLAIN_BYTES = 2 * MiB;
const PART_BYTES = MiB;

function client(url: string) {
  const http = loopbackClient(url, '127.0.0.1');
  const refusal = (response: { status: number; json(): Record<string, unknown> }): Refusal => ({
    status: response.status,
    code: response.json().code,
  });
  return {
    http,
    refusal,
    async createText(body: Record<string, unknown> = {}) {
      return http.send('POST', '/api/v1/secret', { json: { text: TEXT, ttl: 3600, ...body } });
    },
    async createWithFile(content: Buffer): Promise<Created> {
      const response = await http.send('POST', '/api/v1/secret', {
        json: { text: TEXT, ttl: 3600, files: [{ meta: META, size: content.length, partSize: PART_BYTES }] },
      });
      if (response.status !== 201) throw new Error(`create answered ${response.status} ${response.body.toString()}`);
      return response.json<Created>();
    },
    putPart(created: Created, content: Buffer, part: number) {
      const file = created.upload!.files[0]!;
      return http.send('PUT', `/api/v1/secret/${created.id}/files/${file.id}/parts/${part}`, {
        headers: { 'content-type': 'application/octet-stream', [UPLOAD_TOKEN_HEADER]: created.upload!.token },
        body: slice(content, file, part),
      });
    },
    complete(created: Created) {
      return http.send('POST', `/api/v1/secret/${created.id}/upload/complete`, {
        headers: { [UPLOAD_TOKEN_HEADER]: created.upload!.token },
      });
    },
    read(id: string) {
      return http.send('POST', `/api/v1/secret/${id}`);
    },
  };
}

/** Every part of the file, in order: whether each was stored (200). */
async function uploadAll(api: ReturnType<typeof client>, created: Created, content: Buffer): Promise<boolean> {
  let stored = true;
  for (let part = 1; part <= created.upload!.files[0]!.parts; part++) {
    stored = (await api.putPart(created, content, part)).status === 200 && stored;
  }
  return stored;
}

/** Bytes stored under the tmpfs besides its filler: what uploads left there. */
async function storedBytes(disk: Tmpfs): Promise<number> {
  const files = (await filesUnder(disk.dir)).filter((path) => !path.endsWith('/.filler'));
  const sizes = await Promise.all(files.map(async (path) => (await stat(path)).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

export interface FullFileStorage {
  /** A part that does not fit. */
  part: Refusal;
  /** Bytes of the upload still stored right after that refusal. */
  leftAfterPart: number;
  /** Text secrets while the file storage is full: create, read, and /readyz. */
  text: { create: number; read: number; ready: number };
  /** Completing when the parts fit but the blob made of them does not. */
  complete: Refusal;
  leftAfterComplete: number;
  /** Once space is freed: every part stored, completed, read, and the same bytes downloaded. */
  freed: { parts: boolean; complete: number; read: number; sameBytes: boolean };
}

export const FULL_FILE_STORAGE_EXPECTED: FullFileStorage = {
  part: { status: 507, code: 'storage.full' },
  leftAfterPart: 0,
  text: { create: 201, read: 200, ready: 200 },
  complete: { status: 507, code: 'storage.full' },
  leftAfterComplete: 0,
  freed: { parts: true, complete: 200, read: 200, sameBytes: true },
};

/**
 * The file storage (the tmpfs `disk`, about 8 MiB, mounted on `<data folder>/files`) fills up while the database
 * has room: a part that does not fit, then a completion that does not fit, then space is freed.
 */
export async function fullFileStorage(url: string, disk: Tmpfs): Promise<FullFileStorage> {
  const api = client(url);
  const content = fakeCiphertext(PLAIN_BYTES);
  const created = await api.createWithFile(content);

  // Part 1 fits; then only a quarter of a part is left.
  if ((await api.putPart(created, content, 1)).status !== 200) throw new Error('part 1 was not stored');
  await disk.fill(PART_BYTES / 4);
  const part = api.refusal(await api.putPart(created, content, 2));
  const leftAfterPart = await storedBytes(disk);

  // Not a byte left for files: text secrets and the readiness check do not need one.
  await disk.fill(0);
  const text = await api.createText();
  const read = text.status === 201 ? (await api.read(text.json<{ id: string }>().id)).status : 0;
  const ready = (await api.http.send('GET', '/readyz')).status;
  await disk.free();

  // Every part fits, but not the blob made of them beside them.
  if (!(await uploadAll(api, created, content))) throw new Error('the parts were not stored');
  await disk.fill(PART_BYTES);
  const complete = api.refusal(await api.complete(created));
  const leftAfterComplete = await storedBytes(disk);
  await disk.free();

  const parts = await uploadAll(api, created, content);
  const completed = (await api.complete(created)).status;
  const opened = await api.read(created.id);
  let sameBytes = false;
  if (opened.status === 200) {
    const { downloadKey } = opened.json<{ files: { downloadKey: string }[] }>().files[0]!;
    const download = await api.http.send('POST', '/api/v1/download', {
      json: { key: downloadKey, secretId: created.id },
    });
    sameBytes = download.status === 200 && sha256Hex(download.body) === sha256Hex(content);
  }
  return {
    part,
    leftAfterPart,
    text: { create: text.status, read, ready },
    complete,
    leftAfterComplete,
    freed: { parts, complete: completed, read: opened.status, sameBytes },
  };
}

export interface FullDatabaseDisk {
  /** A create while the database's disk is full (a text large enough to need new pages on either database). */
  whileFull: Refusal;
  /** Once space is freed: a create, and a read of a secret created before. */
  freed: { create: number; read: number };
}

export const FULL_DATABASE_DISK_EXPECTED: FullDatabaseDisk = {
  whileFull: { status: 507, code: 'storage.full' },
  freed: { create: 201, read: 200 },
};

/** 600 KB of text: new pages in SQLite's WAL and in PostgreSQL's TOAST table, whatever room the last pages had. */
const LARGE_TEXT = `hush1.${'A'.repeat(600_000)}`;

/** The disk under the database (SQLite's file and WAL, or a PostgreSQL tablespace) fills up; then space is freed. */
export async function fullDatabaseDisk(url: string, disk: Tmpfs): Promise<FullDatabaseDisk> {
  const api = client(url);
  const first = await api.createText({ maxViews: 2 });
  if (first.status !== 201) throw new Error(`create answered ${first.status}`);
  const { id } = first.json<{ id: string }>();
  await disk.fill(0);
  const whileFull = api.refusal(await api.createText({ text: LARGE_TEXT }));
  await disk.free();
  const create = (await api.createText({ text: LARGE_TEXT })).status;
  return { whileFull, freed: { create, read: (await api.read(id)).status } };
}

/**
 * A PostgreSQL cluster of the test's own (test-utils/services.ts) whose database `hush` lives in a tablespace on a
 * tmpfs of `bytes`: its tables fill up while its WAL, on the normal disk, has room (PostgreSQL stops altogether when
 * it cannot write its WAL). `url` is the database's.
 */
export async function postgresOnTmpfs(bytes: number) {
  const cluster = await startPostgresCluster();
  const dir = await mkdtemp(join(tmpdir(), 'hush-tablespace-'));
  const disk = mountTmpfs(join(dir, 'space'), bytes);
  execFileSync('chown', ['postgres', dir, disk.dir]);
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query(`create tablespace full_disk location '${disk.dir}'`);
    await admin.query('create database hush tablespace full_disk');
  } finally {
    await admin.end();
  }
  return {
    url: cluster.url.replace(/\/postgres$/, '/hush'),
    disk,
    async destroy() {
      await cluster.destroy();
      disk.unmount();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
