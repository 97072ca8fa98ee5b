import type { TFunction } from 'i18next';
import { DELIVERY_ERRORS, parseCoded, WEBHOOK_DISABLED_REASONS } from '../../../../shared/rules/deliveries';

/**
 * The server's codes for a failed delivery and a webhook it turned off, in words (`log.errors.*`, `card.reasons.*`
 * of the `webhooks` namespace). Text that is no code, written by an older version, shows as it is.
 */
export function deliveryErrorText(t: TFunction<'webhooks'>, error: string): string {
  const parsed = parseCoded(DELIVERY_ERRORS, error);
  if (!parsed) return error;
  const text = t(`log.errors.${parsed.code}`);
  return parsed.detail ? t('log.withDetail', { error: text, detail: parsed.detail }) : text;
}

/** Whether the delivery's error says more than its status (`http_status` is said by "HTTP 500" alone). */
export function errorAddsToStatus(error: string): boolean {
  const parsed = parseCoded(DELIVERY_ERRORS, error);
  return parsed !== null && parsed.code !== 'http_status';
}

export function disabledReasonText(t: TFunction<'webhooks'>, reason: string): string {
  const parsed = parseCoded(WEBHOOK_DISABLED_REASONS, reason);
  const hours = Number(parsed?.detail);
  if (!parsed || !parsed.detail || !Number.isFinite(hours)) return reason;
  return t(`card.reasons.${parsed.code}`, { count: hours });
}
