import type { z } from 'zod';
import type {
  Delivery as DeliverySchema,
  Webhook as WebhookSchema,
  WebhookBody as WebhookBodySchema,
  WebhookWithSecret as WebhookWithSecretSchema,
} from '../../../../shared/api/webhooks.contract';

export type Webhook = z.output<typeof WebhookSchema>;
export type WebhookWithSecret = z.output<typeof WebhookWithSecretSchema>;
export type WebhookBody = z.output<typeof WebhookBodySchema>;
export type Delivery = z.output<typeof DeliverySchema>;
