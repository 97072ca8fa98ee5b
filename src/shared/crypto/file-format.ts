/**
 * File stream format v1: the bytes of one encrypted file (FILES.md has the full description and the reasons).
 *
 *   stream = header ‖ chunk_0 ‖ chunk_1 ‖ … ‖ chunk_{n-1}
 *   header = version (1 byte, 0x01) ‖ chunkSize (uint32 big-endian) ‖ salt (16 bytes) ‖ noncePrefix (7 bytes)  = 28 bytes
 *   chunk_i = AES-256-GCM(fileKey, nonce_i, plaintext_i) = plaintext_i ‖ 16-byte tag, no additional data
 *   nonce_i = noncePrefix ‖ i (uint32 big-endian) ‖ last (0x01 for the last chunk, else 0x00)               = 12 bytes
 *   fileKey = HKDF-SHA256(ikm = K_url ‖ K_pw, salt, info = "hush/v1/file:{fileIndex}|" ‖ header)
 *
 * Every chunk but the last holds exactly chunkSize plaintext bytes; the last holds 0 to chunkSize − 1 (so an empty
 * file, and a file whose size is a multiple of chunkSize, ends with an empty last chunk). A chunk's length alone
 * says whether it is the last one, and n = floor(size / chunkSize) + 1. The header is bound into the key, the
 * position and the last flag into each nonce, the file index and the secret's key material into the key: a
 * changed, moved, repeated, dropped, appended or borrowed chunk, or a changed header, fails to decrypt.
 */
export const FILE_STREAM_VERSION = 1;
export const FILE_SALT_BYTES = 16;
export const FILE_NONCE_PREFIX_BYTES = 7;
/** Length of a v1 header, the first bytes of every stored file. */
export const FILE_HEADER_BYTES = 1 + 4 + FILE_SALT_BYTES + FILE_NONCE_PREFIX_BYTES;
/** The AES-GCM tag each chunk adds to its plaintext. */
export const FILE_TAG_BYTES = 16;
export const DEFAULT_CHUNK_SIZE = 1024 * 1024;
export const MIN_CHUNK_SIZE = 16;
/** A reader buffers one chunk, so a header may not ask for more than this. */
export const MAX_CHUNK_SIZE = 16 * 1024 * 1024;
/** The counter is 32 bits: 2^32 chunks (4 PiB with 1 MiB chunks). */
export const MAX_CHUNKS = 2 ** 32;

export type FileStreamErrorReason =
  | 'unknown_version' // the header names a format this code does not know
  | 'malformed_header' // the header is short or holds an impossible chunk size
  | 'bad_chunk' // a chunk of an impossible length
  | 'tampered_or_wrong_key' // authentication failed: changed, reordered, duplicated, borrowed, or the key is wrong
  | 'out_of_order' // the caller passed a chunk index other than the next one
  | 'truncated' // the stream ended before its last chunk
  | 'trailing_data' // something came after the last chunk
  | 'misuse'; // the encrypting side broke the format's rules (chunk sizes, writing after the last chunk)

export class FileStreamError extends Error {
  constructor(
    readonly reason: FileStreamErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'FileStreamError';
  }
}

export interface FileHeader {
  version: typeof FILE_STREAM_VERSION;
  chunkSize: number;
  salt: Uint8Array<ArrayBuffer>;
  noncePrefix: Uint8Array<ArrayBuffer>;
  /** The header's FILE_HEADER_BYTES bytes as stored. */
  bytes: Uint8Array<ArrayBuffer>;
}

const isChunkSize = (n: number) => Number.isInteger(n) && n >= MIN_CHUNK_SIZE && n <= MAX_CHUNK_SIZE;

export function checkChunkSize(chunkSize: number): number {
  if (!isChunkSize(chunkSize)) {
    throw new FileStreamError(
      'misuse',
      `The chunk size must be a whole number from ${MIN_CHUNK_SIZE} to ${MAX_CHUNK_SIZE} bytes, not ${chunkSize}`,
    );
  }
  return chunkSize;
}

export function encodeFileHeader(
  chunkSize: number,
  salt: Uint8Array,
  noncePrefix: Uint8Array,
): Uint8Array<ArrayBuffer> {
  checkChunkSize(chunkSize);
  if (salt.length !== FILE_SALT_BYTES || noncePrefix.length !== FILE_NONCE_PREFIX_BYTES) {
    throw new FileStreamError('misuse', 'A file header needs a 16-byte salt and a 7-byte nonce prefix');
  }
  const bytes = new Uint8Array(FILE_HEADER_BYTES);
  bytes[0] = FILE_STREAM_VERSION;
  new DataView(bytes.buffer).setUint32(1, chunkSize);
  bytes.set(salt, 5);
  bytes.set(noncePrefix, 5 + FILE_SALT_BYTES);
  return bytes;
}

/**
 * Reads a header from the start of `bytes` (which may go on with the chunks). The server can call this to check an
 * upload's first bytes before it stores anything.
 */
export function parseFileHeader(bytes: Uint8Array): FileHeader {
  if (bytes.length > 0 && bytes[0] !== FILE_STREAM_VERSION) {
    throw new FileStreamError(
      'unknown_version',
      `File format version ${bytes[0]} is not supported by this version of Hush`,
    );
  }
  if (bytes.length < FILE_HEADER_BYTES) {
    throw new FileStreamError('malformed_header', 'The file ends inside its header');
  }
  // A copy of the header's bytes (a Node Buffer's slice would share the memory and its offset).
  const header = Uint8Array.prototype.slice.call(bytes, 0, FILE_HEADER_BYTES) as Uint8Array<ArrayBuffer>;
  const chunkSize = new DataView(header.buffer).getUint32(1);
  if (!isChunkSize(chunkSize)) {
    throw new FileStreamError('malformed_header', `The file header names an impossible chunk size (${chunkSize})`);
  }
  return {
    version: FILE_STREAM_VERSION,
    chunkSize,
    salt: header.slice(5, 5 + FILE_SALT_BYTES),
    noncePrefix: header.slice(5 + FILE_SALT_BYTES),
    bytes: header,
  };
}

/** The nonce of chunk `index`: noncePrefix ‖ uint32be(index) ‖ last flag. */
export function chunkNonce(noncePrefix: Uint8Array, index: number, last: boolean): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_CHUNKS) {
    throw new FileStreamError('misuse', `A file has at most ${MAX_CHUNKS} chunks`);
  }
  const nonce = new Uint8Array(FILE_NONCE_PREFIX_BYTES + 5);
  nonce.set(noncePrefix);
  new DataView(nonce.buffer).setUint32(FILE_NONCE_PREFIX_BYTES, index);
  nonce[FILE_NONCE_PREFIX_BYTES + 4] = last ? 1 : 0;
  return nonce;
}

function checkPlainSize(plainSize: number) {
  if (!Number.isSafeInteger(plainSize) || plainSize < 0) {
    throw new RangeError(`A file size must be a whole number of bytes, not ${plainSize}`);
  }
}

/** How many chunks a file of `plainSize` bytes has: floor(plainSize / chunkSize) + 1 (the last may be empty). */
export function chunkCount(plainSize: number, chunkSize: number = DEFAULT_CHUNK_SIZE): number {
  checkPlainSize(plainSize);
  checkChunkSize(chunkSize);
  const count = Math.floor(plainSize / chunkSize) + 1;
  if (count > MAX_CHUNKS) throw new RangeError(`A file has at most ${MAX_CHUNKS} chunks`);
  return count;
}

/** Bytes of the whole stored stream of a file of `plainSize` bytes: the header and every chunk with its tag. */
export function cipherSize(plainSize: number, chunkSize: number = DEFAULT_CHUNK_SIZE): number {
  return FILE_HEADER_BYTES + plainSize + FILE_TAG_BYTES * chunkCount(plainSize, chunkSize);
}

/**
 * The inverse of cipherSize: the plaintext size of a stream of `streamSize` bytes (header included), or null when
 * no file has a stream of that size. The server checks uploads with it without decrypting anything.
 */
export function plainSizeOf(streamSize: number, chunkSize: number = DEFAULT_CHUNK_SIZE): number | null {
  checkChunkSize(chunkSize);
  if (!Number.isSafeInteger(streamSize) || streamSize < FILE_HEADER_BYTES + FILE_TAG_BYTES) return null;
  const body = streamSize - FILE_HEADER_BYTES;
  const record = chunkSize + FILE_TAG_BYTES;
  const fullChunks = Math.floor(body / record);
  const last = body % record;
  // The last chunk is a tag and 0 to chunkSize − 1 bytes; a stream ending on a full chunk lacks its last one.
  if (last < FILE_TAG_BYTES || fullChunks + 1 > MAX_CHUNKS) return null;
  return fullChunks * chunkSize + last - FILE_TAG_BYTES;
}
