import { pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import { partCount, partLength } from '../../../shared/api/files.contract.js';
import type { Clock } from '../../lib/clock.js';
import { matchesHash } from '../../lib/tokens.js';
import {
  headerInvalid,
  incomplete,
  partOutOfRange,
  partSizeWrong,
  partTooLarge,
  uploadComplete,
  uploadForbidden,
  uploadNotFound,
} from './files.errors.js';
import type { FileRow, FilesRepository } from './files.repository.js';
import { FileHeaderError, HeaderCheck } from './header-check.js';
import { IncompleteUpload, PartSizeMismatch, UploadAlreadyComplete, type BlobStorage } from './storage/index.js';

/** What the files module needs to know of a secret whose files are uploading. */
export interface UploadingSecret {
  id: string;
  ready: number;
  upload_token_hash: string | null;
}

/** The secrets module's side of an upload (the secrets service implements it: it alone changes readiness). */
export interface UploadSecrets {
  /** The secret if it exists and has not expired, ready or not. */
  findLive(id: string, now: number): Promise<UploadingSecret | undefined>;
  /** Makes an uploading secret readable; false when it is gone or expired. */
  markReady(id: string, now: number): Promise<boolean>;
}

export interface PartUpload {
  secretId: string;
  fileId: string;
  part: number;
  token: string | undefined;
  /** The request's Content-Length. */
  length: number;
  body: Readable;
}

const allParts = (file: FileRow) => Array.from({ length: file.part_count }, (_, index) => index + 1);
const present = (file: FileRow, received: number[]) => ({
  id: file.id,
  size: file.size,
  partSize: file.part_size,
  parts: file.part_count,
  received,
});

/** Uploads in parts: the status, one part, completion. Nothing here reads a body before every check has passed. */
export function createUploads(deps: {
  repository: FilesRepository;
  storage: BlobStorage;
  secrets: UploadSecrets;
  clock: Clock;
}) {
  const { repository, storage, secrets, clock } = deps;

  /** The secret behind an upload request, if the token opens it. */
  async function authorize(secretId: string, token: string | undefined): Promise<UploadingSecret> {
    const secret = await secrets.findLive(secretId, clock());
    if (!secret || !secret.upload_token_hash) throw uploadNotFound();
    if (!matchesHash(token, secret.upload_token_hash)) throw uploadForbidden();
    return secret;
  }

  /** The parts of each file the storage holds: all of them once its blob is complete. */
  async function received(file: FileRow): Promise<number[]> {
    if (await storage.stat(file.id)) return allParts(file);
    const count = file.part_count;
    return (await storage.parts(file.id))
      .filter(
        (part) => part.partNumber <= count && part.size === partLength(file.size, file.part_size, part.partNumber),
      )
      .map((part) => part.partNumber);
  }

  async function status(secret: UploadingSecret) {
    const files = await repository.forSecret(secret.id);
    const ready = secret.ready === 1;
    const withParts = await Promise.all(
      files.map(async (file) => present(file, ready ? allParts(file) : await received(file))),
    );
    return { id: secret.id, complete: ready, files: withParts };
  }

  function checkedBody(part: number, body: Readable): Readable {
    if (part !== 1) return body;
    const check = new HeaderCheck();
    pipeline(body, check, () => {}); // an error of either side reaches the storage through `check`
    return check;
  }

  return {
    async status(secretId: string, token: string | undefined) {
      return status(await authorize(secretId, token));
    },

    async putPart(upload: PartUpload) {
      const secret = await authorize(upload.secretId, upload.token);
      if (secret.ready === 1) throw uploadComplete();
      const file = (await repository.forSecret(secret.id)).find((row) => row.id === upload.fileId);
      if (!file) throw uploadNotFound();
      if (upload.part < 1 || upload.part > file.part_count) throw partOutOfRange(file.part_count);
      const expected = partLength(file.size, file.part_size, upload.part);
      // Decided from the header alone: not a byte of the body has been read.
      if (upload.length > expected) throw partTooLarge(expected);
      if (upload.length < expected) throw partSizeWrong(expected, upload.length);
      try {
        await storage.putPart(file.id, upload.part, checkedBody(upload.part, upload.body), expected);
      } catch (error) {
        if (error instanceof PartSizeMismatch) throw partSizeWrong(expected, error.received);
        if (error instanceof UploadAlreadyComplete) throw uploadComplete();
        if (error instanceof FileHeaderError) throw headerInvalid(error.message);
        throw error;
      }
      // Burned, expired or abandoned while the part streamed in: what it left behind goes too.
      if (!(await repository.exists(file.id))) {
        await storage.delete(file.id);
        throw uploadNotFound();
      }
      return { fileId: file.id, part: upload.part, size: expected };
    },

    /** Fixes every file from its parts and makes the secret readable; a retried completion answers the same. */
    async complete(secretId: string, token: string | undefined) {
      const secret = await authorize(secretId, token);
      if (secret.ready === 1) return status(secret);
      const files = await repository.forSecret(secret.id);
      const missing = [];
      for (const file of files) {
        const have = new Set(await received(file));
        const parts = allParts(file).filter((part) => !have.has(part));
        if (parts.length > 0) missing.push({ fileId: file.id, parts: parts.slice(0, 100) });
      }
      if (missing.length > 0) throw incomplete(missing);
      for (const file of files) {
        try {
          await storage.complete(file.id, partCount(file.size, file.part_size));
        } catch (error) {
          if (!(error instanceof IncompleteUpload)) throw error;
          throw incomplete([{ fileId: file.id, parts: error.missing }]);
        }
      }
      if (!(await secrets.markReady(secret.id, clock()))) throw uploadNotFound();
      return status({ ...secret, ready: 1 });
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
