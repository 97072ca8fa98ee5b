import type { FileHandle } from 'node:fs/promises';

const CHUNK = 1024 * 1024;

/** `size` bytes of an open file from `start`, 1 MiB at a time (fewer if the file ends first). */
export async function* readChunks(source: FileHandle, size: number, start = 0): AsyncGenerator<Buffer> {
  let offset = 0;
  while (offset < size) {
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, size - offset));
    const { bytesRead } = await source.read(buffer, 0, buffer.length, start + offset);
    if (bytesRead === 0) return;
    offset += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}
