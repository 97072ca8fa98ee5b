import { EVENT_TYPES, type EventType, type WebhookFormat } from '../../../../shared/rules/events';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
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

/** Why the server refused an address (webhook.url_not_allowed's `reason`), in the page's words. */
const REFUSALS = ['not_url', 'not_http', 'credentials', 'private_address'] as const;

/** The refusal of an address: by its reason when the server gave a known one, else the error's own words. */
export function refusedUrlText(t: TFunction<'webhooks'>, error: ApiError): string {
  const reason = error.details.reason;
  return REFUSALS.includes(reason as (typeof REFUSALS)[number])
    ? t(`form.refused.${reason as (typeof REFUSALS)[number]}`)
    : errorMessage(t, error);
}
