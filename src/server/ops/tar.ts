/**
 * The part of POSIX ustar that backups use: regular files only, a path split over the prefix and name fields, sizes
 * in octal and, from 8 GiB, in GNU's base-256. GNU tar, bsdtar and Python's tarfile read these archives, so an
 * operator can look inside one with `tar tvf`. The reader is strict: a block that is not exactly such a header is
 * refused, which tells a foreign or damaged file apart at its first block.
 */

export const BLOCK = 512;
/** Two zero blocks end an archive. */
export const END_OF_ARCHIVE = Buffer.alloc(2 * BLOCK);

export interface TarHeader {
  path: string;
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
}

export class TarFormatError extends Error {}

const FIELDS = {
  name: [0, 100],
  mode: [100, 8],
  uid: [108, 8],
  gid: [116, 8],
  size: [124, 12],
  mtime: [136, 12],
  checksum: [148, 8],
  type: [156, 1],
  magic: [257, 6],
  version: [263, 2],
  prefix: [345, 155],
} as const satisfies Record<string, readonly [offset: number, length: number]>;

const MAGIC = 'ustar\0';
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

/** The bytes that pad a body of `size` bytes to a whole block. */
export const padding = (size: number): number => (BLOCK - (size % BLOCK)) % BLOCK;

export function encodeHeader(header: TarHeader): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, name] = splitPath(header.path);
  writeText(block, FIELDS.name, name);
  writeText(block, FIELDS.prefix, prefix);
  writeOctal(block, FIELDS.mode, 0o600);
  writeOctal(block, FIELDS.uid, 0);
  writeOctal(block, FIELDS.gid, 0);
  writeSize(block, header.size);
  writeOctal(block, FIELDS.mtime, header.mtime);
  writeText(block, FIELDS.type, '0');
  writeText(block, FIELDS.magic, MAGIC);
  writeText(block, FIELDS.version, '00');
  const checksum = checksumOf(block);
  block.write(`${checksum.toString(8).padStart(6, '0')}\0 `, FIELDS.checksum[0], 'ascii');
  return block;
}

/** A header, or null for a zero block (the end of the archive). Throws TarFormatError for anything else. */
export function decodeHeader(block: Buffer): TarHeader | null {
  if (block.length !== BLOCK) throw new TarFormatError('short header block');
  if (block.every((byte) => byte === 0)) return null;
  if (readText(block, FIELDS.magic, false) !== MAGIC || readText(block, FIELDS.version, false) !== '00') {
    throw new TarFormatError('not a ustar header');
  }
  if (readOctal(block, FIELDS.checksum) !== checksumOf(block))
    throw new TarFormatError('a tar header does not match its checksum');
  const type = readText(block, FIELDS.type);
  if (type !== '0' && type !== '') throw new TarFormatError('not a regular file');
  const name = readText(block, FIELDS.name);
  const prefix = readText(block, FIELDS.prefix);
  return { path: prefix ? `${prefix}/${name}` : name, size: readSize(block), mtime: readOctal(block, FIELDS.mtime) };
}

/** ustar keeps paths of up to 100 bytes in `name`, longer ones split at a slash into `prefix` (155) and `name`. */
function splitPath(path: string): [prefix: string, name: string] {
  if (Buffer.byteLength(path) <= FIELDS.name[1]) return ['', path];
  for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
    const prefix = path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= FIELDS.prefix[1] && Buffer.byteLength(name) <= FIELDS.name[1]) {
      return [prefix, name];
    }
  }
  throw new TarFormatError(`path too long for ustar: ${path}`);
}

function checksumOf(block: Buffer): number {
  let sum = 0;
  const [start, length] = FIELDS.checksum;
  for (let index = 0; index < BLOCK; index++) {
    sum += index >= start && index < start + length ? 0x20 : block[index]!;
  }
  return sum;
}

function writeText(block: Buffer, [offset, length]: readonly [number, number], text: string): void {
  if (Buffer.byteLength(text) > length) throw new TarFormatError(`field too long: ${text}`);
  block.write(text, offset, length, 'utf8');
}

function writeOctal(block: Buffer, field: readonly [number, number], value: number): void {
  writeText(block, field, `${value.toString(8).padStart(field[1] - 1, '0')}\0`);
}

/** Octal up to 8 GiB − 1; above, base-256: the top bit of the first byte set, the value big-endian in the rest. */
function writeSize(block: Buffer, size: number): void {
  if (size <= MAX_OCTAL_SIZE) return writeOctal(block, FIELDS.size, size);
  const [offset, length] = FIELDS.size;
  let value = BigInt(size);
  for (let index = offset + length - 1; index > offset; index--) {
    block[index] = Number(value & 0xffn);
    value >>= 8n;
  }
  block[offset] = 0x80;
}

function readSize(block: Buffer): number {
  const [offset, length] = FIELDS.size;
  if ((block[offset]! & 0x80) === 0) return readOctal(block, FIELDS.size);
  if (block[offset] !== 0x80) throw new TarFormatError('unsupported size encoding');
  let value = 0n;
  for (let index = offset + 1; index < offset + length; index++) value = (value << 8n) | BigInt(block[index]!);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new TarFormatError('size out of range');
  return Number(value);
}

function readText(block: Buffer, [offset, length]: readonly [number, number], stopAtNul = true): string {
  const bytes = block.subarray(offset, offset + length);
  const end = stopAtNul ? bytes.indexOf(0) : -1;
  return bytes.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, field: readonly [number, number]): number {
  const text = readText(block, field).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('malformed number field');
  return parseInt(text, 8);
}
