import { Readable } from 'node:stream';
import type { CreateFileInput } from '../../../../shared/api/files.contract.js';
import type { Clock } from '../../../lib/clock.js';
import { randomToken, sha256 } from '../../../lib/tokens.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { downloadNotFound } from './attachments.errors.js';
import { checkUserQuota, planFiles, type FileLimits, type FilePlan } from './attachments.plan.js';
import type { FilesRepository } from './attachments.repository.js';
import { createSweeper } from './attachments.sweeper.js';
import { createUploads } from './attachments.uploads.js';
import { BlobNotFound, type BlobStorage } from '../../../storage/index.js';

export interface AttachmentsDeps {
  repository: FilesRepository;
  storage: BlobStorage;
  settings: Pick<SettingsService, 'get'>;
  clock: Clock;
  limits: FileLimits;
  downloadKeyMinutes: number;
  uploadAbandonMinutes: number;
  log?: { warn(details: object, message: string): void };
}

const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;

/**
 * A secret's attached files: what creating, reading, burning and deleting a secret do to them, uploads, downloads
 * and the sweeper. The secrets service alone calls it (it owns the secret's readiness and upload state).
 */
export function createAttachments(deps: AttachmentsDeps) {
  const { repository, storage, clock } = deps;
  const uploads = createUploads(deps);
  const storedBytes = (userId: string) => repository.plainBytesOf(userId);

  /** Blob first, then row: a row never goes while its blob may still be stored. A failure is left to the sweeper. */
  async function deleteFiles(ids: string[]): Promise<number> {
    let deleted = 0;
    for (const id of ids) {
      try {
        await storage.delete(id);
        await repository.deleteRow(id);
        deleted += 1;
      } catch (error) {
        deps.log?.warn({ err: error }, 'could not delete a file now; the sweeper will retry');
      }
    }
    return deleted;
  }

  return {
    ...uploads,

    /** Create-time checks of a secret's files (before anything is stored); null without files. */
    async plan(files: CreateFileInput[], context: { userId: string | null; isPublic: boolean }) {
      if (files.length === 0) return null; // the common case: no settings read, nothing to check
      const { disable_file_upload: uploadsDisabled } = await deps.settings.get();
      return planFiles(files, deps.limits, { ...context, uploadsDisabled, storedBytes });
    },

    /**
     * Stores the planned files of a secret whose row exists (not ready yet): their rows, then inline content. A
     * user's quota is checked again once the rows count, so creates racing each other cannot both overshoot it.
     * On failure the caller deletes the secret with its files.
     */
    async attach(secretId: string, ownerId: string | null, plan: FilePlan) {
      const now = clock();
      await repository.insert(
        plan.files.map((file) => ({
          id: file.id,
          secret_id: secretId,
          owner_id: ownerId,
          position: file.position,
          meta: file.meta,
          size: file.size,
          plain_size: file.plainSize,
          part_size: file.partSize,
          part_count: file.partCount,
          created_at: now,
        })),
      );
      if (ownerId !== null) await checkUserQuota(deps.limits, ownerId, 0, storedBytes);
      for (const file of plan.files) {
        if (!file.content) continue;
        await storage.putPart(file.id, 1, Readable.from([file.content]), file.size);
        await storage.complete(file.id, 1);
      }
    },

    /** Secrets created before this moment whose upload is still not complete are abandoned. */
    abandonedBefore: (now: number) => now - deps.uploadAbandonMinutes * MINUTE,

    /** What the uploader gets back from the create. */
    ticket(plan: FilePlan, token: string, createdAt: number) {
      return {
        token,
        expiresAt: iso(createdAt + deps.uploadAbandonMinutes * MINUTE),
        files: plan.files.map((file) => ({
          id: file.id,
          size: file.size,
          partSize: file.partSize,
          parts: file.partCount,
          received: file.content ? [1] : [],
        })),
      };
    },

    /**
     * New download keys for every file of the secret, issued before its view is claimed: when the last view deletes
     * the secret, its files already have live keys, so the sweeper cannot take them from under the reader.
     */
    async issueKeys(secretId: string) {
      const expiresAt = clock() + deps.downloadKeyMinutes * MINUTE;
      const files = await repository.forSecret(secretId);
      const issued = files.map((file) => ({ file, key: randomToken(32) }));
      const rows = issued.map(({ file, key }) => ({
        key_hash: sha256(key),
        file_id: file.id,
        secret_id: secretId,
        expires_at: expiresAt,
      }));
      await repository.insertKeys(rows);
      return {
        hashes: rows.map((row) => row.key_hash),
        files: issued.map(({ file, key }) => ({
          id: file.id,
          meta: file.meta,
          size: file.size,
          downloadKey: key,
          downloadExpiresAt: iso(expiresAt),
        })),
      };
    },

    /** Keys of a read that did not get its view. */
    dropKeys: (hashes: string[]) => repository.deleteKeys(hashes),

    /** The ciphertext a live key opens, streamed from the storage; one 404 for every reason it does not. */
    async download(key: string, secretId: string) {
      const target = await repository.findDownload(sha256(key), secretId, clock());
      if (!target) throw downloadNotFound();
      try {
        return { id: target.id, size: target.size, stream: await storage.get(target.id) };
      } catch (error) {
        if (error instanceof BlobNotFound) throw downloadNotFound();
        throw error;
      }
    },

    /** A burned secret's files go at once, live download keys and all. Its row must be deleted already. */
    async deleteForSecret(secretId: string): Promise<void> {
      await repository.deleteKeysOf('secret_id', [secretId]);
      await deleteFiles(await repository.ids('secret_id', secretId));
    },

    /** A deleted account's files go at once. Its secrets must be deleted already. */
    async deleteForOwner(ownerId: string): Promise<void> {
      const ids = await repository.ids('owner_id', ownerId);
      await repository.deleteKeysOf('file_id', ids);
      await deleteFiles(ids);
    },

    /** Deletes expired download keys and the files nothing needs any more. */
    sweep: createSweeper({ repository, deleteFiles, clock }),
  };
}

export type Attachments = ReturnType<typeof createAttachments>;
