import { createHmac, randomBytes } from 'node:crypto';

/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com): HMAC-SHA256 over `{id}.{timestamp}.{body}`
 * with the secret's bytes (the base64 after `whsec_`), sent as `v1,{base64}`; several, space-separated, while a
 * rotated-out secret still signs.
 */
export const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(32).toString('base64');

const keyOf = (secret: string) => Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery; `secrets`: the current one first, then one rotated out and still valid. */
export function webhookHeaders(secrets: readonly string[], id: string, timestamp: number, body: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestamp, body)).join(' '),
  };
}
