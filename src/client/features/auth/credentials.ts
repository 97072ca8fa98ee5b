import { charCount, EMAIL_SHAPE, emailInDomain, PASSWORD, USERNAME } from '../../../shared/rules/account';
import { fieldErrors, type FieldErrors } from '../../lib/field-errors';

// Spec §5 checks made before sending, with the rules the server applies (shared/rules/account.ts).

/** Values for every validation text's placeholders. */
export const RULE_VALUES = {
  usernameMin: USERNAME.min,
  usernameMax: USERNAME.max,
  passwordMin: PASSWORD.min,
  passwordMax: PASSWORD.max,
};

export function usernameError(username: string): string | undefined {
  const length = charCount(username);
  if (length < USERNAME.min || length > USERNAME.max) {
    return 'validation.usernameLength';
  }
  if (!USERNAME.pattern.test(username)) return 'validation.usernameChars';
  return undefined;
}

export function passwordError(password: string): string | undefined {
  // Counted as the server counts (code points), so both agree on every password.
  const length = charCount(password);
  if (length < PASSWORD.min || length > PASSWORD.max) return 'validation.passwordLength';
  return undefined;
}

export function emailError(email: string, domain = ''): string | undefined {
  const value = email.trim();
  if (value === '') return 'validation.emailRequired';
  if (!EMAIL_SHAPE.test(value)) return 'validation.emailInvalid';
  if (!emailInDomain(value, domain)) return 'validation.emailDomain';
  return undefined;
}

export type SignupField = 'email' | 'username' | 'password';
export interface SignupValues {
  email: string;
  username: string;
  password: string;
}

export function validateSignup(values: SignupValues, domain = ''): FieldErrors<SignupField> {
  return fieldErrors({
    email: emailError(values.email, domain),
    username: usernameError(values.username),
    password: passwordError(values.password),
  });
}

export type SigninField = 'username' | 'password';

/** Sign-in checks presence only: the server answers the same for any wrong pair. */
export function validateSignin(values: { username: string; password: string }): FieldErrors<SigninField> {
  return fieldErrors({
    username: values.username.trim() === '' ? 'validation.loginRequired' : undefined,
    password: values.password === '' ? 'validation.passwordRequired' : undefined,
  });
}
