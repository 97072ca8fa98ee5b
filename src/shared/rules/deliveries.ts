/**
 * Why a delivery failed (deliveries.last_error, `lastError`) and why a webhook was turned off
 * (webhooks.disabled_reason, `disabledReason`): a stable code the pages translate, with a detail after a colon where
 * one helps (`network:ECONNRESET`, `smtp:550 5.1.1 mailbox unavailable`, `failed_window:24`). A detail is never
 * Hush's own words: an errno, a number of hours, or the mail server's reply. Rows written before these codes hold
 * English text; the pages show such text as it is.
 */
export const DELIVERY_ERRORS = [
  /** A non-2xx answer; its status is the delivery's lastCode. */
  'http_status',
  /** A 3xx answer (its status in lastCode): not followed, as it could lead to an address the guard refuses. */
  'redirect',
  'timeout',
  'private_address',
  'host_not_found',
  'connection_refused',
  'invalid_url',
  /** The request could not be made at all; detail: Node's error code. */
  'invalid_request',
  /** Any other network failure; detail: the errno (ECONNRESET, EHOSTUNREACH…). */
  'network',
  /** The mail server refused or failed; detail: its reply, or the mailer's error code. */
  'smtp',
  'webhooks_off',
  'email_off',
  'webhook_off',
  'webhook_removed',
  'account_deleted',
  'event_deleted',
] as const;
export type DeliveryErrorCode = (typeof DELIVERY_ERRORS)[number];

/**
 * Failures no retry can mend: the delivery fails at once. An address the guard refuses is one (issue 29.5): retrying
 * it for a day would only knock at the private address again.
 */
export const PERMANENT_DELIVERY_ERRORS: readonly DeliveryErrorCode[] = [
  'private_address',
  'webhook_removed',
  'account_deleted',
  'event_deleted',
];

/** Why a webhook was turned off. `failed_window:<hours>`: every delivery failed for the whole retry window. */
export const WEBHOOK_DISABLED_REASONS = ['failed_window'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/** A code, alone or with its detail. */
export type Coded<C extends string> = C | `${C}:${string}`;
export type DeliveryError = Coded<DeliveryErrorCode>;

/** A detail is cut to this many characters (an SMTP reply can be long). */
export const MAX_DETAIL = 200;

export function coded<C extends string>(code: C, detail?: string | number | null): Coded<C> {
  const text = detail === undefined || detail === null ? '' : String(detail).slice(0, MAX_DETAIL);
  return text ? `${code}:${text}` : code;
}

/** The code and detail of a stored text, or null when it starts with none of `codes` (text from before the codes). */
export function parseCoded<C extends string>(
  codes: readonly C[],
  text: string,
): { code: C; detail: string | null } | null {
  const colon = text.indexOf(':');
  const code = colon === -1 ? text : text.slice(0, colon);
  if (!(codes as readonly string[]).includes(code)) return null;
  return { code: code as C, detail: colon === -1 ? null : text.slice(colon + 1) };
}

export const isPermanentDeliveryError = (error: string | null): boolean => {
  const parsed = error === null ? null : parseCoded(DELIVERY_ERRORS, error);
  return parsed !== null && PERMANENT_DELIVERY_ERRORS.includes(parsed.code);
};
