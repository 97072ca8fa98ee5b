import { isRole, USERS_PAGE } from '../../../../shared/rules/account';
import { fieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { emailError, passwordError, usernameError } from '../../auth';

/** Users per page: the server's default `take`. */
export const USERS_PAGE_SIZE = USERS_PAGE.defaultTake;

export type NewUserField = 'username' | 'email' | 'password' | 'role';
export type EditUserField = 'email' | 'role';

/** Spec §5 admin create: username, password and email required, with the sign-up rules the server applies too. */
export function validateNewUser(values: Record<NewUserField, string>): FieldErrors<NewUserField> {
  return fieldErrors({
    username: usernameError(values.username),
    email: emailError(values.email),
    password: passwordError(values.password),
    role: isRole(values.role) ? undefined : 'validation.role',
  });
}

export function validateUserEdit(values: Record<EditUserField, string>): FieldErrors<EditUserField> {
  return fieldErrors({ email: emailError(values.email), role: isRole(values.role) ? undefined : 'validation.role' });
}

/** `?skip=` as a page start: a whole number within the server's range, else the first page. */
export function parseSkip(value: string | null): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 0;
  return Math.min(Number(value), USERS_PAGE.maxSkip);
}

/** Where the page holding the user at `index` (0-based, oldest first) starts. */
export const pageStart = (index: number) => Math.floor(index / USERS_PAGE_SIZE) * USERS_PAGE_SIZE;
