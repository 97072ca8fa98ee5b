import { pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import { partCount, partLength } from '../../../../shared/api/files.contract.js';
import {
  headerInvalid,
  incomplete,
  partOutOfRange,
  partSizeWrong,
  partTooLarge,
  uploadComplete,
  uploadNotFound,
} from './attachments.errors.js';
import type { FileRow, FilesRepository } from './attachments.repository.js';
import { FileHeaderError, HeaderCheck } from './header-check.js';
import { storageFull } from '../../../http/errors.js';
import {
  IncompleteUpload,
  PartSizeMismatch,
  StorageFull,
  UploadAlreadyComplete,
  type BlobStorage,
} from '../../../storage/index.js';

/** What the attachments need to know of a secret whose files are uploading (the secrets service found it). */
export interface UploadingSecret {
  id: string;
  ready: number;
}

export interface PartUpload {
  fileId: string;
  part: number;
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

/**
 * Uploads in parts of a secret the secrets service has found and whose upload token it has checked: the status,
 * one part, storing the completed files. Nothing here reads a body before every check has passed.
 */
export function createUploads(deps: { repository: FilesRepository; storage: BlobStorage }) {
  const { repository, storage } = deps;

  /** The parts of each file the storage holds: all of them once its blob is complete. */
  async function received(file: FileRow): Promise<number[]> {
    if (await storage.stat(file.id)) return allParts(file);
    const count = file.part_count;
    const parts = (await storage.parts(file.id))
      .filter(
        (part) => part.partNumber <= count && part.size === partLength(file.size, file.part_size, part.partNumber),
      )
      .map((part) => part.partNumber);
    // A completion running at the same time (a retried one) may have turned the parts into the blob meanwhile.
    if (parts.length < count && (await storage.stat(file.id))) return allParts(file);
    return parts;
  }

  async function status(secret: UploadingSecret) {
    const files = await repository.forSecret(secret.id);
    const ready = secret.ready === 1;
    const withParts = await Promise.all(
      files.map(async (file) => present(file, ready ? allParts(file) : await received(file))),
    );
    return { id: secret.id, complete: ready, files: withParts };
  }

  /**
   * A write of this upload found the storage full: everything the upload holds goes at once (it cannot finish
   * until space is freed, and its parts would hold the space until the sweeper took them an hour later), and the
   * client hears 507. Once there is room, it sends the parts again. Should deleting fail too, the sweeper is left.
   */
  async function refuseFull(files: FileRow[], error: StorageFull): Promise<never> {
    await storage.deleteMany(files.map((file) => file.id)).catch(() => undefined);
    throw storageFull(error);
  }

  function checkedBody(part: number, body: Readable): Readable {
    if (part !== 1) return body;
    const check = new HeaderCheck();
    pipeline(body, check, () => {}); // an error of either side reaches the storage through `check`
    return check;
  }

  return {
    status,

    async putPart(secret: UploadingSecret, upload: PartUpload) {
      if (secret.ready === 1) throw uploadComplete();
      const files = await repository.forSecret(secret.id);
      const file = files.find((row) => row.id === upload.fileId);
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
        if (error instanceof StorageFull) return refuseFull(files, error);
        throw error;
      }
      // Burned, expired or abandoned while the part streamed in: what it left behind goes too.
      if (!(await repository.exists(file.id))) {
        await storage.delete(file.id);
        throw uploadNotFound();
      }
      return { fileId: file.id, part: upload.part, size: expected };
    },

    /** Fixes every file of a secret not ready yet from its parts; the secrets service then makes it readable. */
    async complete(secret: UploadingSecret): Promise<void> {
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
          if (error instanceof StorageFull) return refuseFull(files, error);
          if (!(error instanceof IncompleteUpload)) throw error;
          throw incomplete([{ fileId: file.id, parts: error.missing }]);
        }
      }
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
