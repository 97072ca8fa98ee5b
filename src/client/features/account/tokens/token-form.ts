/** Lifetimes offered for a new token, in days; null is "never expires". The server takes 1 to 3650. */
export const TOKEN_EXPIRY_CHOICES = [null, 7, 30, 90, 365] as const;
export const TOKEN_NAME_MAX = 64;

export function tokenNameError(name: string): string | undefined {
  const value = name.trim();
  if (value === '') return 'validation.tokenNameRequired';
  if (value.length > TOKEN_NAME_MAX) return 'validation.tokenNameLength';
  return undefined;
}
