import type { Db } from '../../db/schema.js';

export type TallyName =
  'secrets_created' | 'secrets_burned' | 'secrets_expired' | 'requests_created' | 'responses_received';

/**
 * The stats' tallies: monotonic numbers kept in the database (table `statistics`), so they survive restarts and add
 * up across instances. Increments are gathered in memory and written together every `flushIntervalMs` (and before
 * every read and at shutdown): a write per request would double the writes of the hottest paths. A crash loses at
 * most one interval.
 */
export function createStatsRepository(
  db: Db,
  options: { flushIntervalMs?: number; observe?: (name: TallyName, by: number) => void } = {},
) {
  const pending = new Map<TallyName, number>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: [TallyName, number][]): Promise<void> {
    for (const [name, by] of batch) {
      await db
        .insertInto('statistics')
        .values({ name, value: by })
        .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('statistics.value', '+', by) })))
        .execute();
    }
  }

  function flush(): Promise<void> {
    const batch = [...pending];
    pending.clear();
    flushing = flushing
      .then(() => write(batch))
      .catch(() => {
        // Put the counts back, so a failed write is retried at the next flush.
        for (const [name, by] of batch) pending.set(name, (pending.get(name) ?? 0) + by);
      });
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushIntervalMs ?? 2000);
  timer.unref();

  return {
    increment(name: TallyName, by = 1): void {
      if (by <= 0) return;
      pending.set(name, (pending.get(name) ?? 0) + by);
      options.observe?.(name, by);
    },

    flush,

    async get(name: TallyName): Promise<number> {
      await flush();
      const row = await db.selectFrom('statistics').select('value').where('name', '=', name).executeTakeFirst();
      return Number(row?.value ?? 0);
    },

    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
