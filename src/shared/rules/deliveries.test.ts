import { describe, expect, it } from 'vitest';
import {
  coded,
  DELIVERY_ERRORS,
  isPermanentDeliveryError,
  MAX_DETAIL,
  parseCoded,
  WEBHOOK_DISABLED_REASONS,
} from './deliveries.js';

describe('delivery failure codes', () => {
  it('a code is stored alone, or with its detail after the first colon', () => {
    expect(coded('timeout')).toBe('timeout');
    expect(coded('network', 'ECONNRESET')).toBe('network:ECONNRESET');
    expect(coded('failed_window', 24)).toBe('failed_window:24');
    expect(coded('network', undefined)).toBe('network');
    expect(coded('smtp', `550 ${'x'.repeat(500)}`)).toHaveLength('smtp:'.length + MAX_DETAIL);
    expect(parseCoded(DELIVERY_ERRORS, 'smtp:550 5.1.1 <a@b>: mailbox unavailable')).toEqual({
      code: 'smtp',
      detail: '550 5.1.1 <a@b>: mailbox unavailable',
    });
    expect(parseCoded(WEBHOOK_DISABLED_REASONS, 'failed_window:24')).toEqual({ code: 'failed_window', detail: '24' });
    expect(parseCoded(DELIVERY_ERRORS, 'connection_refused')).toEqual({ code: 'connection_refused', detail: null });
  });

  it('text written before the codes is no code', () => {
    for (const old of [
      'HTTP 500',
      'connection refused',
      'refused: private address',
      'no answer within 10 s',
      'ETIMEDOUT',
    ])
      expect(parseCoded(DELIVERY_ERRORS, old), old).toBeNull();
    expect(parseCoded(WEBHOOK_DISABLED_REASONS, 'Every delivery failed for 24 hours')).toBeNull();
  });

  it('only a refused address, a removed webhook, a deleted account or event is past mending; old text never is', () => {
    expect(DELIVERY_ERRORS.filter((code) => isPermanentDeliveryError(code))).toEqual([
      'private_address',
      'webhook_removed',
      'account_deleted',
      'event_deleted',
    ]);
    expect(isPermanentDeliveryError(null)).toBe(false);
    expect(isPermanentDeliveryError('webhook removed')).toBe(false);
  });
});
