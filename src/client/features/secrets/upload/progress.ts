/** Progress arithmetic for transfers: percentages, a speed over the last seconds, the time left. */

/** Whole percent done, 0 to 100; an empty transfer is done. */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((done * 100) / total)));
}

/**
 * Bytes per second over a sliding window. Bytes go out in bursts, so the window keeps one sample from before its
 * start as the base: the speed never jumps to zero between two bursts, nor to infinity just after one. The count
 * can fall back (a part whose try failed is sent again): the speed then reads zero, never below.
 */
export class RateMeter {
  private samples: { at: number; bytes: number }[] = [];

  constructor(private readonly windowMs = 10_000) {}

  /** Records the bytes done so far (a running total) at time `at` (ms). */
  add(bytes: number, at: number): void {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && this.samples[1]!.at <= at - this.windowMs) this.samples.shift();
  }

  /** Bytes per second, or null until there is a span to measure over. */
  rate(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at <= first.at) return null;
    return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
  }
}

/** Seconds left at `rate` bytes per second, or null when it cannot be told (no speed yet). */
export function secondsLeft(remaining: number, rate: number | null): number | null {
  if (remaining <= 0) return 0;
  if (!rate || rate <= 0) return null;
  return remaining / rate;
}
