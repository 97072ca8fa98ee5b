import type { Clock } from '../../lib/clock.js';
import type { StatusRecorder } from '../receipts/status-record.js';
import type { Executor, SecretRow, SecretsRepository } from './secrets.repository.js';
import type { Caller } from './secrets.service.js';

/**
 * Spending views and password attempts (secrets.service), each recorded in the secret's status: the statement that
 * spends records the time (and, when kept, the reader's address); an event goes in the same transaction when its
 * owner, or an instance channel, hears of it (receipts/status-record.ts). Without a recorder (unit tests), nothing is
 * recorded.
 */
export function createViewClaims(deps: {
  repository: SecretsRepository;
  recorder: StatusRecorder | undefined;
  clock: Clock;
  /** A claim deleted the secret (its last view). */
  burned: () => void;
  attemptsLeft: (row: SecretRow) => number;
}) {
  const { repository, recorder, clock } = deps;

  /** `write` alone, or `write` then `tell` in one transaction when someone hears of the owner's events. */
  function withEvent<T>(
    owner: string | null,
    write: (executor?: Executor) => Promise<T>,
    tell: (executor: Executor, result: T) => Promise<void>,
  ): Promise<T> {
    if (!recorder?.wants(owner)) return write();
    return repository.transaction(async (trx) => {
      const result = await write(trx);
      await tell(trx, result);
      return result;
    });
  }

  /** A view that leaves views. A claim that spent the last view is told by its ending (endExhausted), not twice. */
  const claimView = (row: SecretRow, now: number, ip: string | null) =>
    withEvent(
      row.owner_id,
      (executor) => repository.claimView(row.id, now, ip, executor),
      async (trx, claimed) => {
        if (claimed && claimed.views_left > 0) await recorder!.viewed(trx, claimed, claimed.views_left, now);
      },
    );

  /** A view of a secret that never burns: recorded only. */
  const recordView = (row: SecretRow, now: number, ip: string | null) =>
    withEvent(
      row.owner_id,
      (executor) => repository.recordView(row.id, now, ip, executor),
      (trx) => recorder!.viewed(trx, row, row.views_left, now),
    );

  /** Deletes a secret whose views a claim used up, with its status. */
  async function endExhausted(id: string, now: number): Promise<boolean> {
    if (!recorder) return (await repository.deleteIfExhausted(id)) !== undefined;
    return repository.transaction(async (trx) => {
      const gone = await repository.deleteIfExhausted(id, trx);
      if (gone) await recorder.ended(trx, [{ row: gone, reason: 'last_view', at: now }]);
      return gone !== undefined;
    });
  }

  return {
    /** A wrong password: counted and timed on the row. The row after, or undefined when gone. */
    failAttempt: (row: SecretRow, now: number) =>
      withEvent(
        row.owner_id,
        (executor) => repository.failAttempt(row.id, now, executor),
        async (trx, failed) => {
          if (failed) await recorder!.passwordFailed(trx, failed, deps.attemptsLeft(failed), now);
        },
      ),

    /**
     * Spends one view in a single atomic statement: the last view deletes the row and returns it, any other
     * decrements `views_left` where it is still positive. Of N concurrent readers exactly `views_left` succeed.
     */
    async claim(row: SecretRow, caller: Caller): Promise<SecretRow | undefined> {
      const now = clock();
      const ip = recorder ? recorder.address(caller.ip) : null;
      if (row.prevent_burn === 1) {
        const fresh = await repository.findOpenable(row.id, now);
        if (fresh && recorder) await recordView(fresh, now, ip);
        return fresh;
      }
      if (row.views_left === 1) {
        const taken = await repository.takeLastView(row, now, ip);
        if (taken) deps.burned();
        return taken && { ...taken, views_left: 0 };
      }
      const claimed = await claimView(row, now, ip);
      if (claimed && claimed.views_left <= 0 && (await endExhausted(row.id, now))) deps.burned();
      return claimed;
    },
  };
}
