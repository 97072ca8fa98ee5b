/**
 * The numbers of the file upload API (api/files.contract.ts), kept free of zod like settings-defaults.ts, so the web
 * page can use them without the validator. Parts are numbered from 1; every part is full except the last.
 */
export const FILE_LIMITS = {
  minPartBytes: 64 * 1024,
  maxPartBytes: 16 * 1024 * 1024,
  /** Parts per file (as the storage allows). */
  maxParts: 100_000,
  maxFilesPerSecret: 10,
  /** The sealed name, type and size of a file. */
  metaChars: 4096,
} as const;

/** The request header that carries the upload token. */
export const UPLOAD_TOKEN_HEADER = 'Hush-Upload-Token';

/** How many parts a file of `size` bytes has, in parts of `partSize`. */
export function partCount(size: number, partSize: number): number {
  return Math.ceil(size / partSize);
}

/** The length of part `part` (1-based) of such a file; 0 outside it. */
export function partLength(size: number, partSize: number, part: number): number {
  const count = partCount(size, partSize);
  if (!Number.isInteger(part) || part < 1 || part > count) return 0;
  return part < count ? partSize : size - partSize * (count - 1);
}

/** 8 MiB parts: few requests, cheap retries, small memory; larger only when a file would need too many parts. */
export function choosePartSize(streamSize: number): number {
  const { minPartBytes, maxPartBytes, maxParts } = FILE_LIMITS;
  const needed = Math.ceil(Math.ceil(streamSize / maxParts) / minPartBytes) * minPartBytes;
  return Math.min(maxPartBytes, Math.max(8 * 1024 * 1024, needed));
}
