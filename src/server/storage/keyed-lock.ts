interface Waiter {
  exclusive: boolean;
  wake: () => void;
}

interface State {
  readers: number;
  writer: boolean;
  queue: Waiter[];
}

/**
 * A readers-writer lock per key, within this process: shared holders of a key run together, an exclusive holder
 * runs alone. First come, first served (a waiting exclusive holder stops new shared ones from overtaking it).
 * Keys with no holder and no waiter are forgotten, so the map stays as small as the work in flight.
 */
export class KeyedLock {
  private readonly states = new Map<string, State>();

  shared<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.run(key, false, task);
  }

  exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.run(key, true, task);
  }

  private async run<T>(key: string, exclusive: boolean, task: () => Promise<T>): Promise<T> {
    await this.acquire(key, exclusive);
    try {
      return await task();
    } finally {
      this.release(key, exclusive);
    }
  }

  private acquire(key: string, exclusive: boolean): Promise<void> {
    let state = this.states.get(key);
    if (!state) {
      state = { readers: 0, writer: false, queue: [] };
      this.states.set(key, state);
    }
    if (state.queue.length === 0 && canEnter(state, exclusive)) {
      enter(state, exclusive);
      return Promise.resolve();
    }
    const queued = state;
    return new Promise((resolve) => queued.queue.push({ exclusive, wake: resolve }));
  }

  private release(key: string, exclusive: boolean): void {
    const state = this.states.get(key);
    if (!state) return;
    if (exclusive) state.writer = false;
    else state.readers -= 1;
    while (state.queue.length > 0 && canEnter(state, state.queue[0]!.exclusive)) {
      const next = state.queue.shift()!;
      enter(state, next.exclusive);
      next.wake();
    }
    if (!state.writer && state.readers === 0 && state.queue.length === 0) this.states.delete(key);
  }
}

function canEnter(state: State, exclusive: boolean): boolean {
  return exclusive ? !state.writer && state.readers === 0 : !state.writer;
}

function enter(state: State, exclusive: boolean): void {
  if (exclusive) state.writer = true;
  else state.readers += 1;
}
