import { toBase64Url } from '../../../../shared/crypto/bytes';
import { cipherSize } from '../../../../shared/crypto/file-format';
import { choosePartSize } from '../../../../shared/rules/files';
import type { FileManifest, UploadTicket } from '../api/files.api';
import type { SealedFile } from '../crypto/crypto.protocol';
import type { CreatedSecretView, PendingUpload } from '../model';

/**
 * What the create call says of each file before any part is sent: its sealed details, the size of its encrypted
 * stream and the part size to send it in. A secret and a response to a request announce their files alike.
 */
export function fileManifest(files: readonly File[], sealed: readonly SealedFile[]): FileManifest[] {
  return files.map((file, index) => {
    const size = cipherSize(file.size);
    return { meta: sealed[index]!.meta, size, partSize: choosePartSize(size) };
  });
}

/** The upload the create call opened, as the sender keeps it: ids and token from the ticket, headers from the seal. */
export function pendingUpload(
  secret: CreatedSecretView,
  password: string | null,
  upload: UploadTicket,
  files: readonly File[],
  sealed: readonly SealedFile[],
): PendingUpload {
  return {
    version: 1,
    secret,
    password,
    token: upload.token,
    expiresAt: upload.expiresAt,
    files: files.map((file, index) => ({
      fileId: upload.files[index]!.id,
      name: file.name,
      type: file.type,
      size: file.size,
      lastModified: file.lastModified,
      header: toBase64Url(sealed[index]!.header),
      sent: {},
    })),
  };
}
