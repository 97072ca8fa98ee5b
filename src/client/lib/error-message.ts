import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { formatRelativeTime } from './relative-time';

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
  return t(`apiErrors.${code}`, {
    ns: 'common',
    when: retryWhen(error),
    defaultValue: t('apiErrors.server.error', { ns: 'common' }),
  });
}

/** The language the page is shown in (lib/i18n.ts keeps `<html lang>` on it); English outside a page. */
const pageLanguage = () => (typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en');

/** "in 8 seconds", "in 15 minutes": when a refused call may be tried again, in the page's language. */
function retryWhen(error: unknown): string {
  const seconds = error instanceof ApiError ? error.details.retryAfterSeconds : undefined;
  const wait = typeof seconds === 'number' && seconds > 0 ? seconds : 60;
  const now = new Date();
  return formatRelativeTime(new Date(now.getTime() + wait * 1000), now, pageLanguage());
}
