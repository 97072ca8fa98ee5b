import { EVENT_TYPES, type EventType, type WebhookFormat } from '../../../../shared/rules/events';
import type { FieldErrors } from '../../../lib/field-errors';
import type { Webhook, WebhookBody } from '../api/webhooks.types';

export const URL_MAX = 2000;

export interface WebhookValues {
  url: string;
  format: WebhookFormat;
  /** Every event (null on the wire), or only those in `events`. */
  filter: 'all' | 'chosen';
  events: ReadonlySet<EventType>;
}
export type WebhookField = 'url' | 'events';

export function initialValues(webhook?: Webhook): WebhookValues {
  return {
    url: webhook?.url ?? '',
    format: webhook?.format ?? 'standard',
    filter: webhook?.events ? 'chosen' : 'all',
    events: new Set(webhook?.events ?? []),
  };
}

/**
 * The checks the page can make (keys of the `webhooks` namespace); whether the address is public is the server's
 * to say (webhook.url_not_allowed), as only it resolves the name.
 */
export function validateWebhook(values: WebhookValues): FieldErrors<WebhookField> {
  const errors: FieldErrors<WebhookField> = {};
  const url = values.url.trim();
  if (url === '') errors.url = 'validation.urlRequired';
  else if (url.length > URL_MAX || !isHttpUrl(url)) errors.url = 'validation.urlInvalid';
  if (values.filter === 'chosen' && values.events.size === 0) errors.events = 'validation.eventsRequired';
  return errors;
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export function webhookBody(values: WebhookValues, enabled: boolean): WebhookBody {
  return {
    url: values.url.trim(),
    format: values.format,
    events: values.filter === 'all' ? null : EVENT_TYPES.filter((type) => values.events.has(type)),
    enabled,
  };
}

/** The PUT body that changes nothing but `enabled`. */
export const withEnabled = (webhook: Webhook, enabled: boolean): WebhookBody => ({
  url: webhook.url,
  format: webhook.format,
  events: webhook.events,
  enabled,
});
