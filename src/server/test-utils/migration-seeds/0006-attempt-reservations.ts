import { expect } from 'vitest';
import { type Step, ids, tokens, hashes, secretRow } from './world.js';

/** Data as migration 0006-attempt-reservations left it, and how the latest app still reads it. */
export const stepAttemptReservations: Step = {
  async seed(db, { now }) {
    const { verifier } = await hashes();
    // Two wrong passwords so far, and a verification that was running when the server stopped: its place is
    // still held (pending places are never released by a restart; the budget stays a ceiling).
    await db
      .insertInto('secrets')
      .values({
        ...secretRow(now, ids.attempted),
        max_views: 2,
        views_left: 2,
        password_hash: verifier,
        failed_attempts: 2,
        pending_attempts: 1,
        attempts_reserved_at: now,
      })
      .execute();
  },
  async check(t) {
    const url = `/api/v1/secret/${ids.attempted}`;
    expect((await t.app.inject(`${url}/exist`)).json()).toMatchObject({ attemptsLeft: 3 });
    const wrong = await t.app.inject({ method: 'POST', url, payload: { password: 'wrong' } });
    expect(wrong.json()).toMatchObject({ code: 'secret.password_invalid', attemptsLeft: 2 });
    const right = await t.app.inject({ method: 'POST', url, payload: { password: tokens.verifier } });
    expect(right.json()).toMatchObject({ id: ids.attempted, viewsLeft: 1 });
  },
};
