import type { FileHandle } from 'node:fs/promises';
import { readChunks } from './chunks.js';
import { BLOCK, decodeHeader, padding, TarFormatError } from './tar.js';

export interface ArchiveEntry {
  path: string;
  size: number;
  /** The entry's bytes, read from the file as they are consumed. */
  body(): AsyncGenerator<Buffer>;
}

/** The file ends before the archive does (a copy cut short, a full disk). */
export class TruncatedArchive extends Error {}

/**
 * The entries of a tar file, in order, checked as they come: each header whole and well formed, each body inside the
 * file, and the end-of-archive blocks present. Bodies are read on demand, so a caller can refuse an archive after its
 * first entry without reading the rest.
 */
export async function* readArchive(source: FileHandle, fileSize: number): AsyncGenerator<ArchiveEntry> {
  let position = 0;
  for (;;) {
    if (position + BLOCK > fileSize) {
      if (position === 0) throw new TarFormatError('shorter than one tar block');
      throw new TruncatedArchive('the archive ends without its end-of-archive blocks');
    }
    const block = Buffer.alloc(BLOCK);
    await source.read(block, 0, BLOCK, position);
    const header = decodeHeader(block);
    if (!header) {
      const next = Buffer.alloc(BLOCK);
      if (position + 2 * BLOCK > fileSize) throw new TruncatedArchive('the archive ends inside its end blocks');
      await source.read(next, 0, BLOCK, position + BLOCK);
      if (decodeHeader(next) !== null) throw new TarFormatError('a zero block in the middle of the archive');
      return;
    }
    const start = position + BLOCK;
    if (start + header.size > fileSize) throw new TruncatedArchive(`the archive ends inside ${header.path}`);
    yield { path: header.path, size: header.size, body: () => readChunks(source, header.size, start) };
    position = start + header.size + padding(header.size);
  }
}
