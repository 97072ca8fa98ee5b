/**
 * Failed sign-ins per account name, in memory: after `max` failures in `windowMs` the name is locked until the
 * window passes, whatever the caller's IP (the per-IP route limit covers the other side).
 */
export function createAttemptLimiter(options: { max: number; windowMs: number; clock: () => number }) {
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const since = options.clock() - options.windowMs;
    const list = (failures.get(key) ?? []).filter((at) => at > since);
    if (list.length > 0) failures.set(key, list);
    else failures.delete(key);
    return list;
  };

  return {
    locked: (key: string) => recent(key.toLowerCase()).length >= options.max,
    fail(key: string) {
      const lower = key.toLowerCase();
      failures.set(lower, [...recent(lower), options.clock()]);
      // Bounded memory: forget the oldest names when too many are tracked.
      if (failures.size > 100_000) failures.delete(failures.keys().next().value!);
    },
    succeed: (key: string) => void failures.delete(key.toLowerCase()),
  };
}
