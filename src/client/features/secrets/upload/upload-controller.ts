import { runUploadWith, type PartSource, type UploadOptions } from '../../../../shared/upload/run-upload';
import { completeUpload, getUploadStatus, uploadPart, type UploadTarget } from '../api/files.api';

export { missingParts, receivedBytes } from '../../../../shared/upload/run-upload';
export type { PartSource, UploadCounts, UploadOptions } from '../../../../shared/upload/run-upload';

/** The upload loop of shared/upload, over the page's API client (cookies, same origin). */
export function runUpload(target: UploadTarget, source: PartSource, options: UploadOptions) {
  return runUploadWith(
    {
      status: (signal) => getUploadStatus(target, signal),
      part: (fileId, part, bytes, signal, onSent) => uploadPart(target, fileId, part, bytes, signal, onSent),
      complete: (signal) => completeUpload(target, signal),
    },
    source,
    options,
  );
}
