/**
 * The secrets feature's shared model: the types and errors that its parts (create, upload, view) hand to each other.
 * It imports nothing of the feature, so every part may import it.
 */

/** The steps of creating a secret, for progress and for errors: which one failed. */
export type SubmitPhase = 'encrypting' | 'sending' | 'uploading';

/** A created secret as the result view needs it. `key` is null for public secrets, which have none. */
export interface CreatedSecretView {
  id: string;
  key: string | null;
  deleteToken: string;
  expiresAt: string;
  isPublic: boolean;
  maxViews: number;
  preventBurn: boolean;
  /** The attached files, all uploaded. */
  files?: { name: string; size: number }[];
  /**
   * The password that protects it, shown once more with the link: the reader needs it too, and a generated one is
   * easy to lose. Held in the result's state only, like the key (never in storage beyond the pending upload).
   */
  password?: string | null;
}

/**
 * An upload that has not completed, kept in sessionStorage so that a reload can finish it. It holds the secret's key
 * (and password, without which the file keys cannot be derived again) and the upload token: sessionStorage is the
 * tab's own storage, gone with the tab, and the entry is removed as soon as the upload completes or is cancelled.
 * Files are found again by name, size and last-modified time, and each part's digest is kept from the moment it
 * begins to be sent: a part made again must be the same bytes (the nonces are the same; see FILES.md).
 */
export interface PendingFile {
  fileId: string;
  name: string;
  type: string;
  size: number;
  lastModified: number;
  /** The stream header, base64url: the salt and nonce prefix the file was encrypted with. */
  header: string;
  /** Digest of each part whose sending began, by part number. */
  sent: Record<string, string>;
}

export interface PendingUpload {
  version: 1;
  secret: CreatedSecretView;
  password: string | null;
  token: string;
  /** The server deletes an upload not complete by then. */
  expiresAt: string;
  files: PendingFile[];
}

/** The same bytes would be sent under the same nonces only if the file were unchanged: it is not. */
export class FileChangedError extends Error {
  constructor(readonly fileIndex: number) {
    super(`File ${fileIndex + 1} is not the one chosen before`);
    this.name = 'FileChangedError';
  }
}
