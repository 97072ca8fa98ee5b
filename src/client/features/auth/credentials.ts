/**
 * Spec §5 checks made before sending. The limits mirror `USERNAME` and `PASSWORD` in shared/api/auth.contract.ts,
 * which the page cannot import without bundling zod; credentials.test.ts fails if the two drift apart.
 */
export const USERNAME_RULES = { min: 4, max: 20, pattern: /^[A-Za-z0-9._-]+$/ } as const;
export const PASSWORD_RULES = { min: 5, max: 50 } as const;

/** Field → translation key (namespace `account`); a field without an entry is fine. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Values for every validation text's placeholders. */
export const RULE_VALUES = {
  usernameMin: USERNAME_RULES.min,
  usernameMax: USERNAME_RULES.max,
  passwordMin: PASSWORD_RULES.min,
  passwordMax: PASSWORD_RULES.max,
};

export function usernameError(username: string): string | undefined {
  if (username.length < USERNAME_RULES.min || username.length > USERNAME_RULES.max) {
    return 'validation.usernameLength';
  }
  if (!USERNAME_RULES.pattern.test(username)) return 'validation.usernameChars';
  return undefined;
}

export function passwordError(password: string): string | undefined {
  // Counted as the server counts (UTF-16 units), so both agree on every password.
  if (password.length < PASSWORD_RULES.min || password.length > PASSWORD_RULES.max) return 'validation.passwordLength';
  return undefined;
}

/** The domain from `restrict_organization_email` ("example.com" or "@example.com"), or '' for none. */
export const allowedDomain = (restriction: string) => restriction.trim().replace(/^@/, '').toLowerCase();

export function emailError(email: string, domain = ''): string | undefined {
  const value = email.trim();
  if (value === '') return 'validation.emailRequired';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'validation.emailInvalid';
  if (domain && !value.toLowerCase().endsWith(`@${domain}`)) return 'validation.emailDomain';
  return undefined;
}

export type SignupField = 'email' | 'username' | 'password';
export interface SignupValues {
  email: string;
  username: string;
  password: string;
}

export function validateSignup(values: SignupValues, domain = ''): FieldErrors<SignupField> {
  return clean({
    email: emailError(values.email, domain),
    username: usernameError(values.username),
    password: passwordError(values.password),
  });
}

export type SigninField = 'username' | 'password';

/** Sign-in checks presence only: the server answers the same for any wrong pair. */
export function validateSignin(values: { username: string; password: string }): FieldErrors<SigninField> {
  return clean({
    username: values.username.trim() === '' ? 'validation.loginRequired' : undefined,
    password: values.password === '' ? 'validation.passwordRequired' : undefined,
  });
}

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

function clean<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, value]) => value)) as FieldErrors<F>;
}
