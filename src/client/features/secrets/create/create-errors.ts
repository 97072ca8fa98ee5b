import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { FileChangedError, type SubmitPhase } from '../model';
import { isFormField, type FormField } from './create-form';

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
  const { error, phase } = failure;
  if (error instanceof FileChangedError) return t('upload.fileChanged', { index: error.fileIndex + 1 });
  if (phase === 'encrypting' && !(error instanceof ApiError)) return t('errors.encryptFailed');
  // Reading or encrypting a file failed in the browser (it was moved, changed or became unreadable).
  if (phase === 'uploading' && !(error instanceof ApiError)) return t('upload.readFailed');
  return errorMessage(t, error);
}
