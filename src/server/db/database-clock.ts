import { sql } from 'kysely';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Database } from './database.js';

/** How often the offset is measured again: a machine clock that is stepped (NTP, a resumed VM) is followed within it. */
const REMEASURE_MS = 10_000;
/** Round trips per measure: the shortest one's midpoint is the closest to the database's moment. */
const SAMPLES = 3;

export interface DatabaseClock {
  /** The database's time now, in epoch milliseconds: the machine's clock plus the offset last measured. */
  now: Clock;
  /** Measures the offset again (also done every REMEASURE_MS); keeps the last one while the database is away. */
  measure(): Promise<void>;
  stop(): void;
}

/**
 * One clock for every instance on a PostgreSQL database (issue 29, point 12): each instance decides expiry by its own
 * clock (reads filter `expires_at > now`, the purge deletes `expires_at <= now`, creates set `now + ttl`), and an
 * instance whose clock ran 2 s ahead refused and deleted the others' secrets early. Following the database's clock,
 * instances agree to within a round trip's half, and no statement changes: they keep taking `now` as a value, so an
 * injected clock (tests that move time) still decides alone. SQLite is one process: its machine's clock is one clock.
 */
export async function followDatabaseClock(database: Database, machine: Clock = systemClock): Promise<DatabaseClock> {
  let offset = 0;
  const sample = async () => {
    const before = machine();
    const { rows } = await sql<{
      now: number;
    }>`select (extract(epoch from clock_timestamp()) * 1000)::bigint as now`.execute(database.db);
    const after = machine();
    return { roundTrip: after - before, offset: Number(rows[0]!.now) - (before + after) / 2 };
  };
  const measure = async () => {
    let best = await sample();
    for (let i = 1; i < SAMPLES; i++) {
      const next = await sample();
      if (next.roundTrip < best.roundTrip) best = next;
    }
    // A difference within the measure's own uncertainty is no difference (one machine's clock read twice).
    offset = Math.abs(best.offset) <= best.roundTrip / 2 ? 0 : Math.round(best.offset);
  };
  // Started after the migrations, the database answers; should it not, the machine's clock serves until it does.
  await measure().catch(() => {});
  const timer = setInterval(() => void measure().catch(() => {}), REMEASURE_MS);
  timer.unref();
  return {
    now: () => machine() + offset,
    measure,
    stop: () => clearInterval(timer),
  };
}
