import { ERROR_MESSAGES, type ErrorCode, type KnownErrorCode } from '../../shared/errors.js';

/** An error the API answers with as `{code, message, ...extra}` and `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }

  toBody(): Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export function httpError(
  status: number,
  code: KnownErrorCode,
  extra: Record<string, unknown> = {},
  message: string = ERROR_MESSAGES[code],
): HttpError {
  return new HttpError(status, code, message, extra);
}

/** The generic refusals every part of the API may answer with. */
export const requestInvalid = () => httpError(400, 'request.invalid');
export const notFound = () => httpError(404, 'request.not_found');
/** 429: try again after `retryAfterSeconds` (the rate limits, and a secret whose attempt budget is all in use). */
export const rateLimited = (retryAfterSeconds: number, message?: string) =>
  httpError(429, 'rate_limited', { retryAfterSeconds }, message);
export const serverUnavailable = (extra: Record<string, unknown> = {}) => httpError(503, 'server.unavailable', extra);
/** 507: a write found no room (the file storage's disk or the database's); `cause` says which, for the log. */
export const storageFull = (cause?: unknown) =>
  new HttpError(507, 'storage.full', ERROR_MESSAGES['storage.full'], {}, { cause });

/** 400 naming the field: `validation.ttl`. */
export function validationError(field: string, message: string): HttpError {
  const safeField = field.replace(/[^A-Za-z0-9_]/g, '') || 'body';
  return new HttpError(400, `validation.${safeField}`, `${safeField}: ${message}`, { field: safeField });
}
