/**
 * A file's name, type and size, sealed as an ordinary envelope (envelope.ts) under the field `file:{i}:meta`: the
 * additional data binds the index, so the details of one file cannot be passed off as another's.
 * The plaintext is the JSON `{"name":…,"type":…,"size":…}`.
 */
import { decryptText, encryptText, EnvelopeError, type SecretKeys } from './envelope.js';

export interface FileMeta {
  name: string;
  /** The MIME type the browser reported, or '' when unknown. */
  type: string;
  /** Plaintext bytes. */
  size: number;
}

function checkMeta(value: unknown): value is FileMeta {
  if (typeof value !== 'object' || value === null) return false;
  const { name, type, size } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    typeof type === 'string' &&
    typeof size === 'number' &&
    Number.isSafeInteger(size) &&
    size >= 0
  );
}

const field = (fileIndex: number) => {
  if (!Number.isSafeInteger(fileIndex) || fileIndex < 0) {
    throw new RangeError(`A file index must be a whole number from 0, not ${fileIndex}`);
  }
  return `file:${fileIndex}:meta` as const;
};

/** `iv` is for test vectors only. */
export function sealFileMeta(
  keys: SecretKeys,
  fileIndex: number,
  meta: FileMeta,
  iv?: Uint8Array<ArrayBuffer>,
): Promise<string> {
  if (!checkMeta(meta)) throw new TypeError('File details need a name, a type and a size in bytes');
  const json = JSON.stringify({ name: meta.name, type: meta.type, size: meta.size });
  return encryptText(keys, field(fileIndex), json, iv);
}

/** Throws an EnvelopeError when the envelope is damaged, the key is wrong, or it belongs to another file. */
export async function openFileMeta(keys: SecretKeys, fileIndex: number, envelope: string): Promise<FileMeta> {
  const json = await decryptText(keys, field(fileIndex), envelope);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = null;
  }
  if (!checkMeta(value)) throw new EnvelopeError('malformed', 'The file details are not valid');
  return { name: value.name, type: value.type, size: value.size };
}
