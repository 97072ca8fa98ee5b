import type { Transaction } from 'kysely';
import type { DB, Db } from '../../db/schema.js';
import { randomToken } from '../../lib/tokens.js';

/** What is recorded (issue 14); the notifications of a later issue deliver them. */
export type EventType = 'request.created' | 'request.answered' | 'request.revoked' | 'request.expired';

export interface NewEvent {
  type: EventType;
  userId: string | null;
  /** The request (or secret) the event is about: an id, never content, keys or addresses. */
  subjectId: string;
  at: number;
}

/**
 * The durable record of what happened. Each event is written with the executor of the change it reports (its
 * transaction), so an event exists exactly when its change does.
 */
export function recordEvents(executor: Db | Transaction<DB>, events: readonly NewEvent[]): Promise<unknown> {
  if (events.length === 0) return Promise.resolve();
  return executor
    .insertInto('events')
    .values(
      events.map((event) => ({
        id: randomToken(16),
        type: event.type,
        user_id: event.userId,
        subject_id: event.subjectId,
        created_at: event.at,
      })),
    )
    .execute();
}
