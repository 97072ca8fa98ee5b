import { describe, expect, it } from 'vitest';
import { KeyCap, memoryStore } from './rate-limit-store.js';

/*
 * Memory counts a bounded number of clients: a client with many addresses cannot grow it without end (each key is a
 * record and a timer in rate-limiter-flexible's memory limiter), and nobody's count is dropped to make room.
 */

/** The store as @fastify/rate-limit uses it: `new Store(options)`, then `incr(key, callback, timeWindow)`. */
function counter(cap: KeyCap) {
  const Store = memoryStore(cap) as unknown as new (options: object) => {
    incr(
      key: string,
      callback: (error: Error | null, result: { current: number; ttl: number }) => void,
      ms: number,
    ): void;
  };
  const store = new Store({});
  return (key: string, windowMs = 60_000) =>
    new Promise<number>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result.current)), windowMs),
    );
}

describe('the memory store’s bound on clients', () => {
  it('counts each client apart up to the bound, then new clients together per route, keeping every count', async () => {
    const count = counter(new KeyCap(3));
    expect(await count('198.51.100.1|POST /api/v1/secret')).toBe(1);
    expect(await count('198.51.100.2|POST /api/v1/secret')).toBe(1);
    expect(await count('198.51.100.3|GET /api/v1/secret/:id/exist')).toBe(1);
    // Full: two new clients share one count on their route, another route has its own.
    expect(await count('2001:db8:0:1::|POST /api/v1/secret')).toBe(1);
    expect(await count('2001:db8:0:2::|POST /api/v1/secret')).toBe(2);
    expect(await count('2001:db8:0:3::|GET /api/v1/secret/:id/exist')).toBe(1);
    // The clients counted before keep their own counts.
    expect(await count('198.51.100.1|POST /api/v1/secret')).toBe(2);
  });

  it('lets ended windows go, so new clients are counted apart again', async () => {
    let now = 1_000_000;
    const count = counter(new KeyCap(2, () => now));
    await count('a|r', 1000);
    await count('b|r', 1000);
    expect(await count('c|r', 1000)).toBe(1); // shared
    expect(await count('d|r', 1000)).toBe(2); // shared
    now += 1500; // both windows ended (the limiter's own clock: its counts also end by then)
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await count('e|r', 1000)).toBe(1);
    expect(await count('f|r', 1000)).toBe(1);
    expect(await count('g|r', 1000)).toBe(1); // full again: the shared bucket, which ended too
  });

  it('holds at most its bound however many addresses come', () => {
    const cap = new KeyCap(1000);
    const keys = new Set<string>();
    for (let i = 0; i < 50_000; i++) keys.add(cap.key(`2001:db8:${i.toString(16)}::|POST /api/v1/secret`, 60_000));
    expect(keys.size).toBe(1001); // 1,000 clients apart, and one shared bucket
  });
});
