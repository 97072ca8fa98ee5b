import { FILE_LIMITS } from '../../../../shared/rules/files';
import type { RuntimeConfig } from '../../../lib/runtime-config';

/** What one secret's files may be, for this visitor; the server checks again (and a per-user quota). */
export interface FileLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

/**
 * null when this visitor may not attach files: uploads are off on the instance, or need an account (the upload
 * restriction) and nobody is signed in. Without the restriction anonymous files have their own, smaller, limit.
 */
export function fileLimits(
  config: RuntimeConfig['files'],
  context: { disabled: boolean; signedIn: boolean },
): FileLimits | null {
  if (context.disabled || (config.uploadRestriction && !context.signedIn)) return null;
  if (context.signedIn) {
    return {
      maxFiles: FILE_LIMITS.maxFilesPerSecret,
      maxFileBytes: config.maxFileBytes,
      maxTotalBytes: config.maxSecretFileBytes,
    };
  }
  const anonymous = config.anonymousMaxFileBytes;
  return { maxFiles: FILE_LIMITS.maxFilesPerSecret, maxFileBytes: anonymous, maxTotalBytes: anonymous };
}

interface Fingerprinted {
  name: string;
  size: number;
  lastModified: number;
}

const same = (a: Fingerprinted, b: Fingerprinted) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Adds files not chosen already (a resumed upload tells files apart by name, size and date), up to the limit. */
export function addFiles<T extends Fingerprinted>(current: readonly T[], added: readonly T[], maxFiles: number) {
  const files = [...current];
  let overLimit = false;
  for (const file of added) {
    if (files.some((chosen) => same(chosen, file))) continue;
    if (files.length >= maxFiles) overLimit = true;
    else files.push(file);
  }
  return { files, overLimit };
}

export interface FileProblems {
  /** Indexes of files over the size limit. */
  tooLarge: number[];
  totalTooLarge: boolean;
}

export function checkFiles(files: readonly { size: number }[], limits: FileLimits): FileProblems {
  const tooLarge = files.flatMap((file, index) => (file.size > limits.maxFileBytes ? [index] : []));
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return { tooLarge, totalTooLarge: total > limits.maxTotalBytes };
}

export const hasProblems = (problems: FileProblems) => problems.tooLarge.length > 0 || problems.totalTooLarge;
