/**
 * What an upload transport throws for a failed call: the HTTP status (0 when the network failed) and the error
 * code of the answer. The web page's ApiError and the CLI's error both have this shape.
 */
export interface CallFailure {
  status: number;
  code: string;
}

export const isCallFailure = (error: unknown): error is CallFailure =>
  error instanceof Error &&
  typeof (error as Partial<CallFailure>).status === 'number' &&
  typeof (error as Partial<CallFailure>).code === 'string';

/** Waits `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal?.aborted) return aborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      aborted();
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Worth another try: the network failed, the server was busy or briefly broken. A refusal (4xx) is final, and so is
 * a full storage (507): seconds of waiting do not free a disk, and the upload can be resumed once space is freed.
 */
export function isTransient(error: unknown): boolean {
  if (!isCallFailure(error)) return false;
  if (error.status === 507) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export interface RetryOptions {
  /** Further tries after the first (3 unless set). */
  retries?: number;
  /** The first wait; each next one doubles (1 s unless set). */
  backoffMs?: number;
  signal?: AbortSignal | undefined;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Runs `task` again after transient failures, waiting 1 s, 2 s, 4 s (with a little jitter) between tries. */
export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = 3, backoffMs = 1000, signal, wait = sleep } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (signal?.aborted || attempt >= retries || !isTransient(error)) throw error;
      const jitter = 1 + Math.random() * 0.25;
      await wait(Math.round(backoffMs * 2 ** attempt * jitter), signal);
    }
  }
}
