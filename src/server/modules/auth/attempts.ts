import type { RedisFallback } from '../../lib/redis-fallback.js';

/**
 * Sign-in throttling that cannot be turned against an account's owner. Attempts are counted per account and client
 * (an IPv4 address, or an IPv6 /64), so a stranger's failures slow down only that stranger: the owner, signing in
 * from an address without failures, always gets in with the right password.
 *
 * Every attempt counts as a failure when it starts (so a burst sent at once is counted exactly, like the secrets'
 * attempt budget); a successful sign-in clears the count. After `free` failures each further attempt must wait
 * `baseDelayMs` doubled per failure, up to `maxDelayMs`; a client's count is forgotten `forgetMs` after its last
 * attempt. With Redis the counts are shared by every instance, and while Redis cannot be reached they live in this
 * process: the same RedisFallback as the rate limits', which tells the operator of an outage once for both.
 *
 * The rule itself is one Lua script in Redis, not rate-limiter-flexible's counters (which the rate limits use):
 * their windows start at the first hit, expire on Redis's clock in whole seconds and count refused hits too, while
 * this rule waits from the last attempt, doubles the wait per failure, counts no refused attempt, decides and counts
 * atomically across instances (a burst sent at once to several instances gets exactly `free` attempts through), and
 * runs on the service's clock (which the tests move).
 */

export interface ThrottleRules {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
}

export const SIGN_IN_THROTTLE: ThrottleRules = {
  free: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  forgetMs: 24 * 60 * 60 * 1000,
};

/** How long the attempt after `failures` failures must wait after the last one (0: it may go now). */
export function delayAfter(failures: number, rules: ThrottleRules): number {
  if (failures < rules.free) return 0;
  return Math.min(rules.baseDelayMs * 2 ** (failures - rules.free), rules.maxDelayMs);
}

/** An attempt's place: `wait` ms before it may go (then nothing was counted), else 0 and its number since the last clear. */
export interface Counted {
  wait: number;
  attempts: number;
}

export interface ThrottleStore {
  /** Counts an attempt and returns 0, or returns the milliseconds to wait (and counts nothing). */
  take(key: string, now: number): Promise<number>;
  /** The same, with the attempt's number (the first after a clear or a forgotten count is 1). */
  count(key: string, now: number): Promise<Counted>;
  clear(key: string): Promise<void>;
}

export function memoryThrottleStore(rules: ThrottleRules, maxKeys = 100_000): ThrottleStore {
  const counts = new Map<string, { failures: number; last: number }>();
  const count = async (key: string, now: number): Promise<Counted> => {
    let entry = counts.get(key);
    if (entry && now - entry.last >= rules.forgetMs) entry = undefined;
    const failures = entry?.failures ?? 0;
    const wait = entry ? entry.last + delayAfter(failures, rules) - now : 0;
    if (wait > 0) return { wait, attempts: failures };
    counts.delete(key);
    counts.set(key, { failures: failures + 1, last: now });
    // Bounded memory: the least recently tried keys go first.
    if (counts.size > maxKeys) counts.delete(counts.keys().next().value!);
    return { wait: 0, attempts: failures + 1 };
  };
  return {
    count,
    take: async (key, now) => (await count(key, now)).wait,
    async clear(key) {
      counts.delete(key);
    },
  };
}

const TAKE_SCRIPT = `
local failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
if now - last >= tonumber(ARGV[5]) then failures = 0 end
if failures >= free then
  local wait = math.min(tonumber(ARGV[3]) * 2 ^ (failures - free), tonumber(ARGV[4]))
  if now < last + wait then return {math.ceil(last + wait - now), failures} end
end
redis.call('HSET', KEYS[1], 'f', failures + 1, 'l', now)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {0, failures + 1}
`;

/** Shared counts in Redis; this process's own counts while Redis cannot be reached. */
export function redisThrottleStore(fallback: RedisFallback, rules: ThrottleRules, prefix: string): ThrottleStore {
  const local = memoryThrottleStore(rules);
  const count = async (key: string, now: number): Promise<Counted> => {
    try {
      const [wait, attempts] = (await fallback.redis.eval(
        TAKE_SCRIPT,
        1,
        prefix + key,
        now,
        rules.free,
        rules.baseDelayMs,
        rules.maxDelayMs,
        rules.forgetMs,
      )) as [number, number];
      fallback.answered();
      return { wait: Number(wait), attempts: Number(attempts) };
    } catch (error) {
      fallback.failed(error);
      return local.count(key, now);
    }
  };
  return {
    count,
    take: async (key, now) => (await count(key, now)).wait,
    async clear(key) {
      await local.clear(key);
      await fallback.redis.del(prefix + key).catch(() => {});
    },
  };
}

/** Makes a throttle with these rules, its counts under this key prefix (apart from every other throttle's). */
export type Throttles = (rules: ThrottleRules, prefix: string) => ThrottleStore;

/** Throttles in Redis (with memory while it cannot be reached) when there is one, else in this process. */
export const throttleStores =
  (redis?: RedisFallback): Throttles =>
  (rules, prefix) =>
    redis ? redisThrottleStore(redis, rules, prefix) : memoryThrottleStore(rules);
