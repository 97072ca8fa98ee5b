/** The settings of receipts, webhooks and email (issue 15): spread into config-settings.ts in this order. */
import { z } from 'zod';
import { Email } from '../shared/api/auth.contract.js';
import { DEFAULT_EMAIL_EVENTS, EVENT_TYPES } from '../shared/rules/events.js';
import { bool, decimal, int, list, setting } from './config-kinds.js';

export const deliverySettings = {
  statusRetentionDays: setting(
    'HUSH_STATUS_RETENTION_DAYS',
    '30',
    decimal(0.01, 3650),
    'Days the content-free status of a secret (views, wrong passwords, how it ended) is kept after the secret is gone (0.5: 12 hours; about 200 bytes per secret, README › Sizing).',
  ),
  statusReaderIp: setting(
    'HUSH_STATUS_READER_IP',
    'off',
    z
      .enum(['off', 'false', 'prefix', 'full', 'true'], { message: 'must be off, prefix or full' })
      .transform((value) => (value === 'false' ? 'off' : value === 'true' ? 'full' : value)),
    'Keep readers’ addresses in a secret’s status, shown to its owner: off, prefix (an IPv4 /24 or IPv6 /48) or full.',
  ),
  webhookUrl: setting(
    'HUSH_WEBHOOK_URL',
    '',
    z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
    'An instance webhook pinned by the environment (managed mode): every event is sent to it, signed with HUSH_WEBHOOK_SECRET.',
  ),
  webhookSecret: setting(
    'HUSH_WEBHOOK_SECRET',
    '',
    z.union([
      z.literal(''),
      z.string().regex(/^whsec_[A-Za-z0-9+/=]{32,}$/, 'must be whsec_ and at least 24 bytes of base64'),
    ]),
    'The signing secret of HUSH_WEBHOOK_URL (whsec_ and base64, as Standard Webhooks give it).',
  ),
  webhookAllowPrivate: setting(
    'HUSH_WEBHOOK_ALLOW_PRIVATE',
    'false',
    bool,
    'Let webhooks point at loopback, private, link-local and metadata addresses (checked again after DNS at every delivery).',
  ),
  webhookTimeoutSeconds: setting(
    'HUSH_WEBHOOK_TIMEOUT',
    '10',
    int(1, 120),
    'Seconds a webhook endpoint has to answer a delivery before it counts as failed (and is retried).',
  ),
  deliveryRetryMs: setting(
    'HUSH_DELIVERY_RETRY_MS',
    '5000',
    int(10, 3_600_000),
    'Wait before the first retry of a failed delivery; it doubles with each retry (at most 6 hours) for HUSH_DELIVERY_WINDOW_HOURS.',
  ),
  deliveryWindowHours: setting(
    'HUSH_DELIVERY_WINDOW_HOURS',
    '24',
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of hours')
      .pipe(z.coerce.number<string>().min(0.0001).max(720)),
    'How long a failed delivery is retried; a webhook failing every attempt that long is turned off, with a notice.',
  ),
  smtpUrl: setting(
    'HUSH_SMTP_URL',
    '',
    z.union([z.literal(''), z.url({ protocol: /^smtps?$/ })]),
    'SMTP server for notification emails: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465 (TLS). Empty: no email.',
  ),
  smtpFrom: setting(
    'HUSH_SMTP_FROM',
    '',
    z.union([z.literal(''), Email]),
    'The From address of notification emails (required with HUSH_SMTP_URL).',
  ),
  smtpRequireTls: setting(
    'HUSH_SMTP_REQUIRE_TLS',
    'false',
    bool,
    'Refuse to send over smtp:// unless the server offers STARTTLS.',
  ),
  smtpTlsRejectUnauthorized: setting(
    'HUSH_SMTP_TLS_REJECT_UNAUTHORIZED',
    'true',
    bool,
    'Check the SMTP server’s TLS certificate (false only for a self-signed server you trust).',
  ),
  emailEvents: setting(
    'HUSH_EMAIL_EVENTS',
    DEFAULT_EMAIL_EVENTS.join(','),
    list.pipe(z.array(z.enum(EVENT_TYPES, { message: `each must be one of ${EVENT_TYPES.join(', ')}` }))),
    'The events a user is emailed about until they choose (comma-separated event types; empty: none).',
  ),
  smtpTimeoutSeconds: setting(
    'HUSH_SMTP_TIMEOUT',
    '15',
    int(1, 300),
    'Seconds to connect, greet and send one email before the attempt counts as failed (and is retried).',
  ),
};
