import { ApiError } from '../../lib/api-client';

/**
 * The form field a server refusal is about: its `field` (auth.username_taken, auth.current_password_invalid) or
 * the field of a `validation.<field>` code. Null when the refusal is about the whole form.
 */
export function errorField(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (typeof error.body.field === 'string') return error.body.field;
  return error.code.startsWith('validation.') ? error.code.slice('validation.'.length) : null;
}

/** The translated text of a 403 result (spec §7 gives status and message; the code picks the translation). */
export const refusalText = (
  t: (key: string, options: { ns: string; defaultValue: string }) => string,
  refusal: { code: string; message: string },
) => t(`apiErrors.${refusal.code}`, { ns: 'common', defaultValue: refusal.message });

/** Where to go after signing in: a path inside this app from `?next=`, never another site or an auth page. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/account';
  if (/^\/(signin|signup|signout|setup)(?:[/?#]|$)/.test(next)) return '/account';
  return next;
}
