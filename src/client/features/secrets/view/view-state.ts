import type { FileMeta } from '../../../../shared/crypto/file-meta';
import type { SecretContentBody, SecretStatusBody } from '../api/secrets.api';

/** Every state of the view page. Nothing here spends a view except `revealing`. */
export type ViewState =
  | { step: 'checking' }
  | { step: 'invalid-link' }
  | { step: 'no-webcrypto' }
  | { step: 'gone' }
  | { step: 'ip-forbidden' }
  | { step: 'failed'; messageKey: string }
  | {
      step: 'ready';
      status: SecretStatusBody | null;
      needsPassword: boolean;
      isPublic: boolean;
      attemptsLeft: number | null;
    }
  | { step: 'revealing' }
  | { step: 'revealed'; content: Revealed };

export interface Revealed {
  /** null when the text is not UTF-8 (a binary content, e.g. `hush create < photo.jpg`): see `binary`. */
  text: string | null;
  /** The bytes of a text that is not UTF-8, offered as a download; null for a text. */
  binary: Uint8Array<ArrayBuffer> | null;
  title: string | null;
  secret: SecretContentBody;
  /** Proves the key to the server; lets the reader delete the secret (private secrets only). */
  keyProof: string | null;
  files: RevealedFile[];
  /** The files' key material (non-extractable), null without files. */
  fileKeys: CryptoKey | null;
}

export interface RevealedFile {
  /** Its place among the secret's files: the file index its encryption is bound to. */
  index: number;
  /** Name, type and size, or null when they do not decrypt. */
  meta: FileMeta | null;
  /** Bytes of the download (the encrypted stream). */
  size: number;
  downloadKey: string;
  downloadExpiresAt: string;
}

/** The read's files, with the details the worker decrypted, in order. */
export function revealedFiles(files: SecretContentBody['files'] | undefined, metas: (FileMeta | null)[]) {
  return (files ?? []).map((file, index): RevealedFile => ({
    index,
    meta: metas[index] ?? null,
    size: file.size,
    downloadKey: file.downloadKey,
    downloadExpiresAt: file.downloadExpiresAt,
  }));
}

/** Turns a server or crypto error into the page's wording (a key in the 'view' namespace). */
export function messageFor(code: string | undefined): string {
  switch (code) {
    case 'secret.not_found':
      return 'errors.gone';
    case 'secret.key_invalid':
      return 'errors.wrongKey';
    case 'secret.ip_not_allowed':
      return 'errors.ipForbidden';
    case 'rate_limited':
      return 'errors.rateLimited';
    case 'network.unreachable':
      return 'errors.network';
    case 'tampered_or_wrong_key':
      return 'errors.cannotDecrypt';
    case 'unknown_version':
      return 'errors.unknownVersion';
    case 'malformed':
      return 'errors.damaged';
    default:
      return 'errors.generic';
  }
}
