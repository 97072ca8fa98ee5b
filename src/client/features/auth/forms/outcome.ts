import type { TFunction } from 'i18next';
import { errorMessage } from '../../../lib/error-message';
import { ApiError } from '../../../lib/api-client';
import type { SubmitOutcome } from './use-credentials-form';

/** A thrown failure as a form outcome: translated, and pinned to its field when the form has that field. */
export function failureOutcome<F extends string>(t: TFunction, error: unknown, fields: readonly F[]): SubmitOutcome<F> {
  const field = error instanceof ApiError ? error.field : undefined;
  const message = errorMessage(t, error);
  return fields.includes(field as F) ? { message, field: field as F } : { message };
}
