import type { Clock } from '../../lib/clock.js';
import { matchesHash } from '../../lib/tokens.js';
import { uploadForbidden, uploadNotFound } from './attachments/attachments.errors.js';
import type { Attachments } from './attachments/attachments.service.js';
import type { FileSweepResult } from './attachments/attachments.sweeper.js';
import type { PartUpload } from './attachments/attachments.uploads.js';
import type { SecretRow, SecretsRepository } from './secrets.repository.js';

/** How a secret becomes readable, or goes before it ever was (secrets.service). */
export interface Readiness {
  markReady(secret: Pick<SecretRow, 'id' | 'request_id' | 'owner_id'>, now: number): Promise<boolean>;
  /** Deletes the secrets whose upload was not completed by `before`; answers how many. */
  deleteAbandoned(before: number): Promise<number>;
}

export interface SweepResult extends FileSweepResult {
  /** Secrets deleted because their upload was not completed in time. */
  abandoned: number;
}

/**
 * What reaches a secret's files from outside the secrets module: uploads by their token, downloads by their key, an
 * owner's files when the account goes, and the sweeper. Readiness changes here (and at create) only.
 */
export function createSecretFiles(deps: {
  repository: SecretsRepository;
  attachments: Attachments;
  clock: Clock;
  /** Readiness as the service changes it: a response's request hears of it in the same transaction. */
  readiness: Readiness;
}) {
  const { repository, attachments, clock, readiness } = deps;

  /** The secret behind an upload request, if it lives and the token opens it. */
  async function authorize(secretId: string, token: string | undefined) {
    const secret = await repository.findLive(secretId, clock());
    if (!secret || !secret.upload_token_hash) throw uploadNotFound();
    if (!matchesHash(token, secret.upload_token_hash)) throw uploadForbidden();
    return secret;
  }

  return {
    async uploadStatus(secretId: string, token: string | undefined) {
      return attachments.status(await authorize(secretId, token));
    },

    async putPart(secretId: string, token: string | undefined, upload: PartUpload) {
      const secret = await authorize(secretId, token);
      return attachments.putPart(secret, upload);
    },

    /**
     * Fixes every file from its parts and makes the secret readable. A completion sent again answers the same, also
     * one that arrives while the first is still at work (a client's retry after a lost answer): whichever makes the
     * secret ready, both answer its status. Only the token opens this, and a secret gone meanwhile stays gone (404).
     */
    async completeUpload(secretId: string, token: string | undefined) {
      const secret = await authorize(secretId, token);
      if (secret.ready === 1) return attachments.status(secret);
      await attachments.complete(secret);
      if (await readiness.markReady(secret, clock())) return attachments.status({ ...secret, ready: 1 });
      const current = await repository.findLive(secretId, clock());
      if (current?.ready !== 1) throw uploadNotFound();
      return attachments.status(current);
    },

    /** The ciphertext a live download key opens. */
    download: (key: string, secretId: string) => attachments.download(key, secretId),

    /** A deleted account's files go at once. Its secrets must be deleted already. */
    deleteOwnedBy: (ownerId: string) => attachments.deleteForOwner(ownerId),

    /**
     * Deletes the secrets whose upload was abandoned, then expired download keys and the files nothing needs (the
     * abandoned secrets' files among them). Safe on several instances at once.
     */
    async sweep(): Promise<SweepResult> {
      const abandoned = await readiness.deleteAbandoned(attachments.abandonedBefore(clock()));
      return { abandoned, ...(await attachments.sweep()) };
    },
  };
}

export type SecretFiles = ReturnType<typeof createSecretFiles>;
