import { z } from 'zod';
import { FILE_LIMITS, UPLOAD_TOKEN_HEADER } from '../rules/files.js';
import { defineRoute, ErrorBody, errorResponse, noNul } from './contract.js';

/**
 * Encrypted file attachments: the API (DESIGN.md §4, SPEC.md §3 and §7). The browser or CLI encrypts each file as a
 * chunked stream (src/shared/crypto/FILES.md, 1 MiB chunks) and the server stores only that ciphertext.
 *
 *  1. Create: `POST /secret` with `files` (at most 10), each either
 *       `{meta, size, partSize}`  uploaded in parts afterwards: `size` = bytes of the whole encrypted stream, parts of
 *                                 `partSize` bytes (64 KiB to 16 MiB), every part full except the last;
 *       `{meta, content}`         a small file inline: `content` = the encrypted stream, base64url (API compatibility;
 *                                 bounded by the request body limit).
 *     201 `{id, deleteToken, expiresAt, upload?}`. `upload` is there when files wait for their parts:
 *     `{token, expiresAt, files: [{id, size, partSize, parts, received}]}`, files in the order of the create list
 *     (inline ones too, already received). Until the upload is complete the secret does not exist for readers
 *     (exist and read answer 404 as for an unknown id); an upload not complete by `upload.expiresAt` is deleted.
 *     Refusals: disable_file_upload (403 files.upload_disabled), public secrets (400 files.public_not_allowed),
 *     anonymous callers under the upload restriction (403 files.sign_in_required), a size no encrypted stream can
 *     have (400 files.size_invalid), over a limit per file, per secret or per user (413 files.too_large).
 *  2. Parts: `PUT /secret/{id}/files/{fileId}/parts/{part}`, part numbered from 1 to `parts`, headers
 *     `Hush-Upload-Token: <upload.token>`, `Content-Type: application/octet-stream` and `Content-Length` exactly the
 *     part's length. 200 `{fileId, part, size}`. Parts may come in any order and in parallel; sending a part again
 *     replaces it. Part 1 must start with a v1 header naming 1 MiB chunks.
 *  3. Status: `GET /secret/{id}/upload` (same token header) → `{id, complete, files}` with the parts received, so a
 *     reloaded page resumes with the missing ones.
 *  4. Complete: `POST /secret/{id}/upload/complete` (same token header, no body) → the status with `complete: true`;
 *     from then on the secret can be opened. Completing again with the token answers the same 200 while the secret
 *     lives, also while the first completion is still at work (a client's retry after a lost answer); the parts stay
 *     fixed, and a secret burned, used up or expired meanwhile answers 404. Parts missing: 409 files.incomplete with
 *     `missing: [{fileId, parts}]`.
 *  5. Read: `POST` (or `GET`) `/secret/{id}` answers `files: [{id, meta, size, downloadKey, downloadExpiresAt}]`, in
 *     the create order (the array index is the file index of the encryption). Each read issues new keys, valid a
 *     short time (HUSH_DOWNLOAD_KEY_MINUTES, 15 by default), also after the read that used the last view.
 *  6. Download: `POST /download` `{key, secretId}` → the ciphertext, `Content-Type: application/octet-stream`,
 *     `Content-Disposition: attachment; filename="<file id>.hush"`, `Content-Length`, `Cache-Control: no-store`.
 *     An unknown or expired key, or a key for another secret: 404 files.download_not_found, one answer for all.
 *
 * Limits count plaintext bytes (plainSizeOf of `size`): per file, per secret and per user (HUSH_MAX_FILE_BYTES,
 * HUSH_MAX_SECRET_FILE_BYTES, HUSH_MAX_USER_FILE_BYTES; anonymous secrets HUSH_ANONYMOUS_MAX_FILE_BYTES, each file and
 * together, when HUSH_UPLOAD_RESTRICTION is false). The page gets them in its runtime configuration (`files`). Part
 * uploads have 100 times the rate-limit allowance of other requests.
 *
 * Same paths under /api/v1 and /api. Errors are `{code, message}`; the upload routes also answer 403
 * files.upload_forbidden (token missing or wrong), 404 files.upload_not_found, 409 files.upload_complete (a part
 * after completion), 411 files.length_required, 413 files.part_too_large (a Content-Length over the part's length,
 * answered from the header before any of the body is read), 415 files.media_type, 400 files.part_invalid (part out
 * of range), files.part_size (a length other than the part's) and files.header_invalid.
 */

// The numbers (free of zod, for the web page) live in ../file-upload.ts; the contract re-exports them.
export { FILE_LIMITS, partCount, partLength, UPLOAD_TOKEN_HEADER } from '../rules/files.js';

/** 128 random bits, base64url. */
export const FileId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'must be a file id');
const SealedMeta = noNul(z.string().min(1).max(FILE_LIMITS.metaChars)).describe(
  'The file’s name, type and size, encrypted (an envelope string); never plain',
);

/** A file to be uploaded in parts after the secret is created. */
export const FileManifestItem = z
  .strictObject({
    meta: SealedMeta,
    size: z
      .number()
      .int()
      .min(1)
      .max(2 ** 50)
      .describe('Bytes of the whole encrypted stream, header included'),
    partSize: z
      .number()
      .int()
      .min(FILE_LIMITS.minPartBytes)
      .max(FILE_LIMITS.maxPartBytes)
      .describe('Bytes per part; every part is full except the last'),
  })
  .meta({ id: 'FileManifestItem' });
/** API compatibility: a small file sent inline, its encrypted stream base64url in `content`. */
export const InlineFile = z
  .strictObject({
    meta: SealedMeta,
    content: z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
      .describe('The encrypted stream, base64url'),
  })
  .meta({ id: 'InlineFile' });
export const CreateFile = z.union([FileManifestItem, InlineFile]);
export type CreateFileInput = z.output<typeof CreateFile>;
export const CreateFiles = z.array(CreateFile).max(FILE_LIMITS.maxFilesPerSecret).default([]);

export const UploadFile = z
  .object({
    id: FileId,
    size: z.number().int().describe('Bytes of the encrypted stream'),
    partSize: z.number().int(),
    parts: z.number().int().describe('How many parts to upload, numbered from 1'),
    received: z.array(z.number().int()).describe('Numbers of the parts the server holds (a reload resumes from here)'),
  })
  .meta({ id: 'UploadFile' });
export const UploadStatus = z
  .object({
    id: z.string().describe('The secret'),
    complete: z.boolean(),
    files: z.array(UploadFile),
  })
  .meta({ id: 'UploadStatus' });
/** In the create response when files wait for their parts. */
export const UploadTicket = z
  .object({
    token: z.string().describe(`Send it back in the ${UPLOAD_TOKEN_HEADER} header; shown once`),
    expiresAt: z.iso.datetime().describe('An upload not complete by then is deleted'),
    files: z.array(UploadFile),
  })
  .meta({ id: 'UploadTicket' });

export const FileForReader = z
  .object({
    id: FileId,
    meta: z.string(),
    size: z.number().int().describe('Bytes of the download (the encrypted stream)'),
    downloadKey: z.string().describe('POST /download with it and the secret id'),
    downloadExpiresAt: z.iso.datetime(),
  })
  .meta({ id: 'FileForReader' });

const Id = noNul(z.string().max(64));
export const UploadParams = z.object({ id: Id });
export const PartParams = z.object({
  id: Id,
  fileId: Id,
  part: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a part number')
    .transform(Number)
    .describe('1 to the file’s part count'),
});
export const UploadHeaders = z.object({
  [UPLOAD_TOKEN_HEADER]: z.string().describe('The upload token of the create answer (upload.token)'),
});
export const PartStored = z
  .object({ fileId: FileId, part: z.number().int(), size: z.number().int() })
  .meta({ id: 'PartStored' });
export const DownloadBody = z
  .strictObject({
    key: noNul(z.string().min(1).max(128)),
    secretId: noNul(z.string().min(1).max(64)),
  })
  .meta({ id: 'DownloadBody' });
export const IncompleteBody = ErrorBody.extend({
  missing: z
    .array(z.object({ fileId: FileId, parts: z.array(z.number().int()) }))
    .optional()
    .describe('With files.incomplete: each file’s missing parts (at most 100 each)'),
}).meta({ id: 'UploadIncompleteBody' });

const rateLimited = errorResponse('Too many requests');
const badApiToken = errorResponse('The API token sent is unknown, expired or revoked (auth.not_signed_in)');
const badUploadToken = errorResponse(
  `The ${UPLOAD_TOKEN_HEADER} header is missing or wrong (files.upload_forbidden), or a cookie-authenticated ` +
    'request from another site (auth.cross_site)',
);
const unknownUpload = errorResponse(
  'Unknown, expired or deleted secret, or a file it does not have (files.upload_not_found)',
);
const storageFull = (what: string) =>
  errorResponse(
    `The server’s storage has no room for ${what} (storage.full); what the upload had stored is deleted, and it ` +
      'can be sent again once space is freed',
  );

export const fileRoutes = {
  uploadStatus: defineRoute({
    method: 'GET',
    path: '/secret/{id}/upload',
    operationId: 'getUploadStatus',
    tag: 'files',
    access: 'anyone',
    summary: `The parts of each file the server holds (needs the ${UPLOAD_TOKEN_HEADER} header)`,
    params: UploadParams,
    headers: UploadHeaders,
    responses: {
      200: { description: 'The upload', schema: UploadStatus },
      400: errorResponse('The id is malformed (validation.id)'),
      401: badApiToken,
      403: badUploadToken,
      404: unknownUpload,
      429: rateLimited,
    },
  }),
  uploadPart: defineRoute({
    method: 'PUT',
    path: '/secret/{id}/files/{fileId}/parts/{part}',
    operationId: 'uploadFilePart',
    tag: 'files',
    access: 'anyone',
    summary: 'Upload one part (application/octet-stream, exact Content-Length); sending a part again replaces it',
    params: PartParams,
    headers: UploadHeaders,
    body: 'binary',
    responses: {
      200: { description: 'Stored', schema: PartStored },
      400: errorResponse(
        'A malformed parameter (validation.<field>), a part out of range (files.part_invalid), a body of another ' +
          'length (files.part_size) or part 1 without a valid file header (files.header_invalid)',
      ),
      401: badApiToken,
      403: badUploadToken,
      404: unknownUpload,
      409: errorResponse('The upload is complete; its parts cannot change (files.upload_complete)'),
      411: errorResponse('No Content-Length header (files.length_required)'),
      413: errorResponse('The Content-Length is over the part’s length (files.part_too_large), body unread'),
      415: errorResponse('The body is not application/octet-stream (files.media_type)'),
      429: rateLimited,
      507: storageFull('this part'),
    },
  }),
  completeUpload: defineRoute({
    method: 'POST',
    path: '/secret/{id}/upload/complete',
    operationId: 'completeUpload',
    tag: 'files',
    access: 'anyone',
    summary: 'Finish the upload: from now on the secret can be opened (repeating it, even at once, answers the same)',
    params: UploadParams,
    headers: UploadHeaders,
    responses: {
      200: { description: 'Complete', schema: UploadStatus },
      400: errorResponse('The id is malformed (validation.id)'),
      401: badApiToken,
      403: badUploadToken,
      404: unknownUpload,
      409: { description: 'Parts are missing (files.incomplete), listed by file', schema: IncompleteBody },
      413: errorResponse('A body was sent (none is needed) and it is too large'),
      415: errorResponse('A body was sent (none is needed) and it is not JSON'),
      429: rateLimited,
      507: storageFull('the completed files'),
    },
  }),
  download: defineRoute({
    method: 'POST',
    path: '/download',
    operationId: 'downloadFile',
    tag: 'files',
    access: 'anyone',
    summary: 'Stream a file’s ciphertext (application/octet-stream attachment), with a download key from a read',
    body: DownloadBody,
    responses: {
      200: { description: 'The encrypted stream', binary: true },
      400: errorResponse('A field is invalid (validation.<field>)'),
      401: badApiToken,
      403: errorResponse('A cookie-authenticated request from another site (auth.cross_site)'),
      404: errorResponse('Unknown or expired download key, or a key for another secret (files.download_not_found)'),
      413: errorResponse('Body too large'),
      415: errorResponse('Body is not JSON'),
      429: rateLimited,
    },
  }),
};
