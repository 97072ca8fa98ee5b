import type { Stats } from '../../../shared/api/analytics.contract.js';
import type { Clock } from '../../lib/clock.js';
import type { CountsRepository } from './counts.repository.js';
import type { StatsRepository } from './stats.repository.js';

/**
 * The stats (ARCHITECTURE.md: the admin's counts of secrets, users and files): the tallies kept as secrets are
 * created, burned and purged (they outlive the rows), and what is stored now. Computed per request: never cached, so no caller ever sees another's answer.
 */
export function createStatsService(deps: { tallies: StatsRepository; counts: CountsRepository; clock: Clock }) {
  const { tallies, counts, clock } = deps;
  return {
    /** The counters are flushed first (get does), so this instance's latest increments are included. */
    async stats(): Promise<Stats> {
      const now = clock();
      const [created, burned, expired, stored, users, files, requestsCreated, responses, open] = await Promise.all([
        tallies.get('secrets_created'),
        tallies.get('secrets_burned'),
        tallies.get('secrets_expired'),
        counts.secrets(now),
        counts.users(),
        counts.files(),
        tallies.get('requests_created'),
        tallies.get('responses_received'),
        counts.openRequests(now),
      ]);
      return {
        secrets: { created, expired, burned, ...stored },
        requests: { created: requestsCreated, open, responses },
        users,
        files,
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
