import type { Stats } from '../../../shared/api/analytics.contract.js';
import type { Clock } from '../../lib/clock.js';
import type { CountsRepository } from './counts.repository.js';
import type { StatsRepository } from './stats.repository.js';

/**
 * Instance statistics: the counters kept as secrets are created, burned and purged (they outlive the rows), and
 * what is stored now. Computed per request: never cached, so no caller ever sees another's answer.
 */
export function createStatsService(deps: { counters: StatsRepository; counts: CountsRepository; clock: Clock }) {
  const { counters, counts, clock } = deps;
  return {
    /** The counters are flushed first (get does), so this instance's latest increments are included. */
    async stats(): Promise<Stats> {
      const [created, burned, expired, stored, users, files] = await Promise.all([
        counters.get('secrets_created'),
        counters.get('secrets_burned'),
        counters.get('secrets_expired'),
        counts.secrets(clock()),
        counts.users(),
        counts.files(),
      ]);
      return { secrets: { created, expired, burned, ...stored }, users, files };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
