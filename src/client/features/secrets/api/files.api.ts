import type { z } from 'zod';
import type {
  FileForReader,
  FileManifestItem,
  PartStored,
  UploadStatus as UploadStatusSchema,
  UploadTicket as UploadTicketSchema,
} from '../../../../shared/api/files.contract';
import { UPLOAD_TOKEN_HEADER } from '../../../../shared/rules/files';
import { request } from '../../../lib/api-client';
import { sendWithUploadProgress } from '../../../lib/xhr-send';

export type UploadStatus = z.output<typeof UploadStatusSchema>;
export type UploadTicket = z.output<typeof UploadTicketSchema>;
export type FileManifest = z.input<typeof FileManifestItem>;
export type ReaderFile = z.output<typeof FileForReader>;

/** What every upload call needs: the secret and the token the create answered with (never the key). */
export interface UploadTarget {
  secretId: string;
  token: string;
}

const uploadPath = ({ secretId }: UploadTarget) => `/secret/${encodeURIComponent(secretId)}`;
const tokenHeader = (target: UploadTarget) => ({ [UPLOAD_TOKEN_HEADER]: target.token });

/** The parts of each file the server holds: a reload resumes from here. */
export const getUploadStatus = (target: UploadTarget, signal?: AbortSignal) =>
  request(`${uploadPath(target)}/upload`, { headers: tokenHeader(target), signal }).then(
    (response) => response.json() as Promise<UploadStatus>,
  );

/**
 * Stores part `part` (1-based) of a file; sending a part again replaces it. `onSent` is told the bytes of the part
 * gone out so far, as they go.
 */
export const uploadPart = (
  target: UploadTarget,
  fileId: string,
  part: number,
  bytes: Uint8Array<ArrayBuffer>,
  signal?: AbortSignal,
  onSent?: (sent: number) => void,
) =>
  request(`${uploadPath(target)}/files/${encodeURIComponent(fileId)}/parts/${part}`, {
    method: 'PUT',
    body: bytes,
    headers: tokenHeader(target),
    signal,
    send: onSent && sendWithUploadProgress(onSent),
  }).then((response) => response.json() as Promise<z.output<typeof PartStored>>);

/** From now on the secret can be opened; 409 files.incomplete lists parts still missing. */
export const completeUpload = (target: UploadTarget, signal?: AbortSignal) =>
  request(`${uploadPath(target)}/upload/complete`, { method: 'POST', headers: tokenHeader(target), signal }).then(
    (response) => response.json() as Promise<UploadStatus>,
  );

/** The ciphertext of one file, as a stream; the key comes from the read and lasts a short time. */
export const downloadFile = (secretId: string, key: string, signal?: AbortSignal) =>
  request('/download', { body: { key, secretId }, signal });
