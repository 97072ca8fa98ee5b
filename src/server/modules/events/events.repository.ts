import type { Transaction } from 'kysely';
import type { EventType } from '../../../shared/rules/events.js';
import type { DB, Db } from '../../db/schema.js';
import { randomToken } from '../../lib/tokens.js';

export type { EventType } from '../../../shared/rules/events.js';

/** A few content-free fields: counts, reasons, never content, titles, keys or addresses. */
export type EventData = Record<string, string | number | boolean | null>;

export interface NewEvent {
  type: EventType | 'webhook.test';
  userId: string | null;
  /** The secret, request, token or webhook the event is about: an id, never content, keys or addresses. */
  subjectId: string;
  at: number;
  data?: EventData;
}

/** The outbox's rows for `events`, each with a new id. */
export function eventRows(events: readonly NewEvent[], dispatched = false) {
  return events.map((event) => ({
    id: randomToken(16),
    type: event.type,
    user_id: event.userId,
    subject_id: event.subjectId,
    created_at: event.at,
    data: event.data ? JSON.stringify(event.data) : null,
    dispatched: dispatched ? 1 : 0,
  }));
}

/**
 * The outbox (issue 15): each event is written with the executor of the change it reports (its transaction), so an
 * event exists exactly when its change does; the delivery worker (modules/delivery) sends it after. Returns the ids.
 */
export async function recordEvents(
  executor: Db | Transaction<DB>,
  events: readonly NewEvent[],
  dispatched = false,
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = eventRows(events, dispatched);
  await executor.insertInto('events').values(rows).execute();
  return rows.map((row) => row.id);
}
