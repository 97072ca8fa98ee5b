import type { Delivery, Webhook } from './api/webhooks.types';

export const AT = '2029-03-01T12:00:00.000Z';
export const SIGNING_SECRET = 'whsec_c2lnbmluZy1zZWNyZXQtZm9yLXRlc3Rz';

/** A webhook as the server lists it. */
export const webhook = (changes: Partial<Webhook> = {}): Webhook => ({
  id: 'hook-1',
  url: 'https://hooks.example.com/hush',
  format: 'standard',
  events: null,
  enabled: true,
  disabledReason: null,
  pinned: false,
  createdAt: AT,
  ...changes,
});

/** A delivery of the log. */
export const delivery = (changes: Partial<Delivery> = {}): Delivery => ({
  id: 'delivery-1',
  eventId: 'msg_1',
  type: 'webhook.test',
  state: 'pending',
  attempts: 0,
  lastCode: null,
  lastError: null,
  createdAt: AT,
  nextAttemptAt: null,
  finishedAt: null,
  ...changes,
});
