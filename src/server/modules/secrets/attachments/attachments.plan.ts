import { FILE_LIMITS, partCount, type CreateFileInput } from '../../../../shared/api/files.contract.js';
import { plainSizeOf } from '../../../../shared/crypto/file-format.js';
import { randomToken } from '../../../lib/tokens.js';
import {
  headerInvalid,
  publicWithFiles,
  signInRequired,
  sizeInvalid,
  tooLarge,
  uploadsDisabled,
} from './attachments.errors.js';
import { headerProblem } from './header-check.js';

/** The size limits of HUSH_MAX_*_FILE_BYTES and the upload restriction, in plaintext bytes. */
export interface FileLimits {
  maxFileBytes: number;
  maxSecretFileBytes: number;
  maxUserFileBytes: number;
  /** Only signed-in users may attach files. */
  uploadRestriction: boolean;
  /** Without the restriction, what an anonymous secret's files may add up to (each and together). */
  anonymousMaxFileBytes: number;
}

/** One file as it will be stored. */
export interface PlannedFile {
  id: string;
  position: number;
  meta: string;
  /** Bytes of the encrypted stream. */
  size: number;
  plainSize: number;
  partSize: number;
  partCount: number;
  /** The whole stream, for a file sent inline; absent for one uploaded in parts. */
  content?: Buffer;
}

export interface FilePlan {
  files: PlannedFile[];
  /** Some files wait for their parts: the secret is not ready until the upload completes. */
  needsUpload: boolean;
  plainBytes: number;
}

export interface PlanContext {
  userId: string | null;
  isPublic: boolean;
  /** The instance setting disable_file_upload. */
  uploadsDisabled: boolean;
  /** Plaintext bytes the user stores already (asked only for signed-in users). */
  storedBytes(userId: string): Promise<number>;
}

function decodeInline(content: string, index: number): Buffer {
  const bytes = Buffer.from(content, 'base64url');
  if (bytes.toString('base64url') !== content) throw sizeInvalid(index, 'content is not canonical base64url');
  return bytes;
}

/** Checks one file's sizes (and an inline file's header) and plans its storage. */
function planFile(input: CreateFileInput, position: number): PlannedFile {
  const content = 'content' in input ? decodeInline(input.content, position) : undefined;
  const size = content ? content.length : (input as { size: number }).size;
  const plainSize = plainSizeOf(size);
  if (plainSize === null) throw sizeInvalid(position, `no encrypted file is ${size} bytes long`);
  if (content) {
    const problem = headerProblem(content);
    if (problem) throw headerInvalid(problem);
  }
  // Inline content is stored as one part, whatever its length.
  const partSize = content ? Math.max(size, 1) : (input as { partSize: number }).partSize;
  const parts = partCount(size, partSize);
  if (parts > FILE_LIMITS.maxParts) {
    throw sizeInvalid(position, `${parts} parts is more than ${FILE_LIMITS.maxParts}: use larger parts`);
  }
  return {
    id: randomToken(16),
    position,
    meta: input.meta,
    size,
    plainSize,
    partSize,
    partCount: parts,
    ...(content && { content }),
  };
}

/**
 * The create-time rules for files, all checked before anything is stored or any part is read: the instance setting,
 * public secrets, the upload restriction, sizes an encrypted stream can have, and the limits per file, per secret and
 * per user. Null when there are no files.
 */
export async function planFiles(
  inputs: CreateFileInput[],
  limits: FileLimits,
  context: PlanContext,
): Promise<FilePlan | null> {
  if (inputs.length === 0) return null;
  if (context.uploadsDisabled) throw uploadsDisabled();
  if (context.isPublic) throw publicWithFiles();
  const anonymous = context.userId === null;
  if (anonymous && limits.uploadRestriction) throw signInRequired();

  const files = inputs.map(planFile);
  const fileLimit = anonymous ? limits.anonymousMaxFileBytes : limits.maxFileBytes;
  const secretLimit = anonymous ? limits.anonymousMaxFileBytes : limits.maxSecretFileBytes;
  const tooBig = files.find((file) => file.plainSize > fileLimit);
  if (tooBig) throw tooLarge('file', fileLimit, tooBig.position);
  const plainBytes = files.reduce((sum, file) => sum + file.plainSize, 0);
  if (plainBytes > secretLimit) throw tooLarge('secret', secretLimit);
  if (context.userId !== null) await checkUserQuota(limits, context.userId, plainBytes, context.storedBytes);
  return { files, needsUpload: files.some((file) => !file.content), plainBytes };
}

/** The user's stored files and `adding` more must stay within HUSH_MAX_USER_FILE_BYTES. */
export async function checkUserQuota(
  limits: FileLimits,
  userId: string,
  adding: number,
  storedBytes: (userId: string) => Promise<number>,
): Promise<void> {
  if ((await storedBytes(userId)) + adding > limits.maxUserFileBytes) throw tooLarge('user', limits.maxUserFileBytes);
}
