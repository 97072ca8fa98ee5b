import type { WebhookFormat } from '../../../shared/rules/events.js';
import type { EventData } from '../events/events.repository.js';
import { describeEvent, eventTitle } from './messages.js';
import { webhookHeaders } from './signing.js';

export interface OutboxEvent {
  id: string;
  type: string;
  userId: string | null;
  subjectId: string;
  at: number;
  data: EventData;
}

/** The id field a payload names its subject by. */
function subjectField(type: string): string {
  const kind = type.split('.')[0];
  return kind === 'secret'
    ? 'secretId'
    : kind === 'request'
      ? 'requestId'
      : kind === 'token'
        ? 'tokenId'
        : kind === 'webhook'
          ? 'webhookId'
          : 'subjectId';
}

/**
 * The body and headers of one delivery. Standard: `{type, timestamp, data}` JSON, as Standard Webhooks recommend.
 * Slack: `{text}` for an incoming webhook. ntfy: the sentence as text, with the event's title as its Title. All three carry the signature
 * headers; the event id is the idempotency id (webhook-id), the same on every retry.
 */
export function webhookRequest(
  event: OutboxEvent,
  format: WebhookFormat,
  secrets: readonly string[],
  sentAt: number,
): { headers: Record<string, string>; body: string } {
  const timestamp = Math.floor(sentAt / 1000);
  let body: string;
  let headers: Record<string, string>;
  if (format === 'slack') {
    body = JSON.stringify({ text: `Hush: ${describeEvent(event)}` });
    headers = { 'content-type': 'application/json' };
  } else if (format === 'ntfy') {
    body = describeEvent(event);
    // In English, as the sentence is: a header value must be Latin-1, and the owner's language is not at hand here.
    headers = { 'content-type': 'text/plain; charset=utf-8', title: `Hush: ${eventTitle(event.type)}`, tags: 'lock' };
  } else {
    body = JSON.stringify({
      type: event.type,
      timestamp: new Date(event.at).toISOString(),
      data: { eventId: event.id, [subjectField(event.type)]: event.subjectId, ...event.data },
    });
    headers = { 'content-type': 'application/json' };
  }
  return { body, headers: { ...headers, ...webhookHeaders(secrets, event.id, timestamp, body) } };
}
