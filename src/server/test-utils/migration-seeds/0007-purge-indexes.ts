import { expect } from 'vitest';
import { type Step, HOUR, ids, tokens, hashes, secretRow } from './world.js';

/** Data as migration 0007-purge-indexes left it, and how the latest app still reads it. */
export const stepPurgeIndexes: Step = {
  // Indexes only: rows the purge finds through them. A process killed an hour ago during two verifications (the
  // rest of the budget already spent), and one killed between claiming a last view and deleting the secret.
  async seed(db, { now }) {
    const { verifier } = await hashes();
    await db
      .insertInto('secrets')
      .values({
        ...secretRow(now, ids.stranded),
        password_hash: verifier,
        failed_attempts: 3,
        pending_attempts: 2,
        attempts_reserved_at: now - HOUR,
      })
      .execute();
    await db
      .insertInto('secrets')
      .values({ ...secretRow(now, ids.usedUp), views_left: 0 })
      .execute();
  },
  async check(t) {
    const url = `/api/v1/secret/${ids.stranded}`;
    const payload = { password: tokens.verifier };
    expect((await t.app.inject({ method: 'POST', url, payload })).json()).toMatchObject({ code: 'rate_limited' });
    await t.services.secrets.purge();
    const opened = await t.app.inject({ method: 'POST', url, payload });
    expect(opened.json()).toMatchObject({ id: ids.stranded, viewsLeft: 0 });
    const usedUp = await t.database.db.selectFrom('secrets').select('id').where('id', '=', ids.usedUp).execute();
    expect(usedUp, 'the used-up secret is purged').toEqual([]);
  },
};
