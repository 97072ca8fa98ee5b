import i18next from 'i18next';
import { expect, it } from 'vitest';
import common from '../../../public/locales/en/common.json';
import { ERROR_MESSAGES } from '../../shared/errors';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';

function lookup(path: string[]): unknown {
  return path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], common);
}

it('every error code the server can answer with has an English text the page can show', () => {
  const missing = Object.keys(ERROR_MESSAGES).filter((code) => {
    const parts = code.split('.');
    return typeof lookup(['apiErrors', ...parts]) !== 'string';
  });
  expect(missing).toEqual([]);
});

it('a validation error for any field has a fallback naming the field', () => {
  expect(lookup(['apiErrors', 'validation', 'invalid'])).toContain('{{field}}');
});

it('a throttled sign-in says when to try again, from the wait the server gave', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { common } }, interpolation: { escapeValue: false } });
  const throttled = (retryAfterSeconds: number) =>
    errorMessage(i18n.t, new ApiError(429, 'auth.too_many_attempts', 'Too many', { retryAfterSeconds }));
  expect(throttled(1)).toBe('Too many failed sign-ins for this account from here. Try again in 1 second.');
  expect(throttled(900)).toBe('Too many failed sign-ins for this account from here. Try again in 15 minutes.');
});
