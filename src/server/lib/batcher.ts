/** A caller's own failure inside a batch that served the others (a row the database refused). */
class BatchFailure {
  constructor(readonly error: unknown) {}
}

/** Fails one caller of a batch with `error`: a value for the batch's result map. */
export const batchFailure = (error: unknown) => new BatchFailure(error) as never;

interface Waiter<R> {
  resolve: (result: R | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the calls made in one turn of the event loop and runs them as one batch, giving each caller its own
 * result: many writes become one statement and one commit (SQLite's cost is per commit, not per row). A key that
 * is already in the gathering batch waits for the next one, so a batch never holds the same key twice. A key that
 * `run` leaves out of its result gets undefined; one it maps to `batchFailure(error)` is rejected with that error.
 */
export function createBatcher<K, R>(run: (keys: K[]) => Promise<Map<K, R>>, maxBatch = 64) {
  let gathering = new Map<K, Waiter<R>>();
  const waiting: [K, Waiter<R>][] = [];
  let scheduled = false;

  function admit(key: K, waiter: Waiter<R>): boolean {
    if (gathering.has(key) || gathering.size >= maxBatch) return false;
    gathering.set(key, waiter);
    return true;
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush());
  }

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = gathering;
    gathering = new Map();
    for (let i = 0; i < waiting.length;) {
      if (admit(...waiting[i]!)) waiting.splice(i, 1);
      else i += 1;
    }
    if (gathering.size > 0) schedule();
    try {
      const results = await run([...batch.keys()]);
      for (const [key, waiter] of batch) {
        const result = results.get(key);
        if (result instanceof BatchFailure) waiter.reject(result.error);
        else waiter.resolve(result);
      }
    } catch (error) {
      for (const waiter of batch.values()) waiter.reject(error);
    }
  }

  return (key: K): Promise<R | undefined> =>
    new Promise((resolve, reject) => {
      const waiter = { resolve, reject };
      if (!admit(key, waiter)) waiting.push([key, waiter]);
      schedule();
    });
}
