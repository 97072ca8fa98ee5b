import type { z } from 'zod';
import type { UploadStatus as UploadStatusSchema } from '../api/files.contract.js';
import { partLength } from '../rules/files.js';
import { isCallFailure, withRetry, type RetryOptions } from './retry.js';

type Bytes = Uint8Array<ArrayBuffer>;
export type UploadStatus = z.output<typeof UploadStatusSchema>;

/**
 * The three calls of the upload API (files.contract.ts), as the web page or the CLI makes them. A part's call may
 * tell `onSent` the bytes of the part gone out so far, as they go; one that does not is counted when it is stored.
 */
export interface UploadApi {
  status(signal: AbortSignal): Promise<UploadStatus>;
  part(
    fileId: string,
    part: number,
    bytes: Bytes,
    signal: AbortSignal,
    onSent?: (sent: number) => void,
  ): Promise<unknown>;
  complete(signal: AbortSignal): Promise<UploadStatus>;
}

/** The encrypted bytes of part `part` (numbered from 1) of file `fileIndex`, in parts of `partSize`. */
export type PartSource = (fileIndex: number, part: number, partSize: number) => Promise<Bytes>;

/**
 * Encrypted bytes sent of each file (the parts the server holds, and what has gone out of the parts in flight), and
 * the size of each file's encrypted stream, in create order.
 */
export interface UploadCounts {
  sent: number[];
  sizes: number[];
}

export interface UploadOptions extends Omit<RetryOptions, 'signal'> {
  /** Cancels: in-flight parts are aborted and nothing more is sent. */
  signal: AbortSignal;
  /** Parts in flight at once (3 unless set); each holds one part in memory. */
  concurrency?: number;
  onProgress?(counts: UploadCounts): void;
}

/** Rounds of status → missing parts → complete, for parts the server still counts as missing after a round. */
const MAX_ROUNDS = 3;

/**
 * Sends what the server is missing and completes the upload. The server's status says which parts it holds, so
 * the same call starts an upload and resumes one after a reload. Parts are made one at a time, in order (the
 * worker or the CLI reads and encrypts them), and sent a few at a time; a failed part is tried again with backoff,
 * and a refusal stops the other parts.
 */
export async function runUploadWith(api: UploadApi, source: PartSource, options: UploadOptions) {
  const { signal } = options;
  for (let round = 1; ; round++) {
    const status = await withRetry(() => api.status(signal), { ...options, signal });
    if (status.complete) return status;
    await sendMissing(api, status, source, options);
    try {
      return await withRetry(() => api.complete(signal), { ...options, signal });
    } catch (error) {
      if (round >= MAX_ROUNDS || !(isCallFailure(error) && error.code === 'files.incomplete')) throw error;
    }
  }
}

interface Job {
  fileIndex: number;
  file: UploadStatus['files'][number];
  part: number;
}

/** Every part the server does not hold, file by file, in order. */
export function missingParts(status: UploadStatus): Job[] {
  return status.files.flatMap((file, fileIndex) => {
    const received = new Set(file.received);
    const jobs: Job[] = [];
    for (let part = 1; part <= file.parts; part++) if (!received.has(part)) jobs.push({ fileIndex, file, part });
    return jobs;
  });
}

/** Encrypted bytes of the parts the server holds already. */
export const receivedBytes = (file: UploadStatus['files'][number]) =>
  file.received.reduce((sum, part) => sum + partLength(file.size, file.partSize, part), 0);

async function sendMissing(api: UploadApi, status: UploadStatus, source: PartSource, options: UploadOptions) {
  const { signal, concurrency = 3 } = options;
  const sizes = status.files.map((file) => file.size);
  /** Bytes of each file the server holds: they only grow. */
  const stored = status.files.map(receivedBytes);
  /** What has gone out of each try in flight, by its part: dropped when the try fails, stored when it succeeds. */
  const inFlight = new Map<Job, number>();
  const report = () => {
    const sent = [...stored];
    for (const [{ fileIndex }, bytes] of inFlight) sent[fileIndex]! += bytes;
    options.onProgress?.({ sent: sent.map((bytes, index) => Math.min(bytes, sizes[index]!)), sizes });
  };
  report();
  const jobs = missingParts(status);

  // One refusal stops every lane; so does the caller's cancel.
  const stop = new AbortController();
  const cancel = () => stop.abort(signal.reason);
  if (signal.aborted) cancel();
  signal.addEventListener('abort', cancel, { once: true });
  let failure: { error: unknown } | null = null;
  let making: Promise<unknown> = Promise.resolve();

  /** One try at sending a part: what it sends counts while it runs, and nothing of it once it failed. */
  const attempt = async (job: Job, bytes: Bytes) => {
    let live = true;
    inFlight.set(job, 0);
    const onSent = (sent: number) => {
      if (!live || stop.signal.aborted) return;
      inFlight.set(job, Math.min(Math.max(0, sent), bytes.length));
      report();
    };
    try {
      return await api.part(job.file.id, job.part, bytes, stop.signal, onSent);
    } catch (error) {
      inFlight.delete(job);
      if (!stop.signal.aborted) report();
      throw error;
    } finally {
      live = false;
    }
  };

  const lane = async () => {
    for (let job = jobs.shift(); job && !stop.signal.aborted; job = jobs.shift()) {
      const { fileIndex, file, part } = job;
      // Parts are made strictly in turn: one encryption at a time, and at most one part per lane in memory.
      const made = making.then(() => source(fileIndex, part, file.partSize));
      making = made.catch(() => undefined);
      const bytes = await made;
      if (bytes.length !== partLength(file.size, file.partSize, part)) {
        throw new Error(`Part ${part} of file ${fileIndex + 1} came out ${bytes.length} bytes long`);
      }
      stop.signal.throwIfAborted();
      const sending = job;
      await withRetry(() => attempt(sending, bytes), { ...options, signal: stop.signal });
      inFlight.delete(job);
      stored[fileIndex]! += bytes.length;
      report();
    }
  };

  const lanes = Array.from({ length: Math.min(concurrency, jobs.length) }, () =>
    lane().catch((error: unknown) => {
      failure ??= { error };
      stop.abort(error);
    }),
  );
  await Promise.all(lanes);
  signal.removeEventListener('abort', cancel);
  signal.throwIfAborted();
  if (failure) throw (failure as { error: unknown }).error;
}
