import type { FieldErrors } from '../../../lib/field-errors';
import { emailError, passwordError } from '../../auth';
import type { AccountUpdate } from '../api/account.types';

export type ProfileField = 'email' | 'newPassword' | 'confirmNewPassword' | 'currentPassword';
export type ProfileValues = Record<ProfileField, string>;

/**
 * Spec §5 account update: the current password always; the confirmation when a new password is given. The email
 * domain rule applies only to a changed address (an unchanged one was accepted before the rule, perhaps).
 */
export function validateProfile(
  values: ProfileValues,
  currentEmail: string,
  domain: string,
): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {};
  const email = values.email.trim();
  const emailProblem = email === currentEmail ? undefined : emailError(email, domain);
  if (emailProblem) errors.email = emailProblem;
  if (values.newPassword !== '') {
    const problem = passwordError(values.newPassword);
    if (problem) errors.newPassword = problem;
    if (values.confirmNewPassword === '') errors.confirmNewPassword = 'validation.confirmRequired';
    else if (values.confirmNewPassword !== values.newPassword) errors.confirmNewPassword = 'validation.confirmMismatch';
  }
  if (values.currentPassword === '') errors.currentPassword = 'validation.currentPasswordRequired';
  return errors;
}

/** The update to send: only what changed, or null when nothing did. */
export function profileUpdate(values: ProfileValues, currentEmail: string): AccountUpdate | null {
  const email = values.email.trim();
  const body: AccountUpdate = { currentPassword: values.currentPassword };
  if (email !== currentEmail) body.email = email;
  if (values.newPassword !== '') {
    body.newPassword = values.newPassword;
    body.confirmNewPassword = values.confirmNewPassword;
  }
  return body.email === undefined && body.newPassword === undefined ? null : body;
}
