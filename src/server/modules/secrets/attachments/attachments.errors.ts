import { httpError } from '../../../http/errors.js';
import { formatLimit } from '../../../lib/bytes.js';

/** The attachments' refusals (a secret's files); every one is a clear 4xx `{code, message}`. */

export const uploadsDisabled = () => httpError(403, 'files.upload_disabled', { field: 'files' });
export const signInRequired = () => httpError(403, 'files.sign_in_required', { field: 'files' });
export const publicWithFiles = () => httpError(400, 'files.public_not_allowed', { field: 'files' });

export type LimitKind = 'file' | 'secret' | 'user';
const LIMIT_TEXT: Record<LimitKind, string> = {
  file: 'A file may be at most',
  secret: 'The files of one secret may add up to at most',
  user: 'Your stored files may add up to at most',
};
export const tooLarge = (kind: LimitKind, limit: number, index?: number) =>
  httpError(
    413,
    'files.too_large',
    { field: 'files', limit: kind, limitBytes: limit, ...(index !== undefined && { index }) },
    `${LIMIT_TEXT[kind]} ${formatLimit(limit)}${index !== undefined ? ` (file ${index + 1} is larger)` : ''}`,
  );

export const sizeInvalid = (index: number, why: string) =>
  httpError(400, 'files.size_invalid', { field: 'files', index }, `File ${index + 1}: ${why}`);

export const uploadNotFound = () => httpError(404, 'files.upload_not_found');
export const uploadForbidden = () => httpError(403, 'files.upload_forbidden');
export const uploadComplete = () => httpError(409, 'files.upload_complete');
export const incomplete = (missing: { fileId: string; parts: number[] }[]) =>
  httpError(409, 'files.incomplete', { missing });
export const partOutOfRange = (parts: number) =>
  httpError(400, 'files.part_invalid', { field: 'part', parts }, `This file has parts 1 to ${parts}`);
export const partSizeWrong = (expected: number, received: number) =>
  httpError(
    400,
    'files.part_size',
    { expected, received },
    `This part must be exactly ${expected} bytes, not ${received}`,
  );
export const partTooLarge = (expected: number, bound: 'exactly' | 'at most' = 'exactly') =>
  httpError(
    413,
    'files.part_too_large',
    { expected },
    `A part must be ${bound} ${expected} bytes; the Content-Length is larger`,
  );
export const lengthRequired = () => httpError(411, 'files.length_required');
export const mediaType = () => httpError(415, 'files.media_type');
export const headerInvalid = (why: string) =>
  httpError(400, 'files.header_invalid', {}, `The file does not start with a valid Hush file header: ${why}`);
export const downloadNotFound = () => httpError(404, 'files.download_not_found');
