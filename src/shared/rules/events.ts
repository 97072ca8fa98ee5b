/**
 * What Hush reports (issue 15): the activity page, webhooks and emails all speak of these. An event carries its type,
 * time and the id it is about (a secret, request, token or webhook), and a few content-free fields; never content,
 * titles, keys or reader addresses.
 */
export const EVENT_TYPES = [
  'secret.viewed',
  'secret.burned',
  'secret.expired',
  'secret.password_failed',
  'request.created',
  'request.answered',
  'request.revoked',
  'request.expired',
  'token.created',
  'token.first_used',
  'session.new_device',
  'webhook.disabled',
  'session.second_factor_failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Sent only by a webhook's "send test event" button; never in the activity list. */
export const TEST_EVENT = 'webhook.test';

/** The events a new account is emailed about unless the instance's default says otherwise. */
export const DEFAULT_EMAIL_EVENTS: readonly EventType[] = [
  'secret.viewed',
  'secret.burned',
  'secret.expired',
  'request.answered',
  'session.new_device',
  'webhook.disabled',
  'session.second_factor_failed',
];

export const WEBHOOK_FORMATS = ['standard', 'slack', 'ntfy'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** Activity page size. */
export const ACTIVITY_PAGE = 50;
/** A user's webhooks, at most. */
export const MAX_WEBHOOKS_PER_OWNER = 10;
