import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { readChunks } from './chunks.js';
import { encodeHeader, END_OF_ARCHIVE, padding } from './tar.js';

/** One entry as the manifest records it. */
export interface EntryDigest {
  path: string;
  size: number;
  sha256: string;
}

/**
 * Appends tar entries to an open file, streaming bodies in 1 MiB chunks (a blob of any size never sits in memory)
 * and hashing each body as it is written. `finish` writes the end-of-archive blocks.
 */
export function createArchiveWriter(out: FileHandle, mtime: number) {
  let position = 0;
  const digests: EntryDigest[] = [];

  async function write(bytes: Buffer): Promise<void> {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await out.write(bytes, done, bytes.length - done, position);
      done += bytesWritten;
      position += bytesWritten;
    }
  }

  async function addEntry(path: string, size: number, body: AsyncIterable<Buffer>): Promise<EntryDigest> {
    await write(encodeHeader({ path, size, mtime }));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of body) {
      hash.update(chunk);
      written += chunk.length;
      await write(chunk);
    }
    // The header promised `size` bytes; a source that changed length would shift every later entry.
    if (written !== size) throw new Error(`${path} changed size while it was archived (${written} of ${size} bytes)`);
    await write(Buffer.alloc(padding(size)));
    const digest = { path, size, sha256: hash.digest('hex') };
    digests.push(digest);
    return digest;
  }

  return {
    /** The entries written so far, in order. */
    digests: (): readonly EntryDigest[] => digests,

    addBytes: (path: string, bytes: Buffer) =>
      addEntry(
        path,
        bytes.length,
        (async function* () {
          yield bytes;
        })(),
      ),

    /** Copies `size` bytes of an open file (an unlinked file stays readable through its handle). */
    addFile: (path: string, source: FileHandle, size: number) => addEntry(path, size, readChunks(source, size)),

    async finish(): Promise<number> {
      await write(END_OF_ARCHIVE);
      return position;
    },
  };
}
