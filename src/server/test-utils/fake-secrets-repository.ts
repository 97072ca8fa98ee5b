import type { NewSecretRow, SecretRow, SecretsRepository } from '../modules/secrets/secrets.repository.js';

/**
 * The secrets repository in memory, with the SQL repository's conditions statement for statement (live = views left
 * and not expired; openable = live and ready; a claim decrements only a live, ready row; the last view deletes the
 * row), for unit tests of the secrets service's rules. Concurrency is proven against the real databases
 * (secrets.race.test.ts), not here.
 */
export function createFakeSecretsRepository() {
  const rows = new Map<string, SecretRow>();
  const live = (id: string, now: number) => {
    const row = rows.get(id);
    return row && row.views_left > 0 && row.expires_at > now ? row : undefined;
  };
  const copy = (row: SecretRow | undefined) => row && { ...row };

  // Requests' responses (insertWith, transactions) are proven against the real databases only.
  const repository: Omit<
    SecretsRepository,
    'listPublic' | 'listOwned' | 'insertWith' | 'transaction' | 'deleteReturning'
  > = {
    async insert(row: NewSecretRow) {
      rows.set(row.id, { failed_attempts: 0, pending_attempts: 0, ...row } as SecretRow);
    },
    async findOpenable(id, now) {
      const row = live(id, now);
      return copy(row?.ready === 1 ? row : undefined);
    },
    async findLive(id, now) {
      return copy(live(id, now));
    },
    async markReady(id, now) {
      const row = rows.get(id);
      if (!row || row.ready !== 0 || row.expires_at <= now) return false;
      row.ready = 1;
      return true;
    },
    async deleteAbandoned(createdBefore) {
      const deleted: { id: string; request_id: string | null }[] = [];
      for (const [id, row] of rows) {
        if (row.ready === 0 && row.created_at <= createdBefore && rows.delete(id)) {
          deleted.push({ id, request_id: row.request_id });
        }
      }
      return deleted;
    },
    async claimView(id, now) {
      const row = live(id, now);
      if (!row || row.ready !== 1) return undefined;
      row.views_left -= 1;
      return copy(row);
    },
    async takeLastView(found, now) {
      const row = rows.get(found.id);
      if (!row || row.views_left !== 1 || row.ready !== 1) return undefined;
      rows.delete(found.id);
      return row.expires_at > now ? row : undefined;
    },
    async deleteIfExhausted(id) {
      const row = rows.get(id);
      if (!row || row.views_left > 0) return undefined;
      rows.delete(id);
      return row;
    },
    async recordView(id, now) {
      const row = rows.get(id);
      if (row) row.view_times = row.view_times ? `${row.view_times},${now}` : String(now);
    },
    async reserveAttempt(id, budget, now) {
      const row = rows.get(id);
      if (!row || row.failed_attempts + row.pending_attempts >= budget) return false;
      row.pending_attempts += 1;
      row.attempts_reserved_at = now;
      return true;
    },
    async releaseStaleAttempts(before) {
      let released = 0;
      for (const row of rows.values()) {
        if (row.pending_attempts > 0 && row.attempts_reserved_at !== null && row.attempts_reserved_at < before) {
          row.pending_attempts = 0;
          released++;
        }
      }
      return released;
    },
    async failAttempt(id, now) {
      const row = rows.get(id);
      if (!row || row.pending_attempts <= 0) return undefined;
      row.pending_attempts -= 1;
      row.failed_attempts += 1;
      row.failed_times = row.failed_times ? `${row.failed_times},${now}` : String(now);
      return copy(row);
    },
    async releaseAttempt(id) {
      const row = rows.get(id);
      if (row && row.pending_attempts > 0) row.pending_attempts -= 1;
    },
    async delete(id) {
      return rows.delete(id);
    },
    async takeEnded(now, limit) {
      const ended: SecretRow[] = [];
      for (const [id, row] of rows) {
        if (ended.length < limit && (row.expires_at <= now || row.views_left <= 0) && rows.delete(id)) ended.push(row);
      }
      return ended;
    },
  };
  return { repository: repository as SecretsRepository, rows };
}
