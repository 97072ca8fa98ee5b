import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The translated text for a failed call. Server codes map to `apiErrors.<code>` in common.json (a test checks
 * every code has one); `validation.<field>` falls back to a message naming the field.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'server.error';
  if (code.startsWith('validation.')) {
    const field = code.slice('validation.'.length);
    return t(`apiErrors.validation.${field}`, {
      ns: 'common',
      field,
      defaultValue: t('apiErrors.validation.invalid', { ns: 'common', field }),
    });
  }
  return t(`apiErrors.${code}`, { ns: 'common', defaultValue: t('apiErrors.server.error', { ns: 'common' }) });
}
