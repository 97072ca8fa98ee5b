import { pipeline, Transform } from 'node:stream';
import type { BlobStorage } from './storage.js';

export interface ByteCounters {
  stored(bytes: number): void;
  served(bytes: number): void;
}

/** The same storage, telling `counters` how many bytes were stored (whole parts) and read out (as they flow). */
export function countedStorage(storage: BlobStorage, counters: ByteCounters): BlobStorage {
  return {
    putPart: async (fileId, partNumber, body, size) => {
      await storage.putPart(fileId, partNumber, body, size);
      counters.stored(size);
    },
    parts: (fileId) => storage.parts(fileId),
    complete: (fileId, partCount) => storage.complete(fileId, partCount),
    stat: (fileId) => storage.stat(fileId),
    get: async (fileId, range) => {
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          counters.served(chunk.length);
          done(null, chunk);
        },
      });
      // An error of the source destroys the counter (the reader sees it); a reader that leaves destroys the source.
      pipeline(await storage.get(fileId, range), counter, () => {});
      return counter;
    },
    delete: (fileId) => storage.delete(fileId),
    deleteMany: (fileIds) => storage.deleteMany(fileIds),
    check: () => storage.check(),
    close: () => storage.close(),
  };
}
