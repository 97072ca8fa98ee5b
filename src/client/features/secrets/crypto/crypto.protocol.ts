import type { FileMeta } from '../../../../shared/crypto/file-meta';
import type { SealedFields, SealInput } from '../../../../shared/crypto/seal';

/** A sealed file: its details as an envelope for the server, and the stream header to upload it with. */
export interface SealedFile {
  meta: string;
  header: Uint8Array<ArrayBuffer>;
}

/**
 * Messages to the crypto worker. Keys never leave it, except a reader's file key material, which is a
 * non-extractable CryptoKey. `session` names keys the worker keeps for files: from `seal` with files, `unlock`
 * (a resumed upload) or `proofs` (a reader); `release` drops them.
 */
export type CryptoRequest =
  /** `key` is fresh unless given: a response to a request is sealed under the key its exchange gives (REQUESTS.md). */
  | { id: number; op: 'seal'; input: SealInput; files?: FileMeta[]; key?: string }
  | { id: number; op: 'unlock'; key: string; password: string | null }
  | { id: number; op: 'proofs'; key: string; password: string | null }
  | { id: number; op: 'open'; readerId: number; content: { text: string; title: string | null; files?: string[] } }
  | { id: number; op: 'openFile'; session: number; fileIndex: number; file: Blob; header: Uint8Array<ArrayBuffer> }
  /** `part` is numbered from 1, as in the upload API. */
  | { id: number; op: 'encryptPart'; session: number; fileIndex: number; part: number; partSize: number }
  | { id: number; op: 'release'; session: number };

export type CryptoResponse =
  | { op: 'seal'; key: string; fields: SealedFields; session?: number; files?: SealedFile[] }
  | { op: 'unlock'; session: number }
  | { op: 'proofs'; keyProof: string; password: string | null }
  | {
      op: 'open';
      /** null when the text is not UTF-8: then `binary` holds its bytes (moved, not copied). */
      text: string | null;
      binary?: Uint8Array<ArrayBuffer>;
      title: string | null;
      /** Each file's details, or null when they do not open (damaged). */
      files: (FileMeta | null)[];
      /** For decrypting the files in the page; null when there are none. */
      fileKeys: CryptoKey | null;
    }
  | { op: 'openFile' }
  | { op: 'encryptPart'; bytes: Uint8Array<ArrayBuffer>; digest: string }
  | { op: 'release' };

export type WorkerReply =
  | { id: number; ok: true; result: CryptoResponse }
  | { id: number; ok: false; error: { name: string; message: string; reason?: string } };
