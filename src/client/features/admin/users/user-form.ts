import type { Role } from '../../../../shared/api/auth.contract';
import { emailError, passwordError, usernameError, type FieldErrors } from '../../auth/credentials';

/** Spec §3/§9: the roles an admin can give, the default first. */
export const ROLES = ['user', 'creator', 'admin'] as const satisfies readonly Role[];
export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Users per page: the server's default `take` (USERS_PAGE in shared/api/admin.contract.ts). */
export const USERS_PAGE_SIZE = 20;
const MAX_SKIP = 1_000_000;

export type NewUserField = 'username' | 'email' | 'password' | 'role';
export type EditUserField = 'email' | 'role';

/** Spec §5 admin create: username, password and email required, with the sign-up rules the server applies too. */
export function validateNewUser(values: Record<NewUserField, string>): FieldErrors<NewUserField> {
  return clean({
    username: usernameError(values.username),
    email: emailError(values.email),
    password: passwordError(values.password),
    role: isRole(values.role) ? undefined : 'validation.role',
  });
}

export function validateUserEdit(values: Record<EditUserField, string>): FieldErrors<EditUserField> {
  return clean({ email: emailError(values.email), role: isRole(values.role) ? undefined : 'validation.role' });
}

/** `?skip=` as a page start: a whole number within the server's range, else the first page. */
export function parseSkip(value: string | null): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 0;
  return Math.min(Number(value), MAX_SKIP);
}

/** Where the page holding the user at `index` (0-based, oldest first) starts. */
export const pageStart = (index: number) => Math.floor(index / USERS_PAGE_SIZE) * USERS_PAGE_SIZE;

function clean<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, value]) => value)) as FieldErrors<F>;
}
