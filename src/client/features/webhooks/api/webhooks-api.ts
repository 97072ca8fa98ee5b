import { api } from '../../../lib/api-client';
import type { Delivery, Webhook, WebhookBody, WebhookWithSecret } from './webhooks.types';

/** Where a set of webhooks lives: the user's own, or the instance's (admins). */
export type WebhooksBase = '/account/webhooks' | '/admin/webhooks';

/** The webhook calls, the same for both sets; each one's answer is checked against its contract in development. */
export function webhooksApi(base: WebhooksBase) {
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    list: (signal?: AbortSignal) => api<Webhook[]>(base, { signal }),
    /** The answer holds the signing secret, which is never shown again. */
    create: (body: WebhookBody) => api<WebhookWithSecret>(base, { body }),
    update: (id: string, body: WebhookBody) => api<Webhook>(one(id), { method: 'PUT', body }),
    remove: (id: string) => api<{ deleted: true }>(one(id), { method: 'DELETE' }),
    /** A new signing secret, shown once; the old one keeps signing for a day. */
    rotate: (id: string) => api<WebhookWithSecret>(`${one(id)}/rotate`, { body: {} }),
    test: (id: string) => api<Delivery>(`${one(id)}/test`, { body: {} }),
    deliveries: (id: string, signal?: AbortSignal) => api<Delivery[]>(`${one(id)}/deliveries`, { signal }),
  };
}

export type WebhooksApi = ReturnType<typeof webhooksApi>;
