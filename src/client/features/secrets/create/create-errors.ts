import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { isFormField, type FormField } from './create-form';

export type SubmitPhase = 'encrypting' | 'sending';

/** A failed submission: what failed, in which step, and the field when the server named one of ours. */
export interface CreateFailure {
  error: unknown;
  phase: SubmitPhase;
  field?: FormField;
}

export function toCreateFailure(error: unknown, phase: SubmitPhase): CreateFailure {
  if (error instanceof ApiError && error.code.startsWith('validation.')) {
    const field = error.code.slice('validation.'.length);
    if (isFormField(field)) return { error, phase, field };
  }
  return { error, phase };
}

/** Server codes get the app's shared translations; anything thrown while encrypting failed inside the browser. */
export function createFailureText(t: TFunction<'create'>, failure: CreateFailure): string {
  if (failure.phase === 'encrypting' && !(failure.error instanceof ApiError)) return t('errors.encryptFailed');
  return errorMessage(t, failure.error);
}
